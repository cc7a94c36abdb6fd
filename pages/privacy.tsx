import { PrivacyNotice } from '@/components/legal/PrivacyNotice'
import { legalRoute } from '@/components/legal/legal-route'
import { operatorStaticProps } from '@/lib/legal/static-props'
import { withMessages } from '@/lib/i18n/static-props'

const PrivacyPage = legalRoute(PrivacyNotice)
export default PrivacyPage

export const getStaticProps = withMessages(['legal'], operatorStaticProps)
