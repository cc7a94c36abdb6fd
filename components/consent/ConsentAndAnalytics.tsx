import { Analytics } from '@/components/analytics/Analytics'
import { ConsentBanner } from './ConsentBanner'

// The footer's "Cookie settings" opens the choice through this chunk, which the shell has loaded by
// then wherever there is a choice: one dynamic import for both, so one loader in first-load JS.
export { openCookieSettings } from '@/lib/analytics/consent'

/** The banner and the tag it governs, loaded together in one chunk after hydration. */
export function ConsentAndAnalytics() {
  return (
    <>
      <ConsentBanner />
      <Analytics />
    </>
  )
}
