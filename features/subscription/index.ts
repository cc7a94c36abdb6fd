/**
 * The subscription on /account: the card (plan, preferences, address, pause, cancel, upcoming deliveries, history) and the schedule's words.
 * The public entry of features/subscription/: other features and pages import only what is here.
 */
export { planPriceText } from './components/PlanPrice'
export { Row } from './components/Row'
export { default as subscriptionStyles } from './components/Subscription.module.css'
export { SubscriptionCard } from './components/SubscriptionCard'
export { SummaryLayout } from './components/NextDelivery'
export type { SummaryFill, SummaryPart, SummaryText } from './components/NextDelivery'
export { deliveryLabels } from './rules/labels'
export { periodCost, periodDifference } from './rules/period-cost'
export { currentPlanText, nextDeliverySummary } from './rules/summary-text'
export { currentPlanId, previewChoice, subscriptionOf } from './rules/view'
export type { PlanChoicePreview } from './rules/view'
