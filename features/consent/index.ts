/**
 * The analytics choice: the consent banner, loaded only when analytics is configured.
 * The public entry of features/consent/: other features and pages import only what is here.
 */
export { LazyConsent } from './components/LazyConsent'
