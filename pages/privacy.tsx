import type { GetStaticProps } from 'next'
import { PrivacyNotice } from '@/components/legal/PrivacyNotice'
import { operatorFrom, type Operator } from '@/lib/legal/operator'

interface Props {
  operator: Operator
}

export default function PrivacyPage({ operator }: Props) {
  return <PrivacyNotice operator={operator} />
}

// The operator's details come from the server's environment when the page is built (placeholders when unset).
export const getStaticProps: GetStaticProps<Props> = () => ({ props: { operator: operatorFrom(process.env) } })

// A static page for visitors: the SDK can wait.
PrivacyPage.deferSdkStart = true
