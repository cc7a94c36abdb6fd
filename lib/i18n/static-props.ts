import type { GetStaticProps, GetStaticPropsContext } from 'next'
import { pageMessages, type MessagePart } from './page-messages'
import type { I18nPageProps } from './types'

/**
 * A page's getStaticProps with its messages in its language: `parts` of the catalogue (namespaces,
 * or prefixes of their keys: page-messages.ts) beside the frame's, and
 * `inner`'s props and options (revalidate) when the page has its own. Each locale is prerendered.
 */
export function withMessages<P extends object = Record<string, never>>(
  parts: readonly MessagePart[],
  inner?: GetStaticProps<P>,
): GetStaticProps<P & I18nPageProps> {
  return async (context: GetStaticPropsContext) => {
    const i18n = pageMessages(context.locale, parts)
    if (!inner) return { props: { i18n } as P & I18nPageProps }
    const result = await inner(context)
    if (!('props' in result)) return result
    const props = await result.props
    return { ...result, props: { ...props, i18n } }
  }
}
