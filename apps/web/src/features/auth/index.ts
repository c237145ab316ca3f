// The auth feature's public face: what routes (and only routes) use. Everything else in
// features/auth is private to it; eslint/web-boundaries.js rejects imports that reach past this file.
export { enabledProvidersQuery } from './api/auth-providers'
export { sendPasswordResetEmail } from './api/password-reset'
export { sendSignInLink } from './api/sign-in'
export { AccountOverview } from './components/account-overview'
export { AlternativeSignIns } from './components/alternative-sign-ins'
export { AuthScreen } from './components/auth-screen'
export { EmailLinkRequest } from './components/email-link-request'
export { LinkErrorView } from './components/link-error-view'
export { LinkPendingView } from './components/link-pending-view'
export { LinkSuccessView } from './components/link-success-view'
export { NewPasswordForm } from './components/lazy-new-password-form'
export { PasswordChangedView } from './components/password-changed-view'
export { PasswordSignInForm } from './components/password-sign-in-form'
export { ResetCodeForm } from './components/reset-code-form'
export { ResetCodeLink } from './components/reset-code-link'
export { SignOutButton } from './components/sign-out-button'
export { SignUpForm } from './components/sign-up-form'
export { useSession } from './hooks/use-session'
export { useForgetTokensInUrl, useSessionFromUrlHash } from './hooks/use-session-from-url-hash'
export { messageForAuthErrorCode } from './lib/describe-auth-error'
export { readAuthRedirect } from './lib/read-auth-redirect'
export { holdsSessionTokens } from './lib/read-session-tokens'
export { returnPathAfterSignIn, safeReturnPath } from './lib/return-path'
export {
  hasSession,
  needsSecondFactor,
  redirectAccountHolders,
  redirectPendingSecondFactor,
  requirePendingSecondFactor,
  requireSession,
} from './lib/route-guards'
