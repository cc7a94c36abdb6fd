/**
 * The privacy notice, imprint and terms, and the operator details they name.
 * The public entry of features/legal/: other features and pages import only what is here.
 */
export { Imprint } from './components/Imprint'
export { PrivacyNotice } from './components/PrivacyNotice'
export { Terms } from './components/Terms'
export { missingOperatorSettings, operatorFrom } from './rules/operator'
export type { Operator } from './rules/operator'
