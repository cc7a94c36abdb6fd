/**
 * Benchmarks sign customers in from this machine's one loopback address, where the backend's
 * per-address code and account-creation limits would refuse all but the first few sign-ins an
 * hour. These lift those limits for a benchmark's own backend (in this process or a runtime child); the per-e-mail
 * limits stay.
 */
import { createBackend, type Backend } from '../../rio-local/app'
import { shopDefaults } from './shop-env'

/** The project environment that lifts the per-address code limits. */
export const ONE_SOURCE_LIMITS: Readonly<Record<string, string>> = {
  OTP_IP_SENDS_PER_HOUR: '1000000',
  OTP_IP_CHECKS_PER_HOUR: '1000000',
  ACCOUNT_CREATIONS_PER_HOUR: '1000000',
}

/** A backend in this process on SQLite in `dir`, with the dev endpoints and the limits lifted. */
export function createOneSourceBackend(projectId: string, dir: string): Promise<Backend> {
  return createBackend({ projectId, storage: { dir }, dev: true, projectEnv: { ...shopDefaults(process.env), ...ONE_SOURCE_LIMITS } })
}
