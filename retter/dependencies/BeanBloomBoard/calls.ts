/** The Board's calls to other classes survive a busy instance with the Kit's rule (BeanBloomKit calls.ts). */
export { BUSY_RETRY_DELAYS_MS, INSTANCE_BUSY, callOpening, callUntilFree, describeFailure, succeeded } from 'BeanBloomKit/calls'
