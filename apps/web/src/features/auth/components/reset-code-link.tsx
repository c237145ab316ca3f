import { Link } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'

/** From "Check your inbox" to the code entry, for the reset email read on another device. */
export function ResetCodeLink({ email }: { email: string }) {
  return (
    <Button asChild size="lg" className="w-full">
      <Link to="/forgot-password/code" search={{ email }}>
        Enter the code from the email
      </Link>
    </Button>
  )
}
