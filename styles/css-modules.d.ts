// Next declares CSS modules in next-env.d.ts, which `next dev`/`next build` generate and git
// ignores; this lets `tsc` check a fresh clone before any Next command ran. Same shape as Next's.
declare module '*.module.css' {
  const classes: { readonly [key: string]: string }
  export default classes
}
