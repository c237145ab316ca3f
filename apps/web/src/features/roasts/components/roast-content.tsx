import type { RoastContent } from '@app/contracts'
import { Quote } from 'lucide-react'
import { cn } from '@/lib/cn'

/**
 * A roast's words: the headline, the lines as quotes in the parody voice, the verdict with the
 * grade, then "The real fixes" plainly. `stage` is the public page's big version; the Resume
 * card shows the same content smaller. `headingLevel` keeps the page outline right in both.
 */
export function RoastContentView({
  content,
  stage = false,
  headingLevel = 3,
}: {
  content: RoastContent
  stage?: boolean
  headingLevel?: 1 | 2 | 3
}) {
  const Headline = `h${headingLevel}` as const
  const Sub = `h${Math.min(headingLevel + 1, 6) as 2 | 3 | 4}` as const
  return (
    <div className="flex min-w-0 flex-col gap-6" data-testid="roast-content">
      <div
        className={cn(
          'flex flex-col gap-4 rounded-xl bg-foreground p-5 text-background',
          stage && 'gap-6 p-6 sm:p-10',
        )}
      >
        <Headline
          className={cn(
            'text-xl font-extrabold tracking-tight text-balance break-words uppercase',
            stage && 'text-3xl sm:text-5xl',
          )}
        >
          {content.headline}
        </Headline>
        <ul aria-label="The roast" className="flex flex-col gap-3">
          {content.lines.map((line, index) => (
            <li key={index}>
              <blockquote
                className={cn(
                  'flex gap-2 text-base text-pretty break-words italic',
                  stage && 'text-lg sm:text-xl',
                )}
              >
                <Quote aria-hidden="true" className="mt-1 size-4 shrink-0 opacity-60" />
                <p>{line}</p>
              </blockquote>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-end justify-between gap-3 border-t border-background/20 pt-4">
          <p
            className={cn(
              'max-w-prose font-semibold text-pretty break-words',
              stage && 'text-lg sm:text-2xl',
            )}
          >
            <span className="sr-only">Verdict: </span>
            {content.verdict}
          </p>
          <p
            className="flex flex-col items-center rounded-lg bg-background px-3 py-1 text-foreground"
            aria-label={`Grade ${content.grade}, score ${content.score} out of 100`}
          >
            <span className={cn('text-2xl font-black', stage && 'text-4xl')}>{content.grade}</span>
            <span className="text-xs tabular-nums">{content.score}/100</span>
          </p>
        </div>
      </div>
      <section className="flex flex-col gap-3" aria-label="The real fixes">
        <Sub className={cn('text-lg font-semibold', stage && 'text-2xl')}>The real fixes</Sub>
        {content.fixes.length === 0 ? (
          <p className="text-sm text-muted-foreground">Your review had nothing left to fix.</p>
        ) : (
          <ol className="flex list-decimal flex-col gap-3 pl-5">
            {content.fixes.map((fix, index) => (
              <li key={index} className="text-pretty break-words">
                <span className="font-medium">{fix.title}</span>
                <span className="block text-sm text-muted-foreground">{fix.detail}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}
