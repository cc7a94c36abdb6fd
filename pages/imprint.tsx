import type { GetStaticProps } from 'next'
import { Imprint } from '@/components/legal/Imprint'
import { operatorFrom, type Operator } from '@/lib/legal/operator'

interface Props {
  operator: Operator
}

export default function ImprintPage({ operator }: Props) {
  return <Imprint operator={operator} />
}

// The operator's details come from the server's environment when the page is built (placeholders when unset).
export const getStaticProps: GetStaticProps<Props> = () => ({ props: { operator: operatorFrom(process.env) } })

// A static page for visitors: the SDK can wait.
ImprintPage.deferSdkStart = true
