/** The app's pages. Every link, redirect and `next` default names its path from here. */
export const ROUTES = {
  plans: '/',
  signIn: '/sign-in',
  account: '/account',
  roastery: '/roastery',
  /** Where a reminder e-mail's one-click link lands (the Account class's LINK_PAGE). */
  deliveryLink: '/delivery-link',
} as const

/** The sign-in page, coming back to `next` (a path on this site) afterwards. */
export function signInPath(next?: string): string {
  return next ? `${ROUTES.signIn}?next=${next}` : ROUTES.signIn
}
