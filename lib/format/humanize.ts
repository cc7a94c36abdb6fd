/** Words shown upper-case when a field name is humanised ("awsAccountId" -> "AWS account ID"). */
const ACRONYMS = new Set(['aws', 'id', 'url', 'arn', 'api', 'ip', 'otp', 'iso', 'utc', 'sdk', 'uid', 'ui', 'json', 'iam', 'vpc', 's3', 'mfa', 'sso', 'dns', 'cpu', 'kb', 'mb', 'gb', 'tb'])

function caseWord(word: string, first: boolean): string {
  const lower = word.toLowerCase()
  if (ACRONYMS.has(lower)) return lower.toUpperCase()
  // Plural acronyms: "ids" -> "IDs", "urls" -> "URLs".
  if (lower.endsWith('s') && ACRONYMS.has(lower.slice(0, -1))) return `${lower.slice(0, -1).toUpperCase()}s`
  // An all-capitals word in the source ("IAM" of "IAMRole") was meant as an acronym.
  if (word.length > 1 && word === word.toUpperCase() && /[A-Z]/.test(word)) return word
  return first ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower
}

/**
 * Turns a field name in camelCase, PascalCase, snake_case or kebab-case into a label a person
 * reads: "createdAt" -> "Created at", "last_sign_in_at" -> "Last sign in at",
 * "awsAccountId" -> "AWS account ID". Empty names become "(unnamed)".
 */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
  if (words.length === 0) return '(unnamed)'
  return words.map((word, index) => caseWord(word, index === 0)).join(' ')
}
