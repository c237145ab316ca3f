/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium), captured as soon as
 * the app loads and shown later from a card of our own: never on first paint, only inside the
 * app (after onboarding) once the person has opened a second screen, and never again once
 * dismissed (remembered in localStorage) or installed.
 */
import { useSyncExternalStore } from 'react'

type InstallPromptEvent = Event & {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

const DISMISSED_KEY = 'install-card-dismissed'
/** Screens the person has opened this visit; the card waits for the second. */
let screensOpened = 0
let offer: InstallPromptEvent | null = null
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((listener) => listener())

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    offer = event as InstallPromptEvent
    notify()
  })
  window.addEventListener('appinstalled', () => {
    offer = null
    notify()
  })
}

/** Called on every resolved navigation. */
export function noteScreenOpened(): void {
  screensOpened += 1
  if (screensOpened === 2) notify()
}

function isDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === 'yes'
  } catch {
    return false
  }
}

export function dismissInstallOffer(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, 'yes')
  } catch {
    // Private mode: dismissed for this visit only.
  }
  offer = null
  notify()
}

/** Opens the browser's install dialog; the offer is spent either way. */
export async function acceptInstallOffer(): Promise<void> {
  const current = offer
  offer = null
  notify()
  if (!current) return
  await current.prompt()
  await current.userChoice
}

export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => offer !== null && screensOpened >= 2 && !isDismissed(),
  )
}
