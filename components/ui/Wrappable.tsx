import { Fragment } from 'react'
// A long e-mail or resource name then wraps at a natural point ("name@ / example.com") instead of
// mid-word, which `overflow-wrap: anywhere` alone would do.
import { BREAK_POINTS } from '@/lib/format/wrap'

/** Renders `text` with soft wrap opportunities (`<wbr>`); its text content is unchanged. */
export function Wrappable({ text }: { text: string }) {
  const parts = text.split(BREAK_POINTS)
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  )
}
