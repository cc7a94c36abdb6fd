import { renderMessage } from '@retter-shared/BeanBloomKit/i18n/render'
import type { PageMessages, Translate } from './types'

/**
 * `t(key, values)` over a page's messages. A key the page was not sent reads as the key, never as
 * a crash: a visible, reportable slip (the catalogue tests keep it from happening).
 */
export function translatorOf({ locale, messages }: PageMessages): Translate {
  return (key, values) => {
    const message = messages[key]
    return message === undefined ? key : renderMessage(message, locale, values)
  }
}
