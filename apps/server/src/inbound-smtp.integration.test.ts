import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../../../test/free-port.ts'
import { readConfig } from './platform/config.ts'
import { startServer } from './server.ts'

/** The first line an SMTP server says on a new connection (or the connection error). */
function greeting(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('data', (data) => {
      socket.end('QUIT\r\n')
      resolve(data.toString('utf8'))
    })
    socket.once('error', reject)
  })
}

/** server.ts starts the inbound SMTP receiver when INBOUND_SMTP_PORT is set, and stops it. */
describe('the inbound SMTP receiver in the running server', () => {
  let dataDir: string

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'inbound-smtp-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('listens on INBOUND_SMTP_PORT while the server runs', async () => {
    const smtpPort = await findFreePort()
    const server = await startServer(
      readConfig({
        DATA_DIR: dataDir,
        PORT: String(await findFreePort()),
        MARKETING_PORT: String(await findFreePort()),
        EMBEDDED_POSTGRES_PORT: String(await findFreePort()),
        INBOUND_SMTP_PORT: String(smtpPort),
        SEED_DEMO_DATA: 'false',
      }),
      pino({ level: 'silent' }),
    )
    try {
      expect(await greeting(smtpPort)).toMatch(/^220 /)
    } finally {
      await server.close()
    }
    await expect(greeting(smtpPort)).rejects.toThrow()
  })
})
