/** Words kept upper-case when a field name is humanised ("awsAccountId" -> "AWS account ID"). */
const ACRONYMS = new Set(['aws', 'id', 'ids', 'url', 'arn', 'api', 'ip', 'otp', 'iso', 'utc', 'sdk', 'uid', 'ui', 'json'])

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
  return words
    .map((word, index) => {
      const lower = word.toLowerCase()
      if (ACRONYMS.has(lower)) return lower.endsWith('s') && lower.length > 2 ? `${lower.slice(0, -1).toUpperCase()}s` : lower.toUpperCase()
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower
    })
    .join(' ')
}
