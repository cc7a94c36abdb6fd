import { NAMESPACES, type Namespace } from '@retter-shared/BeanBloomKit/i18n/messages'
import { pageMessages } from '@/lib/i18n/page-messages'
import { translatorOf } from '@/lib/i18n/translator'
import type { Locale, PageMessages, Translate } from '@/lib/i18n/types'

/** Every namespace's messages in `locale`, as a page showing everything would be sent them. */
export function allMessages(locale: Locale): PageMessages {
  return pageMessages(locale, Object.keys(NAMESPACES) as Namespace[])
}

/** A translator over every message of `locale` (English by default), for what tests call outside React. */
export function translator(locale: Locale = 'en'): Translate {
  return translatorOf(allMessages(locale))
}
