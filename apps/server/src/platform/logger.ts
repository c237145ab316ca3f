import pino, { type Logger } from 'pino'

export type { Logger }

/**
 * The one logger of the process. JSON lines by default (what log collectors want); readable
 * lines when a developer watches a terminal.
 */
export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
    level: options.level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.apikey', 'req.headers["x-refresh-token"]'],
      censor: '[redacted]',
    },
    ...(options.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' },
          },
        }
      : {}),
  })
}
