import { INTERVIEW_ANSWER_LIMITS, type Interview } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Keyboard, Mic, MicOff, Repeat2, SkipForward, StepForward } from 'lucide-react'
import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { TextAreaField } from '@/components/text-area-field'
import { Button } from '@/components/ui/button'
import {
  answerTyped,
  answerVoice,
  fetchQuestionAudio,
  finishInterview,
  interviewKeys,
  skipQuestion,
} from '../api/interviews'
import { describeInterviewError } from '../lib/describe-error'
import { formatSeconds } from '../lib/pace'
import {
  canRecord,
  type LiveTranscript,
  MicrophoneError,
  type Microphone,
  openMicrophone,
  type Recording,
  startLiveTranscript,
  startRecording,
  synthesisVoice,
} from '../lib/recorder'
import {
  initialRoom,
  type MicProblem,
  type PendingAnswer,
  type RoomState,
  roomReducer,
} from '../lib/room-machine'

const MIC_HELP: Record<MicProblem, string> = {
  denied:
    'Your browser blocked the microphone. To answer aloud, open the site settings (the icon at the left of the address bar), set Microphone to Allow, and reload the page. Until then, type your answers below: you still get feedback on their content.',
  missing:
    'We couldn’t find a microphone. Plug one in (or check it isn’t used by another app) and reload the page, or type your answers below.',
  unsupported:
    'This browser can’t record audio here. Type your answers below, or open the page in a recent Chrome, Edge, Firefox or Safari to answer aloud.',
  failed: 'The microphone didn’t start. Reload the page to try again, or type your answers below.',
}

/** The first question without an answer: where a seeker coming back picks up. */
function firstUnanswered(interview: Interview): number {
  const answered = new Set(interview.answers.map((answer) => answer.questionIndex))
  const next = interview.questions.findIndex((question) => !answered.has(question.index))
  return next === -1 ? interview.questions.length : next
}

/**
 * The interview room: one question at a time, read aloud, then answered aloud (recorded, with a
 * timer and a level meter) or typed. Each answer is sent as soon as it is given; after the last
 * one the interview is finished and the page turns into the feedback.
 */
export function InterviewRoom({ interview }: { interview: Interview }) {
  const queryClient = useQueryClient()
  const [state, dispatch] = useReducer(roomReducer, undefined, (): RoomState =>
    initialRoom(interview.questions.length, firstUnanswered(interview), canRecord()),
  )
  const question = interview.questions[state.index]
  const microphone = useRef<Microphone | null>(null)
  const recording = useRef<Recording | null>(null)
  const live = useRef<LiveTranscript | null>(null)
  const audio = useRef<HTMLAudioElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const [startedAt, setStartedAt] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const [level, setLevel] = useState(0)
  const [typed, setTyped] = useState('')
  const [typedError, setTypedError] = useState<string | null>(null)

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: interviewKeys.detail(interview.id) }),
    [queryClient, interview.id],
  )

  // The microphone is asked for once, when the first question is asked.
  const ensureMicrophone = useCallback(async (): Promise<Microphone | null> => {
    if (microphone.current) return microphone.current
    try {
      microphone.current = await openMicrophone()
      return microphone.current
    } catch (error) {
      dispatch({
        type: 'mic-failed',
        problem: error instanceof MicrophoneError ? error.problem : 'failed',
      })
      return null
    }
  }, [])

  // Chrome loads its voices on first asking: ask now, so they are there when the first question is.
  useEffect(() => {
    if (typeof speechSynthesis !== 'undefined') speechSynthesis.getVoices()
  }, [])

  // The microphone is let go when the room closes (the interview finished, or the seeker left).
  useEffect(
    () => () => {
      microphone.current?.close()
      microphone.current = null
    },
    [],
  )

  // Asking: the question read aloud, by the browser's voice or the server's.
  useEffect(() => {
    if (state.phase !== 'asking' || !question) return
    let done = false
    let objectUrl: string | null = null
    const player = audio.current
    const read = () => {
      if (!done) {
        done = true
        dispatch({ type: 'question-read' })
      }
    }
    void ensureMicrophone()
    const voice = synthesisVoice()
    // A voice that never says it ended must not hold the room: the longest a question takes.
    const fallback = window.setTimeout(read, 4000 + question.text.split(/\s+/).length * 600)
    if (voice) {
      const utterance = new SpeechSynthesisUtterance(question.text)
      utterance.voice = voice
      utterance.lang = voice.lang
      utterance.onend = read
      utterance.onerror = read
      speechSynthesis.cancel()
      speechSynthesis.speak(utterance)
    } else {
      fetchQuestionAudio(interview.id, question.index)
        .then((url) => {
          objectUrl = url
          if (done || !player) return
          player.src = url
          player.onended = read
          player.onerror = read
          return player.play()
        })
        .catch(read)
    }
    return () => {
      done = true
      window.clearTimeout(fallback)
      if (voice) speechSynthesis.cancel()
      if (player && objectUrl) {
        player.onended = null
        player.onerror = null
        player.pause()
      }
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [state.phase, state.asked, question, interview.id, ensureMicrophone])

  // Recording: the recorder, the browser's live transcript, the timer and the level meter.
  useEffect(() => {
    if (state.phase !== 'recording') return
    let stopped = false
    void ensureMicrophone().then((mic) => {
      if (!mic || stopped) return
      recording.current = startRecording(mic.stream)
      live.current = startLiveTranscript()
      setStartedAt(Date.now())
    })
    const tick = window.setInterval(() => {
      setNow(Date.now())
      setLevel(microphone.current?.level() ?? 0)
    }, 200)
    return () => {
      stopped = true
      window.clearInterval(tick)
      recording.current?.cancel()
      recording.current = null
      live.current?.stop()
      live.current = null
      setStartedAt(null)
      setLevel(0)
    }
  }, [state.phase, ensureMicrophone])

  // Each new question takes the focus, so screen readers read it and Tab starts from it.
  useEffect(() => {
    if (state.phase === 'asking' || state.phase === 'typing') heading.current?.focus()
  }, [state.index, state.phase])

  // An answer being recorded or not yet sent would be lost with the tab: the browser asks first.
  const unsent =
    state.phase === 'recording' || state.phase === 'uploading' || state.phase === 'upload-failed'
  useEffect(() => {
    if (!unsent) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unsent])

  const finish = useCallback(async () => {
    try {
      await finishInterview(interview.id)
      await refresh()
    } catch (error) {
      dispatch({ type: 'finish-failed', message: describeInterviewError(error) })
    }
  }, [interview.id, refresh])

  const upload = useCallback(
    async (index: number, answer: PendingAnswer) => {
      try {
        if (answer.kind === 'voice') {
          await answerVoice(interview.id, index, answer)
        } else if (answer.kind === 'typed') {
          await answerTyped(interview.id, index, answer.text)
        } else {
          await skipQuestion(interview.id, index)
        }
      } catch (error) {
        dispatch({ type: 'upload-failed', message: describeInterviewError(error) })
        return
      }
      setTyped('')
      dispatch({ type: 'uploaded' })
      if (index + 1 >= interview.questions.length) {
        await finish()
      }
    },
    [interview.id, interview.questions.length, finish],
  )

  const submit = (answer: PendingAnswer) => {
    dispatch({ type: 'submit', answer })
    void upload(state.index, answer)
  }

  const next = async () => {
    const current = recording.current
    const transcript = live.current?.text() ?? null
    const seconds = startedAt ? (Date.now() - startedAt) / 1000 : 0
    recording.current = null
    if (!current) {
      // Nothing recorded yet (the microphone was still starting): count it as skipped.
      submit({ kind: 'skip' })
      return
    }
    const blob = await current.stop()
    submit({ kind: 'voice', audio: blob, transcript: transcript || null, durationSeconds: seconds })
  }

  const elapsed = startedAt ? Math.max(0, (now - startedAt) / 1000) : 0
  const limitReached = elapsed >= INTERVIEW_ANSWER_LIMITS.maxSeconds
  useEffect(() => {
    if (state.phase === 'recording' && limitReached) void next()
    // `next` reads the current refs: only the limit matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [limitReached, state.phase])

  const count = interview.questions.length
  const busy = state.phase === 'uploading' || state.phase === 'finishing'
  const status = statusText(state)

  if (state.phase === 'finishing' || state.phase === 'finish-failed') {
    return (
      <section aria-labelledby="room-heading" className="flex flex-col gap-4" data-room="finishing">
        <h2 id="room-heading" className="text-lg font-semibold">
          All questions answered
        </h2>
        <p role="status" aria-live="polite" className="text-muted-foreground">
          {state.phase === 'finishing' ? 'Putting your feedback together…' : ''}
        </p>
        <FormAlert message={state.error} />
        {state.phase === 'finish-failed' && (
          <Button
            type="button"
            className="self-start"
            onClick={() => {
              dispatch({ type: 'retry' })
              void finish()
            }}
          >
            Get my feedback
          </Button>
        )}
      </section>
    )
  }

  return (
    <section aria-labelledby="room-heading" className="flex flex-col gap-5" data-room={state.phase}>
      {/* The server's spoken question; its caption is the question text on the page. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audio} className="hidden" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id="room-heading" className="text-sm font-medium text-muted-foreground">
          Question {Math.min(state.index + 1, count)} of {count}
        </p>
        <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {status}
        </p>
      </div>
      <div aria-live="polite" className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        {question && (
          <>
            <h2
              ref={heading}
              tabIndex={-1}
              className="text-xl leading-snug font-semibold text-pretty outline-none sm:text-2xl"
            >
              {question.text}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">{question.reason}</p>
          </>
        )}
      </div>

      {state.micProblem && state.micProblem !== 'unsupported' && state.phase !== 'ready' && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2.5 text-sm"
        >
          <MicOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>{MIC_HELP[state.micProblem]}</p>
        </div>
      )}
      {state.micProblem === 'unsupported' && (
        <p className="text-sm text-pretty text-muted-foreground">{MIC_HELP.unsupported}</p>
      )}

      {state.phase === 'ready' && (
        <div className="flex flex-col gap-3">
          <p className="text-pretty">
            {state.mode === 'voice'
              ? 'Each question is read aloud, then your microphone records your answer. Answer as you would in the room: aim for one to two minutes. Press Next when you’re done.'
              : 'Type your answer to each question. You’ll get feedback on what you said.'}
          </p>
          <Button
            type="button"
            size="lg"
            className="self-start"
            onClick={() => dispatch({ type: 'begin' })}
          >
            <Mic aria-hidden="true" />
            {state.index === 0 ? 'Start the interview' : 'Continue the interview'}
          </Button>
        </div>
      )}

      {(state.phase === 'asking' || state.phase === 'recording') && (
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-4">
            <span
              className="font-mono text-2xl tabular-nums"
              aria-label={`Recording time ${formatSeconds(elapsed)}`}
            >
              {formatSeconds(elapsed)}
            </span>
            <LevelMeter level={level} active={state.phase === 'recording' && startedAt !== null} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              disabled={state.phase !== 'recording'}
              onClick={() => void next()}
            >
              <StepForward aria-hidden="true" />
              Next
            </Button>
            <Button type="button" variant="outline" onClick={() => dispatch({ type: 'repeat' })}>
              <Repeat2 aria-hidden="true" />
              Repeat the question
            </Button>
            <Button type="button" variant="outline" onClick={() => submit({ kind: 'skip' })}>
              <SkipForward aria-hidden="true" />
              Skip
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => dispatch({ type: 'type-instead' })}
            >
              <Keyboard aria-hidden="true" />
              Type instead
            </Button>
          </div>
        </div>
      )}

      {state.phase === 'typing' && question && (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            if (!typed.trim()) {
              setTypedError('Type an answer, or skip the question')
              return
            }
            setTypedError(null)
            submit({ kind: 'typed', text: typed })
          }}
        >
          <TextAreaField
            label={`Your answer to question ${state.index + 1}`}
            hint="Write it as you would say it: the situation, what you did, and the result."
            rows={8}
            value={typed}
            error={typedError ?? undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit">
              <StepForward aria-hidden="true" />
              Next
            </Button>
            <Button type="button" variant="outline" onClick={() => submit({ kind: 'skip' })}>
              <SkipForward aria-hidden="true" />
              Skip
            </Button>
            {state.micProblem === null && (
              <Button type="button" variant="ghost" onClick={() => dispatch({ type: 'use-voice' })}>
                <Mic aria-hidden="true" />
                Answer aloud instead
              </Button>
            )}
          </div>
        </form>
      )}

      {(state.phase === 'uploading' || state.phase === 'upload-failed') && (
        <div className="flex flex-col gap-3">
          <FormAlert message={state.error} />
          {state.phase === 'upload-failed' && state.pending && (
            <div className="flex flex-wrap gap-2">
              <PendingButton
                type="button"
                pending={busy}
                pendingLabel="Sending…"
                onClick={() => {
                  const answer = state.pending
                  if (!answer) return
                  dispatch({ type: 'retry' })
                  void upload(state.index, answer)
                }}
              >
                Try sending again
              </PendingButton>
            </div>
          )}
        </div>
      )}
    </section>
  )
}

function statusText(state: RoomState): string {
  switch (state.phase) {
    case 'asking':
      return 'Reading the question…'
    case 'recording':
      return 'Recording your answer'
    case 'typing':
      return 'Type your answer'
    case 'uploading':
      return 'Sending your answer…'
    case 'upload-failed':
      return 'Your answer wasn’t sent'
    default:
      return ''
  }
}

/** The microphone's input level, 0–100, as a meter (Web Audio's analyser). */
export function LevelMeter({ level, active }: { level: number; active: boolean }) {
  const value = active ? level : 0
  return (
    <div
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={!active ? 'Not recording' : value < 15 ? 'Quiet' : 'Hearing you'}
      className="relative h-3 w-full max-w-48 overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-150"
        style={{ width: `${value}%` }}
      />
    </div>
  )
}
