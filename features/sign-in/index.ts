/**
 * The /sign-in page: the e-mail and code steps and their state machine.
 * The public entry of features/sign-in/: other features and pages import only what is here.
 */
export { SignInPage } from './components/SignInPage'
