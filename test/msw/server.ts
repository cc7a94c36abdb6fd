import { setupServer } from 'msw/node'
import { handlers } from './handlers'

/** The one msw server of the app tests; tests add overrides with `server.use()`. */
export const server = setupServer(...handlers)
