/** "Senior Engineer at Northwind": how an application's job is named in labels and messages. */
export function jobName({
  title,
  company,
}: {
  title: string | null
  company: string | null
}): string {
  const what = title ?? 'a job that is no longer listed'
  return company ? `${what} at ${company}` : what
}

/**
 * The listing's address when it is a web address (http or https) and nothing else: it comes
 * from job feeds, and a `javascript:` URL must never become a link.
 */
export function safeListingUrl(value: string | null): string | null {
  if (!value) {
    return null
  }
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}
