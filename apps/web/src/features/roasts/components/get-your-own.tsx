import { Link } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'

/** The public pages' call to action: a review (and a roast) of your own resume. */
export function GetYourOwn() {
  return (
    <section
      aria-labelledby="get-your-own-heading"
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:p-6"
    >
      <h2 id="get-your-own-heading" className="text-lg font-semibold">
        Get your own review
      </h2>
      <p className="text-sm text-pretty text-muted-foreground">
        Upload your resume: we read it, review it line by line with real fixes, and, if you like,
        roast it too. Nothing is public unless you publish it.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/start">Get started</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/sign-in" search={{ redirect: '/resume' }}>
            Sign in
          </Link>
        </Button>
      </div>
    </section>
  )
}
