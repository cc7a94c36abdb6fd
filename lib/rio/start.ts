/**
 * What starting the SDK brings, as one dynamic import: the page's configuration, the SDK's loader,
 * and the request layers the providers use from then on (the session's, and the account's with the
 * plans'). They are wanted at the same moment, so one loader in every page's first-load JS serves
 * them all, not one each. The one re-exporting module on purpose (docs/architecture.md): a module
 * here that threw while loading would stop the SDK's start, so they hold no work at load.
 */
import type { RioClient } from './client-types'
import { loadRio } from './client'
import { readRioConfig } from './config'

export * as sessionApi from './session-api'
export * as accountApi from '@/lib/customer/account-api'

/** The page's one SDK instance for the app at `host`, and the project it belongs to. */
export async function startRio(host: string): Promise<{ client: RioClient; projectId: string }> {
  const config = readRioConfig(undefined, host)
  return { client: await loadRio(config), projectId: config.projectId }
}
