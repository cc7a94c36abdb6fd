import { Imprint } from '@/components/legal/Imprint'
import { legalRoute } from '@/components/legal/legal-route'
import { operatorStaticProps } from '@/lib/legal/static-props'
import { withMessages } from '@/lib/i18n/static-props'

const ImprintPage = legalRoute(Imprint)
export default ImprintPage

export const getStaticProps = withMessages(['legal'], operatorStaticProps)
