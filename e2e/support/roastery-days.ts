/** The roastery page's day sections as the journeys find them. */
import { shortDate } from '../../retter/dependencies/BeanBloomSubscription/dates'

/**
 * A day section's accessible name: the day in the app's date style (UTC), "Wed 25 Nov 2026", after
 * "Today" or "Tomorrow" when it is one. The page counts days from the backend's clock, which the
 * journeys move, so which of the three it is depends on how far the journey moved it.
 */
export function dayRegionName(date: string): RegExp {
  return new RegExp(`^(Today |Tomorrow )?${shortDate(`${date}T00:00:00.000Z`, 'UTC')}$`)
}
