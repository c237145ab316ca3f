export { createLocalByteStore, type ByteStore } from './byte-store.ts'
export { registerStorageRoutes } from './storage.routes.ts'
export { listUserObjects, lockObjectRow, type UserObject } from './objects.repository.ts'
export { deleteUserFileRows, removeDeletedUserFiles } from './user-files.ts'
