/** PostgREST's answer to `.single()` when no row matched: for a profile, "no profile yet". */
export const NO_ROWS = 'PGRST116'
