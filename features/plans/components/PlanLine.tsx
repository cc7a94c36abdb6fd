import type { ReactNode } from 'react'
import { Slot } from '@/core/first-paint/Slot'
import { AppLink } from '@/core/ui/AppLink'
import { needs } from '@/core/first-paint/names'
import { ROUTES } from '@/core/routes'
import styles from './Plans.module.css'

function Line({ text, attributes }: { text: ReactNode; attributes?: object }) {
  return (
    <p className={styles.currentLine} data-testid="current-plan-line" {...attributes}>
      <span>{text}</span> <AppLink href={ROUTES.account}>Manage your subscription</AppLink>
    </p>
  )
}

/** The line above the plans for a signed-in customer, with a way to manage the subscription. */
export function PlanLine({ text }: { text: string }) {
  return <Line text={text} />
}

/**
 * The same line on the first paint of `/`, with the words the customer last saw (stored in this
 * browser, core/first-paint), in the same box; hidden for visitors and customers with no plan.
 */
export function FirstPaintPlanLine() {
  return <Line text={<Slot name="plan-line" />} attributes={needs('plan-line')} />
}
