/**
 * ESLint rule `house/file-name`: one file-name style for the repository's modules.
 * - `PascalCase.tsx`: a React component or provider (its tests: `PascalCase.test.tsx`);
 * - `useThing.ts` / `useThing.tsx`: a React hook;
 * - `kebab-case.ts` (or .tsx, .js, .mjs): every other module.
 * Qualifiers after the name are kept apart by dots: `.test`, `.property.test`, `.config`, `.d`.
 */
import path from 'node:path'

const QUALIFIERS = /(?:\.(?:property|test|spec|d|config|module|setup))+$/
const HOOK = /^use[A-Z][A-Za-z0-9]*$/
const PASCAL = /^[A-Z][A-Za-z0-9]*$/
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * What is wrong with a file's name, or null when it follows the style.
 * @param {string} fileName the file's base name, e.g. `signInMachine.ts`
 * @returns {string | null}
 */
export function fileNameProblem(fileName) {
  const extension = path.extname(fileName)
  const stem = path.basename(fileName, extension).replace(QUALIFIERS, '')
  if (HOOK.test(stem)) return null
  if (PASCAL.test(stem)) return extension === '.tsx' ? null : `${fileName}: PascalCase is for React components and providers (.tsx); name this module in kebab-case.`
  if (KEBAB.test(stem)) return null
  const kebab = stem.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/[_\s]+/g, '-').toLowerCase()
  return `${fileName}: name modules in kebab-case (${kebab}${fileName.slice(fileName.indexOf('.'))}), components in PascalCase.tsx, hooks as useThing.ts.`
}

/** @type {import('eslint').Rule.RuleModule} */
export const fileNameRule = {
  meta: { type: 'suggestion', docs: { description: 'One file-name style for modules, components and hooks.' }, schema: [] },
  create(context) {
    return {
      Program(node) {
        const problem = fileNameProblem(path.basename(context.filename))
        if (problem) context.report({ node, message: problem })
      },
    }
  },
}
