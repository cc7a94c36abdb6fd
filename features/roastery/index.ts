/**
 * The staff's /roastery page: day boards, totals, packing lists, shipping, refunds, the money view, undelivered e-mails; its requests and state.
 * The public entry of features/roastery/: other features and pages import only what is here.
 */
export { RoasteryPage } from './components/RoasteryPage'
export type { CsvLabels } from './rules/csv'
/** A parcel's link to its carrier's tracking page (the customer's deliveries on /account show it too). */
export { TrackingLink } from './components/TrackingLink'
