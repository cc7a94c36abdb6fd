import { renderMessage } from '@retter-shared/BeanBloomKit/i18n/render'
import type { MessageValues } from '@retter-shared/BeanBloomKit/i18n/render'
import type { MessageKey, PageMessages, Translate } from './types'

/**
 * `t(key, values)` over a page's messages. A key the page was not sent reads as the key, never as
 * a crash: a visible, reportable slip (the catalogue tests keep it from happening).
 */
export function translatorOf({ locale, messages }: PageMessages): Translate {
  return Object.assign((key: MessageKey, values?: MessageValues): string => {
    const message = messages[key]
    return message === undefined ? key : renderMessage(message, locale, values)
  }, { locale })
}
