import Head from 'next/head'
import { useT } from '@/contexts/I18nContext'

/** A page's document title: its own name, then the shop's (_app sets the shop's name alone until the page has its own). */
export function PageTitle({ page }: { page: string }) {
  const t = useT()
  return (
    <Head>
      <title>{t('shell.pageTitle', { page })}</title>
    </Head>
  )
}
