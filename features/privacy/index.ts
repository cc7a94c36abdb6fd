/**
 * The customer's data rights on /account: export, deletion, moving to another e-mail address.
 * The public entry of features/privacy/: other features and pages import only what is here.
 */
export { YourData } from './components/YourData'
