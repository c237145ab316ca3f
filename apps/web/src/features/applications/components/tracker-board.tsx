import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { Link } from '@tanstack/react-router'
import { ChevronDown, GripVertical } from 'lucide-react'
import { useState } from 'react'
import { DismissibleAlert } from '@/components/dismissible-alert'
import { cn } from '@/lib/cn'
import type { Application } from '../api/applications'
import { type MoveTarget, MOVE_TARGETS, useMoveApplication } from '../hooks/use-move-application'
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  STATUS_LABELS,
} from '../lib/application-status'
import { jobName } from '../lib/application-text'

type TrackerBoardProps = { userId: string; applications: Application[] }

/**
 * The board: a column per stage (scrolling sideways on a phone). Dragging a card to a column
 * records that stage's event; every card also has a "Move to…" menu, the keyboard's (and
 * screen reader's) way to do the same. SAVED takes no cards: applications start there.
 */
export function TrackerBoard({ userId, applications }: TrackerBoardProps) {
  const moving = useMoveApplication(userId)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  )

  function onDragEnd(event: DragEndEvent) {
    const to = event.over?.id as ApplicationStatus | undefined
    const application = applications.find((item) => item.id === event.active.id)
    if (application && to && to !== 'SAVED') {
      moving.move(application, to)
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {moving.failure && (
        <DismissibleAlert onDismiss={moving.dismissFailure}>{moving.failure}</DismissibleAlert>
      )}
      <p aria-live="polite" className="sr-only">
        {moving.announcement}
      </p>
      <DndContext
        sensors={sensors}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable: 'Drag the card to a column, or use its Move to menu.',
          },
        }}
      >
        <div
          className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-3 lg:mx-0 lg:grid lg:grid-cols-6 lg:overflow-visible lg:px-0"
          aria-label="Board"
          role="region"
        >
          {APPLICATION_STATUSES.map((status) => (
            <BoardColumn
              key={status}
              status={status}
              applications={applications.filter((item) => item.status === status)}
              onMove={moving.move}
            />
          ))}
        </div>
      </DndContext>
    </div>
  )
}

function BoardColumn({
  status,
  applications,
  onMove,
}: {
  status: ApplicationStatus
  applications: Application[]
  onMove: (application: Application, to: MoveTarget) => void
}) {
  const { setNodeRef, isOver } = useDroppable({ id: status, disabled: status === 'SAVED' })
  const headingId = `board-column-${status}`
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={status}
      className={cn(
        'flex w-64 shrink-0 snap-start flex-col gap-2 rounded-xl border bg-muted/40 p-2 lg:w-auto',
        isOver && 'border-primary bg-primary/5',
      )}
    >
      <h2 id={headingId} className="flex items-center justify-between px-1 text-sm font-semibold">
        {STATUS_LABELS[status]}
        <span className="font-normal text-muted-foreground tabular-nums">
          {applications.length}
        </span>
      </h2>
      <ul className="flex min-h-16 flex-col gap-2">
        {applications.map((application) => (
          <li key={application.id}>
            <BoardCard application={application} onMove={onMove} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function BoardCard({
  application,
  onMove,
}: {
  application: Application
  onMove: (application: Application, to: MoveTarget) => void
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: application.id,
  })
  const name = jobName(application)
  const style = transform
    ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` }
    : undefined
  return (
    <article
      ref={setNodeRef}
      style={style}
      aria-label={name}
      className={cn(
        'flex flex-col gap-2 rounded-lg border bg-card p-3 text-sm shadow-xs',
        isDragging && 'relative z-10 shadow-lg',
      )}
    >
      <div className="flex items-start gap-1">
        <button
          type="button"
          {...listeners}
          {...attributes}
          tabIndex={-1}
          aria-hidden="true"
          className="-ml-1 cursor-grab touch-none rounded-sm p-0.5 text-muted-foreground"
        >
          <GripVertical className="size-4" />
        </button>
        <div className="min-w-0 flex-1">
          <Link
            to="/applications/$applicationId"
            params={{ applicationId: application.id }}
            className="font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {application.title ?? 'A job that is no longer listed'}
          </Link>
          {application.company && (
            <p className="truncate text-muted-foreground">{application.company}</p>
          )}
        </div>
      </div>
      <MoveMenu application={application} name={name} onMove={onMove} />
    </article>
  )
}

/**
 * "Move to…": a button that shows one button per other stage (a disclosure, so Tab and Enter
 * are all it takes; nothing moves until a stage is chosen). Escape closes it.
 */
function MoveMenu({
  application,
  name,
  onMove,
}: {
  application: Application
  name: string
  onMove: (application: Application, to: MoveTarget) => void
}) {
  const [open, setOpen] = useState(false)
  const listId = `move-${application.id}`
  const closeOnEscape = (event: { key: string }) => {
    if (event.key === 'Escape') setOpen(false)
  }
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={closeOnEscape}
        className="flex h-8 cursor-pointer items-center justify-between rounded-md border px-2 text-xs font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span>
          Move to…<span className="sr-only"> {name}</span>
        </span>
        <ChevronDown aria-hidden="true" className="size-3.5" />
      </button>
      {open && (
        <ul id={listId} aria-label={`Stages for ${name}`} className="flex flex-col gap-1">
          {MOVE_TARGETS.filter((to) => to !== application.status).map((to) => (
            <li key={to}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false)
                  onMove(application, to)
                }}
                onKeyDown={closeOnEscape}
                className="h-8 w-full cursor-pointer rounded-md bg-muted px-2 text-left text-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                {STATUS_LABELS[to]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
