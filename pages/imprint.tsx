import { Imprint } from '@/components/legal/Imprint'
import { legalRoute } from '@/components/legal/legal-route'
import { operatorStaticProps } from '@/lib/legal/static-props'

const ImprintPage = legalRoute(Imprint)
export default ImprintPage

export const getStaticProps = operatorStaticProps
