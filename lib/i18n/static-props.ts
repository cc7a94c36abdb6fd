import type { GetStaticProps, GetStaticPropsContext } from 'next'
import type { Namespace } from '@retter-shared/BeanBloomKit/i18n/messages'
import { pageMessages } from './page-messages'
import type { I18nPageProps } from './types'

/**
 * A page's getStaticProps with its messages in its language: `namespaces` beside the frame's, and
 * `inner`'s props and options (revalidate) when the page has its own. Each locale is prerendered.
 */
export function withMessages<P extends object = Record<string, never>>(
  namespaces: readonly Namespace[],
  inner?: GetStaticProps<P>,
): GetStaticProps<P & I18nPageProps> {
  return async (context: GetStaticPropsContext) => {
    const i18n = pageMessages(context.locale, namespaces)
    if (!inner) return { props: { i18n } as P & I18nPageProps }
    const result = await inner(context)
    if (!('props' in result)) return result
    const props = await result.props
    return { ...result, props: { ...props, i18n } }
  }
}
