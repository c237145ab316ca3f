import type { PushKind } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { BellOff, BellRing, LoaderCircle } from 'lucide-react'
import { useId, useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import {
  pushKeys,
  pushSettingsQueryOptions,
  readDeviceState,
  savePushPreferences,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../api/push'

const KINDS: { kind: PushKind; title: string; description: string }[] = [
  {
    kind: 'jobAlerts',
    title: 'Job alerts',
    description: 'New jobs matching a saved search (the daily email too).',
  },
  {
    kind: 'followUpReminders',
    title: 'Follow-up reminders',
    description: 'When an application has been quiet for a while.',
  },
  {
    kind: 'interviewTomorrow',
    title: 'Interview tomorrow',
    description: 'The day before a scheduled interview.',
  },
  {
    kind: 'analysisVideoReady',
    title: 'Analysis video ready',
    description: 'When your resume review video has been made.',
  },
]

/**
 * Notifications (issue 19): this device on or off (the browser's permission and a push
 * subscription registered with the server), then a switch per kind, for every device. Emails
 * are sent either way.
 */
export function NotificationSettings() {
  const settings = useQuery(pushSettingsQueryOptions())
  const device = useQuery({ queryKey: ['push', 'device'], queryFn: readDeviceState })
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)

  const toggleDevice = useMutation({
    mutationFn: async (on: boolean) => {
      setFailure(null)
      if (on) {
        await subscribeThisDevice(settings.data?.vapidPublicKey ?? '')
      } else {
        await unsubscribeThisDevice()
      }
    },
    onError: (error) => setFailure(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.settings }),
  })

  const save = useMutation({
    mutationFn: savePushPreferences,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: pushKeys.settings, exact: true })
      const previous = settings.data
      if (previous) {
        queryClient.setQueryData(pushKeys.settings, {
          ...previous,
          preferences: { ...previous.preferences, ...changes },
        })
      }
      return previous
    },
    onError: (error, _changes, previous) => {
      if (previous) queryClient.setQueryData(pushKeys.settings, previous)
      setFailure(`We couldn't save that: ${error.message}`)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.settings }),
  })

  if (settings.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary" />
        Loading your notification settings…
      </p>
    )
  }
  if (settings.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormAlert
          message={`We couldn't load your notification settings: ${settings.error.message}`}
        />
        <Button variant="outline" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    )
  }

  const state = device.data ?? { kind: 'off' as const }
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {state.kind === 'on'
            ? 'This device gets notifications.'
            : state.kind === 'denied'
              ? 'Notifications are blocked for this site in your browser settings.'
              : state.kind === 'unsupported'
                ? 'This browser cannot get notifications here. Install the app, or open it in Chrome, Edge, Firefox or Safari.'
                : 'This device does not get notifications yet.'}{' '}
          {settings.data.devices > 0 &&
            `${settings.data.devices} ${settings.data.devices === 1 ? 'device is' : 'devices are'} on for your account.`}
        </p>
        {(state.kind === 'on' || state.kind === 'off') && (
          <div>
            <Button
              variant={state.kind === 'on' ? 'outline' : 'default'}
              disabled={toggleDevice.isPending}
              onClick={() => toggleDevice.mutate(state.kind !== 'on')}
            >
              {state.kind === 'on' ? (
                <BellOff aria-hidden="true" />
              ) : (
                <BellRing aria-hidden="true" />
              )}
              {state.kind === 'on'
                ? 'Turn off on this device'
                : 'Turn on notifications on this device'}
            </Button>
          </div>
        )}
        <FormAlert message={failure} />
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-2 text-sm font-semibold">Notify me about</legend>
        {KINDS.map(({ kind, title, description }) => (
          <KindSwitch
            key={kind}
            title={title}
            description={description}
            checked={settings.data.preferences[kind]}
            onChange={(checked) => save.mutate({ [kind]: checked })}
          />
        ))}
      </fieldset>
    </div>
  )
}

function KindSwitch({
  title,
  description,
  checked,
  onChange,
}: {
  title: string
  description: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg py-2">
      <label htmlFor={id} className="flex flex-col">
        <span className="font-medium">{title}</span>
        <span id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </span>
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-description`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
    </div>
  )
}
