import type { ComponentType } from 'react'
import type { OperatorPageProps } from '@/lib/legal/static-props'

/**
 * A legal page's route (imprint, privacy notice, terms): its text with the operator's details,
 * built by `operatorStaticProps`. A static page for visitors, so the SDK can wait (`deferSdkStart`).
 */
export function legalRoute(Text: ComponentType<OperatorPageProps>) {
  function LegalRoute({ operator }: OperatorPageProps) {
    return <Text operator={operator} />
  }
  LegalRoute.deferSdkStart = true
  return LegalRoute
}
