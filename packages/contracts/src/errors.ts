import { z } from 'zod'

/**
 * Every error code the product API can answer with, each mapped to its one HTTP status.
 * Codes are stable snake_case strings: clients branch on them, never on messages.
 */
export const ERROR_STATUS = {
  /** The request body or query failed its schema; `details` lists each problem. Fix the input. */
  validation_failed: 400,
  /** The body is not valid JSON, or is nested deeper than the server reads. Send JSON. */
  bad_json: 400,
  /**
   * The URL, a header the server reads or the body holds a NUL character (U+0000), invalid
   * UTF-8 or a broken `%` escape; `message` says where. Send text without them.
   */
  malformed_text: 400,
  /** The request is not well-formed HTTP (refused before it reached any route). */
  bad_request: 400,
  /** No bearer token, or it is invalid or expired. Sign in again. */
  not_authenticated: 401,
  /**
   * The token's session has ended: signed out (here or elsewhere), ended by a password change
   * or refresh-token reuse, or the account was deleted. Sign in again.
   */
  session_not_found: 401,
  /** The session outlived its inactivity timeout or its absolute lifetime. Sign in again. */
  session_expired: 401,
  /** The account is banned; nothing is served to it until the ban ends. */
  user_banned: 403,
  /**
   * The account has two-step verification and this session has not passed it (aal1): enter
   * the authenticator code (MFA challenge and verify), then retry with the aal2 token.
   */
  insufficient_aal: 403,
  /** Signed in, but this action is not allowed for this user. */
  forbidden: 403,
  /**
   * The action needs a recent sign-in (deleting the account): the session's last sign-in is
   * older than `details.maxAgeSeconds`. Sign in again (password, link or Google), then retry
   * with the new session's token.
   */
  reauthentication_needed: 403,
  /** The addressed thing does not exist or is not the caller's. */
  not_found: 404,
  /** No route answers this method and path. */
  route_not_found: 404,
  /** The request conflicts with the current state (a duplicate, say). */
  conflict: 409,
  /**
   * Not enough credits left for this action (a right swipe); nothing was recorded or charged.
   * `details` holds `{creditCost, credits}` (the credits response as it is now). Wait for the
   * next refresh (`credits.nextRefreshDate`) or get more credits.
   */
  insufficient_credits: 402,
  /**
   * The price the request showed (`creditCost`) is not the server's price for this action;
   * nothing was recorded or charged. `details` holds `{action, creditCost, shownCreditCost}`:
   * show the new price and send it with the next attempt.
   */
  price_changed: 409,
  /** The request did not arrive whole in time. */
  request_timeout: 408,
  /** The body is larger than the endpoint accepts. */
  payload_too_large: 413,
  /** A path's id and the body's id name different things (`PUT …/additional-context/{id}`). */
  id_mismatch: 400,
  /** The job page sent has no schema.org JobPosting to read (`POST /api/job-applications`). */
  job_posting_not_found: 400,
  /** A CSV import sent more rows than one request takes (500): send them in parts. */
  import_too_many_rows: 400,
  /** The URL is longer than the server reads. */
  uri_too_long: 414,
  /** The Content-Type is not one the endpoint accepts. */
  unsupported_media_type: 415,
  /** Too many requests; retry after the time in `Retry-After`. */
  over_request_rate_limit: 429,
  /**
   * The free regenerations of this application's cover letter are used up for now (issue 14):
   * retry after the time in `Retry-After`, or edit the text and render its PDF.
   */
  cover_letter_regeneration_limit: 429,
  /** The request's headers are larger than the server reads (16 KB in all). */
  request_header_fields_too_large: 431,
  /**
   * The inbound-email webhook is off on this install (INBOUND_EMAIL_SECRET unset): deliver
   * forwarded mail through the SMTP receiver instead.
   */
  inbound_email_disabled: 404,
  /** The inbound-email webhook's `x-inbound-secret` header is missing or wrong. */
  inbound_secret_invalid: 401,
  /** No user has the message's recipient as their inbound address (or it was rotated). */
  inbound_recipient_unknown: 422,
  /** The body is not an RFC 822 email message (no header block, or no From/Subject/body). */
  email_not_parseable: 422,
  /** The review item was already confirmed or dismissed. */
  review_item_resolved: 409,
  /** No calendar feed has this token (never created, rotated or revoked). */
  calendar_feed_not_found: 404,
  /**
   * No interview of the caller's has this id: a scheduled interview of the calendar, or a
   * practice interview (also one they deleted).
   */
  interview_not_found: 404,
  /** The practice interview has no question at this index. */
  interview_question_not_found: 404,
  /** The practice interview is finished (or being finished): start a new one to practise again. */
  interview_finished: 409,
  /** Finishing a practice interview that has no answer yet: answer (or skip) a question first. */
  interview_not_answered: 409,
  /** The recording is not audio this server can read (WebM/Opus, Ogg, MP4/AAC, MP3 or WAV). */
  audio_unreadable: 422,
  /** The recording is longer than an answer may be (`details.maxSeconds`). */
  audio_too_long: 422,
  /** The interview's recording is not ready (still being joined) or was purged. */
  recording_not_ready: 409,
  /**
   * `POST /api/resume-analysis/analyze` with no resume (given or on the profile) and no LinkedIn
   * URL: "Either a resume file or LinkedIn URL must be provided" (spec section 5).
   */
  resume_source_missing: 400,
  /**
   * The `documentUrl` is not a resume in the caller's folder of the `resumes` bucket (a path, or
   * a URL of this server's storage API): the server never fetches any other URL.
   */
  document_url_refused: 400,
  /** The `linkedinUrl` is not `https://(www.|xx.)linkedin.com/in/<slug>`. */
  linkedin_url_invalid: 400,
  /**
   * The body is not LinkedIn's data-export ZIP (not a ZIP, no `Profile.csv`, more entries or
   * more bytes unpacked than the server reads); `message` says which.
   */
  linkedin_export_invalid: 422,
  /** No professional profile of the caller's has this id: "Profile not found". */
  professional_profile_not_found: 404,
  /** No resume analysis of the caller's has this id (or they have none): "Resume analysis not found". */
  resume_analysis_not_found: 404,
  /** The analysis has no parsed resume to match yet (still running, or failed). */
  resume_not_parsed: 409,
  /** The analysis has not completed (still running, or failed): there is no review to present. */
  analysis_not_ready: 409,
  /** No analysis video of the caller's has this id. */
  analysis_video_not_found: 404,
  /** No roast has this id: never made, deleted, or (on a public page) not published. */
  roast_not_found: 404,
  /** No job of the catalogue has this id. */
  job_not_found: 404,
  /** No application of the caller's has this id. */
  job_application_not_found: 404,
  /**
   * Payments are not set up on this install (no Stripe keys, or no RevenueCat webhook secret):
   * plans can be read, not bought, and the webhooks are off, as if absent (404, like the
   * inbound-email webhook). The operator connects Stripe as the README's "Payments" section says.
   */
  billing_not_configured: 404,
  /** No plan or credit pack for sale has this id (`POST /api/stripe/checkout`). */
  plan_not_found: 404,
  /**
   * The feature needs a paid plan (an analysis video) or the free plan's allowance of it is used
   * up this week (practice interviews). `details`: `{feature, plans}` (the plans that unlock it).
   */
  plan_required: 402,
  /**
   * Checkout for a plan while a paid plan is live at Stripe: change or cancel it in the billing
   * portal (`POST /api/stripe/portal`) instead. Credit packs can always be bought.
   */
  already_subscribed: 409,
  /** No billing account yet (nothing bought on the web): the portal has nothing to show. */
  billing_customer_not_found: 404,
  /**
   * `POST /api/stripe/redeem`: a subscription does not exist at Stripe, or it belongs to another
   * customer than `stripeCustomerId`. Nothing was attached.
   */
  subscription_not_found: 404,
  /** `POST /api/stripe/redeem`: that customer or subscription is attached to another account. */
  subscription_taken: 409,
  /** Stripe could not be reached or refused our request; nothing changed. Retry later. */
  payment_provider_unavailable: 502,
  /** A Stripe webhook without a valid `stripe-signature` for this body (or older than 300 s). */
  webhook_signature_invalid: 400,
  /** A RevenueCat webhook without the configured `Authorization` header. */
  webhook_unauthorized: 401,
  /** No account has this referral code (codes ignore case, spaces and dashes). */
  referral_code_invalid: 404,
  /** A referral code was already redeemed by this account: one per account. */
  referral_already_redeemed: 409,
  /** A referral code cannot be redeemed by its own owner. */
  referral_own_code: 422,
  /** Referral codes are redeemed within 30 days of signing up (`details.windowDays`). */
  referral_too_late: 422,
  /** Guests cannot use referrals: create an account (upgrade) first. */
  referral_guest: 403,
  /**
   * A push subscription whose endpoint is not one of the push services this server sends to
   * (`PUSH_SERVICE_HOSTS`), or not https. Subscribe again from a supported browser.
   */
  push_endpoint_not_allowed: 422,
  /** No push subscription with this endpoint on the account (already removed). */
  push_subscription_not_found: 404,
  /** Something failed on our side; it is logged with the request id. Retry later. */
  unexpected_failure: 500,
  /** A dependency (the database) is unavailable; retry later. */
  service_unavailable: 503,
  /** PostgreSQL is away (restarting, failing over, its connections ended); retry in a moment. */
  database_unavailable: 503,
} as const satisfies Record<string, number>

export type ErrorCode = keyof typeof ERROR_STATUS
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[]

export const ErrorResponseSchema = z.object({
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  details: z.unknown().optional(),
})
/** The body of every non-2xx answer of the product API. */
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>

export function statusForErrorCode(code: ErrorCode): number {
  return ERROR_STATUS[code]
}
