import { useRouter } from 'next/router'
import type { ReactNode } from 'react'
import { AppLink } from '@/components/ui/AppLink'
import styles from './Layout.module.css'

export interface NavItemProps {
  href: string
  children: ReactNode
  /** Other attributes of the item's `<li>` (`data-*`). */
  item?: Readonly<Record<string, string>>
}

/**
 * One link of the header's navigation, marked as the current page when it is. Links here and on
 * `/` prefetch their page on hover or touch, not as soon as they are on screen: a visitor's load
 * then fetches and compiles no other page's code (or `/`'s own data again).
 */
export function NavItem({ href, children, item }: NavItemProps) {
  const { pathname } = useRouter()
  const current = pathname === href
  return (
    <li {...item}>
      <AppLink href={href} className={styles.navLink} aria-current={current ? 'page' : undefined}>
        {children}
      </AppLink>
    </li>
  )
}
