import { LINKEDIN_PROFILE_URL } from '@app/contracts'

/**
 * A LinkedIn profile address as the server accepts it (`LINKEDIN_PROFILE_URL`:
 * https://(www.|<country>.)linkedin.com/in/<slug>). What a person pastes often lacks the
 * `https://`; it is added. Returns the address, or a message saying what is wrong.
 */
export function checkLinkedinUrl(
  input: string,
): { ok: true; url: string } | { ok: false; message: string } {
  const trimmed = input.trim()
  if (trimmed === '') {
    return { ok: false, message: 'Paste the address of your LinkedIn profile.' }
  }
  const url = /^[a-z]+:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
  if (!LINKEDIN_PROFILE_URL.test(url)) {
    return {
      ok: false,
      message:
        'That is not a LinkedIn profile address. It looks like https://www.linkedin.com/in/your-name',
    }
  }
  return { ok: true, url }
}
