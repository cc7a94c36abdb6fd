/**
 * Which committed state of an instance a "not yet mirrored" mark is for: its creation time and its
 * version. A commit that changes the state counts a new version (persist, `data.version`), so the
 * pair names one state of one incarnation of the instance without reading the state itself; a
 * fingerprint of the state's JSON cost a hash of every state written (a day's board is hundreds of
 * kilobytes, written at each charge).
 */
export function mirrorMarkOf(instance: { createdAt: number; version?: number }): string {
  return `${instance.createdAt}.${instance.version ?? 1}`
}
