/**
 * The plans on /: the grid, and a customer's choice of plan (the confirmation dialog, the plan the address asks for).
 * The public entry of features/plans/: other features and pages import only what is here.
 */
export { PlansPage } from './components/PlansPage'
export { chosenPlanOf } from './rules/chosen-plan'
