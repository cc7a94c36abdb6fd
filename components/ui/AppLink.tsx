import { useRouter } from 'next/router'
import type { AnchorHTMLAttributes } from 'react'
import { localePath } from '@/lib/i18n/paths'

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this app, with its query ("/sign-in?next=%2Faccount"). */
  href: string
}

/**
 * A link to a page of this app: an ordinary `<a>` (it works before hydration, in a new tab, with
 * modifier keys), a client-side navigation on a plain click, and the page's code fetched on hover
 * or touch, never just for being on screen. That is all next/link did for this app's links, and
 * next/link with the hooks it brings weighed about 2.9 kB gz of every page's first-load JS.
 */
export function AppLink({ href, onClick, onMouseEnter, onTouchStart, ...rest }: AppLinkProps) {
  const router = useRouter()
  // Only a production build has page chunks to fetch ahead; `next dev` compiles on request.
  const prefetch = () => {
    if (process.env.NODE_ENV === 'production') router.prefetch(href).catch(() => undefined)
  }
  return (
    <a
      {...rest}
      // The address in the page's language ("/de/account"); the router adds it itself on a push.
      href={localePath(router.locale, href)}
      onClick={(event) => {
        onClick?.(event)
        // What the browser does itself stays the browser's: a new tab or window, a download.
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        if (rest.target && rest.target !== '_self') return
        event.preventDefault()
        void router.push(href)
      }}
      onMouseEnter={(event) => {
        onMouseEnter?.(event)
        prefetch()
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event)
        prefetch()
      }}
    />
  )
}
