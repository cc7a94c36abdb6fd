/**
 * Customer ids as the running classes derive them: the classes' own identity code under the
 * runtime's CUSTOMER_ID_SECRET (the test setup sets the shop's local default when the environment has none).
 */
import { LOCAL_CUSTOMER_ID_SECRET } from '../../scripts/lib/shop-env'

process.env.CUSTOMER_ID_SECRET = process.env.CUSTOMER_ID_SECRET || LOCAL_CUSTOMER_ID_SECRET

export { accountIdFor, awsIdFor, userIdFor } from '@retter-shared/BeanBloomIdentity'
