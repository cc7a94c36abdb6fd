import { Terms } from '@/components/legal/Terms'
import { legalRoute } from '@/components/legal/legal-route'
import { operatorStaticProps } from '@/lib/legal/static-props'

const TermsPage = legalRoute(Terms)
export default TermsPage

export const getStaticProps = operatorStaticProps
