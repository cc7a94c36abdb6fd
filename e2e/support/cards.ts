/** Locating the account page's cards the way a reader does: by their heading. */
import type { Locator, Page } from '@playwright/test'

/** The innermost section or article headed exactly `title`. */
export function card(page: Page, title: string): Locator {
  return page
    .locator('section, article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .last()
}
