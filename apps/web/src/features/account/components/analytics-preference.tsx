import { useId, useState } from 'react'
import {
  analyticsAvailable,
  browserRefusesTracking,
  isAnalyticsOptedOut,
  setAnalyticsOptOut,
} from '@/lib/analytics'

/**
 * The device's analytics choice (issue 22, item 6): a switch, applied at once and kept in this
 * browser. Do Not Track or Global Privacy Control turns analytics off whatever the switch says.
 */
export function AnalyticsPreference() {
  const id = useId()
  const [optedOut, setOptedOut] = useState(isAnalyticsOptedOut)
  const refused = browserRefusesTracking()
  const available = analyticsAvailable()

  function handleChange(share: boolean) {
    setAnalyticsOptOut(!share)
    setOptedOut(!share)
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="size-5 accent-primary"
          checked={!optedOut && !refused}
          disabled={refused}
          aria-describedby={`${id}-note`}
          onChange={(event) => handleChange(event.target.checked)}
        />
        <label htmlFor={id} className="text-sm font-medium">
          Share usage analytics from this device
        </label>
      </div>
      <p id={`${id}-note`} className="text-sm text-muted-foreground text-pretty">
        {refused
          ? 'Your browser asks sites not to track you, so nothing is sent.'
          : !available
            ? 'This copy of the app sends no usage analytics; your choice is kept for when it does.'
            : optedOut
              ? 'Off: nothing about your use of the app is sent from this device.'
              : 'Which pages you open and what you click, never what you type. Turning it off applies at once.'}
      </p>
    </div>
  )
}
