import { describe, expect, it } from 'vitest'
import { errorReportingEnabled, isRealDsn } from './error-reporting'

describe('when the web app reports errors', () => {
  const dsn = 'https://abc123@o1.ingest.sentry.io/42'

  it('only in staging and production, with a DSN that is not the local placeholder', () => {
    const config = { PUBLIC_APP_VERSION: '0.2.9', PUBLIC_ERROR_REPORTING_DSN: dsn }
    expect(errorReportingEnabled({ ...config, PUBLIC_APP_ENV: 'production' })).toBe(true)
    expect(errorReportingEnabled({ ...config, PUBLIC_APP_ENV: 'staging' })).toBe(true)
    expect(errorReportingEnabled({ ...config, PUBLIC_APP_ENV: 'development' })).toBe(false)
  })

  it('never with the placeholder the server hands development installs', () => {
    expect(isRealDsn(dsn)).toBe(true)
    expect(isRealDsn('http://local@127.0.0.1:3000/0')).toBe(false)
    expect(isRealDsn('not a url')).toBe(false)
    expect(isRealDsn('https://o1.ingest.sentry.io/42')).toBe(false)
  })
})
