/**
 * The roastery's English words without a page: what its lib functions write when the caller gives
 * no translator (the CSV files, which keep English as their format, and callers outside React).
 * Only the roastery namespace's English is read, so the other languages stay out of this path.
 */
import { translate, type Catalogue } from '@retter-shared/BeanBloomKit/i18n/catalogue'
import { roasteryEnglish } from '@retter-shared/BeanBloomKit/i18n/messages/roastery'
import type { Translate } from '@/lib/i18n/types'

// Only English is ever asked of it, so the other languages are not needed here.
const ENGLISH_ONLY = { en: roasteryEnglish } as unknown as Catalogue

/** `t(key, values)` in English over the roastery's words. */
export const englishRoastery: Translate = (key, values) => translate(ENGLISH_ONLY, 'en', key, values)
