/**
 * Benchmarks sign customers in from this machine's one loopback address, where the backend's
 * per-address code limits would refuse all but the first few sign-ins an hour. This project
 * environment lifts those two limits for a benchmark's own backend; the per-e-mail limits stay.
 */
export const ONE_SOURCE_LIMITS: Readonly<Record<string, string>> = {
  OTP_IP_SENDS_PER_HOUR: '1000000',
  OTP_IP_CHECKS_PER_HOUR: '1000000',
}
