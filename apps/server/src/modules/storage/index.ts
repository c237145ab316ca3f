export { createLocalByteStore, type ByteStore } from './byte-store.ts'
export { registerStorageRoutes } from './storage.routes.ts'
