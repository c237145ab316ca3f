/**
 * The time source every service reads instead of `new Date()`, so tests can move time forward
 * (credit periods, token expiry, job expiry). The wiring builds one clock per app and hands it
 * to every module.
 */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()
