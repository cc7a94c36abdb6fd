/** The file-name rule: one style, and a message that says the name to use. */
import { fileNameProblem } from './file-name-rule.mjs'

test.each(['SignInFlow.tsx', 'SignInFlow.test.tsx', 'useChange.ts', 'usePlanChoice.tsx', 'sign-in-machine.ts', 'sdk-guards.ts',
  'board.property.test.ts', 'jest.config.js', 'eslint.config.mjs', 'lazy-component.tsx', 'index.ts', '404.ts'])('%s follows the style', (name) => {
  expect(fileNameProblem(name)).toBeNull()
})

test.each([
  ['signInMachine.ts', 'signInMachine.ts: name modules in kebab-case (sign-in-machine.ts), components in PascalCase.tsx, hooks as useThing.ts.'],
  ['lazy_component.tsx', 'lazy_component.tsx: name modules in kebab-case (lazy-component.tsx), components in PascalCase.tsx, hooks as useThing.ts.'],
  ['Board.ts', 'Board.ts: PascalCase is for React components and providers (.tsx); name this module in kebab-case.'],
  ['LazyToastContainer-offline.test.tsx', 'LazyToastContainer-offline.test.tsx: name modules in kebab-case (lazy-toast-container-offline.test.tsx), components in PascalCase.tsx, hooks as useThing.ts.'],
])('%s is refused with the name to use', (name, message) => {
  expect(fileNameProblem(name)).toBe(message)
})
