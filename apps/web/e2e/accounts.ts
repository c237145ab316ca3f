/**
 * Arranging and inspecting accounts for the browser tests, against the stack's real Auth
 * service (through supabase-js, as any client would) and its development mailbox.
 */
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { fetchAppConfig } from './support.ts'

/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`
}

/** A supabase-js client of the stack that keeps its session in memory only. */
export async function authClient(appUrl: string): Promise<SupabaseClient> {
  const config = await fetchAppConfig(appUrl)
  return createClient(config.PUBLIC_SUPABASE_URL ?? appUrl, config.PUBLIC_SUPABASE_ANON_KEY ?? '', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
}

/** A confirmed email account (the stack confirms sign-ups at once, its local default). */
export async function createAccount(appUrl: string, email: string, password: string) {
  const client = await authClient(appUrl)
  const { data, error } = await client.auth.signUp({ email, password })
  if (error || !data.session) {
    throw new Error(`Could not create ${email}: ${error?.message ?? 'no session'}`)
  }
  return data.user
}

export type MailboxMessage = {
  id: string
  to: string
  subject: string
  template: string
  links: string[]
  created_at: string
}

/** The newest email of `template` to `to`, waiting for it to be queued (up to 10 s). */
export async function waitForEmail(
  appUrl: string,
  { to, template }: { to: string; template: string },
): Promise<MailboxMessage> {
  const url = new URL('/dev/mailbox/messages.json', appUrl)
  url.searchParams.set('to', to)
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(url)
    if (response.ok) {
      const messages = (await response.json()) as MailboxMessage[]
      const message = messages.find((candidate) => candidate.template === template)
      if (message) {
        return message
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No ${template} email to ${to} in the mailbox`)
}

/**
 * Opens the message in the development mailbox and clicks its auth link, as a person reading
 * the email would. Resolves once the browser has left the mailbox.
 */
export async function clickAuthLinkInEmail(page: Page, message: MailboxMessage): Promise<void> {
  // The mailbox page names no icon, and the browser's guess would log a 404 on the page.
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }))
  await page.goto(`/dev/mailbox/${message.id}`)
  await page.locator('a[href*="/auth/v1/verify"]').first().click()
  await page.waitForURL((url) => !url.pathname.startsWith('/dev/mailbox'))
}

/**
 * Every address the page's main frame has shown from now on, including same-document changes
 * (history.replaceState): what a link landed on, even after the page took its tokens out.
 */
export function recordAddresses(page: Page): string[] {
  const addresses: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) {
      addresses.push(frame.url())
    }
  })
  return addresses
}

/** The first recorded address on `pathname`, hash included. */
export function landingAddress(addresses: string[], pathname: string): URL {
  const found = addresses
    .map((address) => new URL(address))
    .find((url) => url.pathname === pathname)
  if (!found) {
    throw new Error(`The page never showed ${pathname}; it showed ${addresses.join(', ')}`)
  }
  return found
}

/** Waits until the address bar holds no credential: pages take a link's tokens out (issue 12). */
export async function expectNoTokensInAddress(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => window.location.href), { timeout: 5_000 })
    .not.toMatch(/[#&?](access_token|refresh_token|provider_token)=/)
}

/** The user id of the session this browser's app holds, read from auth-js's storage. */
export function storedSessionUserId(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index)
      if (key?.startsWith('sb-') && key.endsWith('-auth-token')) {
        const session = JSON.parse(localStorage.getItem(key) ?? 'null') as {
          user?: { id?: string }
        } | null
        return session?.user?.id ?? null
      }
    }
    return null
  })
}

/** "Continue as guest" on /sign-in, as a visitor would: the guest's user id, once stored. */
export async function continueAsGuest(page: Page): Promise<string> {
  await page.goto('/sign-in')
  await page.getByRole('button', { name: 'Continue as guest' }).click()
  await page.waitForURL((url) => url.pathname !== '/sign-in')
  const userId = await storedSessionUserId(page)
  if (!userId) {
    throw new Error('the guest session was not stored')
  }
  return userId
}
