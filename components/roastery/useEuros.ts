import { useCallback } from 'react'
import { useLocale } from '@/contexts/I18nContext'
import { formatPrice } from '@/lib/format/price'

/** Euro cents as the page's language writes them ("€20.00", "20,00 €"): the roastery's amounts. */
export function useEuros(): (cents: number) => string {
  const locale = useLocale()
  return useCallback((cents: number) => formatPrice(cents, 'EUR', locale), [locale])
}
