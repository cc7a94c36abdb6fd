/**
 * Member records after the emulator lost them (a restart keeps nothing): `restore` writes again
 * exactly the records this backend granted or found and has not revoked, so staff read their boards
 * again without signing in anew, and a removed member stays removed.
 */
import { createMemberRecords, membersCollection } from './members'
import { deleteDocument } from './rest'
import { emulatorHost, uniqueFirebaseProject } from './test-support'

test('restore writes back the records granted or listed and not revoked, and nothing else', async () => {
  const host = emulatorHost()
  const firebase = uniqueFirebaseProject('members')
  const first = createMemberRecords(host, firebase, 'p')
  await first.grant('staff', 'u-kai', 'kai@example.com')
  // A backend started later finds Rosa's record in the emulator (reconciled at its start) and grants Ada.
  const members = createMemberRecords(host, firebase, 'p')
  await first.grant('staff', 'u-rosa', 'rosa@example.com')
  expect((await members.list('staff')).map((m) => m.userId).sort()).toEqual(['u-kai', 'u-rosa'])
  await members.grant('staff', 'u-ada', 'ada@example.com')
  await members.revoke('staff', 'u-kai')

  // The emulator loses every record, as a restarted one does.
  for (const id of ['u-rosa', 'u-ada']) await deleteDocument(host, firebase, `${membersCollection('p', 'staff')}/${id}`)
  expect(await members.list('staff')).toEqual([])

  expect(await members.restore?.()).toBe(2)
  expect((await members.list('staff')).sort((a, b) => a.userId.localeCompare(b.userId))).toEqual([
    { userId: 'u-ada', email: 'ada@example.com' },
    { userId: 'u-rosa', email: 'rosa@example.com' },
  ])
})
