import { Head, Html, Main, NextScript, type DocumentProps } from 'next/document'
import { isValidElement, type ReactElement } from 'react'
import { buildDir, readBuildCss } from '@/lib/document/inline-css'
import { FIRST_FRAME_TARGET_ID } from '@/lib/document/first-frame'
import { AFTER_FIRST_FRAME, afterFirstFrameScript } from '@/lib/document/after-first-frame'
import { firstPaintScript } from '@/lib/first-paint/paint'
import { pageScriptPolicy } from '@/lib/security/page-policy'
import { alternateLinks } from '@/lib/i18n/alternates'
import { isLocale, DEFAULT_LOCALE } from '@retter-shared/BeanBloomKit/i18n/locales'
import { translate } from '@retter-shared/BeanBloomKit/i18n/catalogue'
import { CATALOGUE } from '@retter-shared/BeanBloomKit/i18n/messages'

type LinkProps = { rel?: string; href?: string; [attribute: string]: unknown }
type ScriptProps = { src?: string; [attribute: string]: unknown }

// React's types leave out `disabled` on <link>, which HTML defines for stylesheets.
const NOT_APPLIED: Record<string, boolean> = { disabled: true }
// React's types leave out `blocking`, which HTML defines for links, scripts and styles.
const RENDER_BLOCKING: Record<string, string> = { blocking: 'render' }

/**
 * `<Head>` as production pages need it: the page's scripts load after its first frame (below), and
 * its stylesheets are inlined (lib/document/inline-css.ts): first paint waits for no stylesheet
 * request. Each inlined file keeps a `disabled` link, which browsers do not fetch, so Turbopack's
 * runtime sees the file as present and a client-side navigation does not load it a second time; a
 * file that cannot be inlined stays an ordinary link.
 */
class PageHead extends Head {
  getCssLinks(files: Parameters<Head['getCssLinks']>[0]): ReactElement[] | null {
    const links = super.getCssLinks(files)
    if (!links || process.env.NODE_ENV !== 'production') return links
    const distDir = buildDir()
    return links.flatMap((element): ReactElement[] => {
      if (!isValidElement<LinkProps>(element) || typeof element.props.href !== 'string') return [element]
      const { rel, href } = element.props
      const file = decodeURI(href.replace(/^.*?\/_next\//, '').replace(/\?.*$/, ''))
      const css = readBuildCss(distDir, file)
      if (css === null) return [element]
      // The preload only hurried the blocking request; the text is in the page now.
      if (rel === 'preload') return []
      return [
        <style key={`${href}-inline`} data-inlined-href={href} dangerouslySetInnerHTML={{ __html: css }} />,
        <link key={href} rel="stylesheet" href={href} {...NOT_APPLIED} />,
      ]
    })
  }

  getDynamicChunks(files: Parameters<Head['getDynamicChunks']>[0]): (ReactElement | null)[] {
    return super.getDynamicChunks(files).map((element) => element && afterFirstFrame(element))
  }

  getScripts(files: Parameters<Head['getScripts']>[0]): ReactElement[] {
    return super.getScripts(files).map(afterFirstFrame)
  }
}

/**
 * In production, a script Next would load with the page becomes a data block naming it, which the
 * document's last script loads once the first frame is painted (lib/document/after-first-frame.ts);
 * an inline script (Turbopack's bootstrap) stays as it is.
 */
function afterFirstFrame(element: ReactElement): ReactElement {
  if (process.env.NODE_ENV !== 'production' || !isValidElement<ScriptProps>(element)) return element
  const { src } = element.props
  if (typeof src !== 'string') return element
  const source = { [AFTER_FIRST_FRAME.sourceAttribute]: src }
  return <script key={element.key ?? src} type="text/plain" {...source} />
}

export default function Document({ buildManifest, __NEXT_DATA__ }: DocumentProps) {
  // The same text for every page of a build: static pages stay static, and the CSP allows it by hash.
  const firstPaint = firstPaintScript()
  const production = process.env.NODE_ENV === 'production'
  const loadScripts = production ? afterFirstFrameScript() : null
  const scriptPolicy = pageScriptPolicy({
    buildManifest,
    page: __NEXT_DATA__.page,
    // Every variable the header's script sources read, so the two policies name the same origins.
    env: { NEXT_PUBLIC_GA_ID: process.env.NEXT_PUBLIC_GA_ID, NEXT_PUBLIC_STRIPE_JS_URL: process.env.NEXT_PUBLIC_STRIPE_JS_URL },
    dev: !production,
    inlineScripts: loadScripts ? [firstPaint, loadScripts] : [firstPaint],
  })
  const locale = isLocale(__NEXT_DATA__.locale) ? __NEXT_DATA__.locale : DEFAULT_LOCALE
  // Every language's address of this page, and which one is canonical (none for an address with a parameter).
  const alternates = alternateLinks(__NEXT_DATA__.page, locale, process.env.APP_URL)
  return (
    <Html lang={locale}>
      <PageHead>
        {/* First in <head>: a meta policy covers only what comes after it. */}
        {scriptPolicy ? <meta httpEquiv="Content-Security-Policy" content={scriptPolicy} /> : null}
        <meta name="description" content={translate(CATALOGUE, locale, 'shell.description')} />
        {alternates ? <link rel="canonical" href={alternates.canonical} /> : null}
        {alternates?.languages.map(({ hrefLang, href }) => <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />)}
        <meta name="theme-color" content="#fbf6ef" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#17110d" media="(prefers-color-scheme: dark)" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* No frame of half a page (lib/document/first-frame.ts). */}
        <link rel="expect" href={`#${FIRST_FRAME_TARGET_ID}`} {...RENDER_BLOCKING} />
        {/* Before anything paints: a returning customer's stored view (lib/first-paint/paint.ts). */}
        <script dangerouslySetInnerHTML={{ __html: firstPaint }} />
      </PageHead>
      <body>
        <Main />
        <NextScript />
        {/* Last: the page's scripts, once its first frame is painted (lib/document/after-first-frame.ts). */}
        {loadScripts ? <script dangerouslySetInnerHTML={{ __html: loadScripts }} /> : null}
      </body>
    </Html>
  )
}
