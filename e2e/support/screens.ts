/** Screenshots of each page at desktop and phone width, for a person to look at (e2e/artifacts/). */
import path from 'node:path'
import type { Page } from '@playwright/test'

const DIR = path.resolve(__dirname, '..', 'artifacts')
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

/** Saves `{name}-desktop.png` and `{name}-phone.png` (full page), then restores the viewport. */
export async function capture(page: Page, name: string): Promise<void> {
  const original = page.viewportSize()
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height })
    // Let layout settle after the resize (fonts, responsive images) before the shot.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await page.screenshot({ path: path.join(DIR, `${name}-${size.name}.png`), fullPage: true, animations: 'disabled' })
  }
  if (original) await page.setViewportSize(original)
}
