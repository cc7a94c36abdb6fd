import { PrivacyNotice } from '@/components/legal/PrivacyNotice'
import { legalRoute } from '@/components/legal/legal-route'
import { operatorStaticProps } from '@/lib/legal/static-props'

const PrivacyPage = legalRoute(PrivacyNotice)
export default PrivacyPage

export const getStaticProps = operatorStaticProps
