/**
 * Customer ids as the running classes derive them: the classes' own identity code under the
 * runtime's CUSTOMER_ID_SECRET (createBackend sets the local default when the environment has none).
 */
import { LOCAL_CUSTOMER_ID_SECRET } from '../project/local-env'

process.env.CUSTOMER_ID_SECRET = process.env.CUSTOMER_ID_SECRET || LOCAL_CUSTOMER_ID_SECRET

export { accountIdFor, awsIdFor, userIdFor } from '@retter-shared/BeanBloomIdentity'
