import type { Rule } from 'eslint'

/** What is wrong with a file's base name, or null when it follows the style. */
export function fileNameProblem(fileName: string): string | null
/** ESLint rule `house/file-name`. */
export const fileNameRule: Rule.RuleModule
