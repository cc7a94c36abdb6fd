/**
 * Remembering a returning customer's view for the next first paint (core/first-paint paints it).
 * The public entry of features/first-paint/: other features and pages import only what is here.
 */
export { RememberCustomerView } from './components/RememberCustomerView'
