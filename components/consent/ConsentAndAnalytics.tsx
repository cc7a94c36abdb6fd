import { Analytics } from '@/components/analytics/Analytics'
import { ConsentBanner } from './ConsentBanner'

/** The banner and the tag it governs, loaded together in one chunk after hydration. */
export function ConsentAndAnalytics() {
  return (
    <>
      <ConsentBanner />
      <Analytics />
    </>
  )
}
