import { useId, type ReactNode } from 'react'
import cardStyles from '@/components/ui/Card.module.css'

/**
 * A term and its value, the value labelled by the term (so "the value of Next delivery" is
 * findable). Used by the subscription card and the plan confirmation; its own module so the
 * confirmation does not pull in the card.
 */
export function Row({ label, children, className = cardStyles.row }: { label: string; children: ReactNode; className?: string }) {
  const id = useId()
  return (
    <div className={className}>
      <dt id={id}>{label}</dt>
      <dd aria-labelledby={id}>{children}</dd>
    </div>
  )
}
