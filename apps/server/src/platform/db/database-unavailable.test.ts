import { describe, expect, it } from 'vitest'
import { databaseUnavailable } from './database-unavailable.ts'

/** What node-postgres and PostgreSQL throw, by shape (the outage test meets the real ones). */
const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })

describe('databaseUnavailable', () => {
  it('names a database that cannot be reached', () => {
    expect(databaseUnavailable(withCode('ECONNREFUSED'))).toBe('unreachable')
    expect(databaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(
      'unreachable',
    )
    expect(databaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(
      'unreachable',
    )
    expect(databaseUnavailable(withCode('53300', 'sorry, too many clients already'))).toBe(
      'unreachable',
    )
    expect(
      databaseUnavailable(
        withCode('55000', 'database "jobsearch" is not currently accepting connections'),
      ),
    ).toBe('unreachable')
    // The Unix socket of a PostgreSQL that exited and has not started again.
    const noSocket = Object.assign(withCode('ENOENT'), { syscall: 'connect' })
    expect(databaseUnavailable(noSocket)).toBe('unreachable')
    // localhost resolving to two addresses, both refused.
    const both = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '')
    expect(databaseUnavailable(both)).toBe('unreachable')
  })

  it('names a connection lost while in use', () => {
    expect(
      databaseUnavailable(withCode('57P01', 'terminating connection due to administrator command')),
    ).toBe('connection_lost')
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(
      'connection_lost',
    )
    expect(databaseUnavailable(withCode('ECONNRESET'))).toBe('connection_lost')
    expect(databaseUnavailable(withCode('08006'))).toBe('connection_lost')
  })

  it('leaves every other failure alone, another service’s refused connection included', () => {
    expect(databaseUnavailable(withCode('23505', 'duplicate key value'))).toBeNull()
    expect(databaseUnavailable(withCode('55000', 'cannot refresh a view concurrently'))).toBeNull()
    expect(
      databaseUnavailable(withCode('57014', 'canceling statement due to statement timeout')),
    ).toBeNull()
    expect(
      databaseUnavailable(new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') })),
    ).toBeNull()
    expect(databaseUnavailable(new Error('Connection terminated by the LLM'))).toBeNull()
    // A missing file that is not a socket being connected to.
    expect(databaseUnavailable(Object.assign(withCode('ENOENT'), { syscall: 'open' }))).toBeNull()
    expect(databaseUnavailable(null)).toBeNull()
    expect(databaseUnavailable('ECONNREFUSED')).toBeNull()
  })
})
