/**
 * Seconds from a message's failed try to its next one; after the last it is dead-lettered.
 * About 28 hours in all, so an SMTP outage of a day loses nothing (Postmark's and SES's practice).
 */
export const MAIL_RETRY_DELAYS_SECONDS: ReadonlyArray<number> = [60, 300, 900, 1800, 3600, 7200, 14400, 28800, 43200]

/** The Message-ID of outbox message `id` of Account `instanceId`: stable over every try of it, unique per Account. */
export function messageIdOf(instanceId: string, id: string): string {
  return '<' + id + '.' + instanceId + '@mail.beanbloom.invalid>'
}
