/** Project environment defaults of the local runtime (what a Retter console would hold). */

/**
 * Used when the environment sets no CUSTOMER_ID_SECRET, so local ids stay stable across restarts
 * and test processes. Never deploy it: ids keyed by a public secret are derivable from e-mails.
 */
export const LOCAL_CUSTOMER_ID_SECRET = 'rio-local-customer-id-secret-for-development-only'
export const LOCAL_MAIL_FROM = 'Bean & Bloom (local) <no-reply@localhost>'
/** Where the e-mails' "manage your subscription" links point (the app of `npm run dev`). */
export const LOCAL_APP_URL = 'https://localhost:3000'
