import Head from 'next/head'

/** A page's document title: its own name, then the shop's (_app sets the shop's name alone until the page has its own). */
export function PageTitle({ page }: { page: string }) {
  return (
    <Head>
      <title>{`${page} · Bean & Bloom Coffee House`}</title>
    </Head>
  )
}
