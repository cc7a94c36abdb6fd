/** The legal pages every footer and every e-mail links to. */
export const LEGAL_ROUTES = {
  privacy: '/privacy',
  imprint: '/imprint',
  terms: '/terms',
} as const
