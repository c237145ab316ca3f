/**
 * Where the app's "logged" errors go. It writes to the console today; error reporting will hook
 * in here, so call sites never talk to the console or a reporting SDK directly.
 */
export const logger = {
  error(message: string, ...details: unknown[]): void {
    console.error(message, ...details)
  },
  warn(message: string, ...details: unknown[]): void {
    console.warn(message, ...details)
  },
}
