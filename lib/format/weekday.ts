/** A weekday as the contract names it (`friday`), in the page's words ("Friday", "Freitag", "vendredi"). */
import { weekdayWord } from '@retter-shared/BeanBloomSubscription/dates'
import { WEEKDAYS } from '@retter-shared/BeanBloomSubscription/schedule'

export function weekdayText(weekday: string, locale?: string): string {
  const index = (WEEKDAYS as ReadonlyArray<string>).indexOf(weekday)
  return index < 0 ? weekday : weekdayWord(index, locale)
}
