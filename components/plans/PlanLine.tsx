import type { HTMLAttributes, ReactNode } from 'react'
import { AppLink } from '@/components/ui/AppLink'
import { ROUTES } from '@/lib/routes'
import styles from './Plans.module.css'
import { useT } from '@/contexts/I18nContext'

/**
 * The line above the plans for a signed-in customer, with a way to manage the subscription.
 * Other attributes go on the line's `<p>`.
 */
export function PlanLine({ text, ...attributes }: { text: ReactNode } & HTMLAttributes<HTMLParagraphElement>) {
  const t = useT()
  return (
    <p className={styles.currentLine} data-testid="current-plan-line" {...attributes}>
      <span>{text}</span> <AppLink href={ROUTES.account}>{t('plans.line.manage')}</AppLink>
    </p>
  )
}
