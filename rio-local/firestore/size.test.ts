/** Firestore's own worked example of a document's size, and the rules it is made of. */
import { firestoreDocumentBytes, firestoreValueBytes } from './size'

test('the task document of Firestore’s "Storage size calculations" page is 147 bytes', () => {
  const fields = { type: 'Personal', done: false, priority: 1, description: 'Learn Cloud Firestore' }
  expect(firestoreDocumentBytes('users/jeff/tasks/my_task_id', fields)).toBe(147)
})

test.each([
  ['a string: its UTF-8 bytes + 1', 'Torstraße', 11],
  ['a number', 2, 8],
  ['a boolean', true, 1],
  ['null', null, 1],
  ['an array: the sum of its values', ['a', 1], 2 + 8],
  ['a map: field names + 1 and values', { bags: 2, name: 'Ada' }, 5 + 8 + 5 + 4],
])('%s', (_what, value, bytes) => {
  expect(firestoreValueBytes(value)).toBe(bytes)
})
