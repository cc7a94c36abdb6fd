// @ts-check
/**
 * jest's resolver: a project dependency (`require('<name>')` from class code) resolves to
 * `dependencies/<name>/` by the rule of ./dependencies.ts, the one the tsx hook (./aliases.ts)
 * applies, so class tests see exactly what `npm run dev` and Retter see; every other request goes
 * to jest's default resolver.
 *
 * jest requires resolvers as plain CommonJS, so the TypeScript rule is loaded through a tsx
 * registration that is undone at once: left in place, tsx's resolution hook would stop jest's own
 * transform from finding extensionless `.ts` imports (globalSetup's, for one).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest requires this file as CommonJS, untransformed
const { register } = require('tsx/cjs/api')

const tsx = register({ namespace: 'rio-local-jest-resolver' })
/** @type {typeof import('./dependencies')} */
let rule
try {
  rule = tsx.require('./dependencies.ts', __filename)
} finally {
  tsx.unregister()
}
const { dependencyRequestTarget } = rule

/**
 * @param {string} request
 * @param {{ basedir: string, defaultResolver: (request: string, options: object) => string }} options
 * @returns {string}
 */
module.exports = function resolveForJest(request, options) {
  return options.defaultResolver(dependencyRequestTarget(request, options.basedir) ?? request, options)
}
