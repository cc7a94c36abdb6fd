/** Whether analytics is configured; kept apart from the tag's code so reading it loads none of it. */

/**
 * Google Analytics 4 measurement id from NEXT_PUBLIC_GA_ID (inlined by Next at build time).
 * @returns the id, or null when analytics is off (unset or blank)
 */
export function getGaId(): string | null {
  const id = process.env.NEXT_PUBLIC_GA_ID?.trim()
  return id ? id : null
}
