/**
 * Instance ids as the in-process runtime's classes derive them (HMAC of the e-mail under the
 * runtime's CUSTOMER_ID_SECRET), for tests that address an object directly.
 */
export { accountIdFor, awsIdFor } from '@/rio-local/test/ids'
