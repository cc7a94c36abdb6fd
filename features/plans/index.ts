/**
 * The plans on /: the grid, and a customer's choice of plan (the current plan line, the confirmation dialog).
 * The public entry of features/plans/: other features and pages import only what is here.
 */
export { PlansPage } from './components/PlansPage'
