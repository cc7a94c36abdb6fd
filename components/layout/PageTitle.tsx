import Head from 'next/head'

/** The shop's name: the whole title until a page sets its own, and the end of every page's. */
export const SITE_NAME = 'Bean & Bloom Coffee House'

/** A page's document title: its own name, then the shop's. */
export function PageTitle({ page }: { page: string }) {
  return (
    <Head>
      <title>{`${page} · ${SITE_NAME}`}</title>
    </Head>
  )
}
