import { Terms } from '@/components/legal/Terms'
import { legalRoute } from '@/components/legal/legal-route'
import { operatorStaticProps } from '@/lib/legal/static-props'
import { withMessages } from '@/lib/i18n/static-props'

const TermsPage = legalRoute(Terms)
export default TermsPage

export const getStaticProps = withMessages(['legal'], operatorStaticProps)
