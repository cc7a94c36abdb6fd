/**
 * The per-instance locks: a WRITE tries and fails fast, waiting callers go in turn, and what waits
 * for an instance to be free (the delayed calls a write stored) runs only once nobody holds it.
 */
import { KeyedLock } from './locks'

test('tryAcquire fails while the key is held; acquire waits its turn (first come, first served)', async () => {
  const locks = new KeyedLock()
  const first = locks.tryAcquire('Account/a')!
  expect(locks.tryAcquire('Account/a')).toBeUndefined()
  expect(locks.tryAcquire('Account/b')).toBeDefined()
  const order: string[] = []
  const second = locks.acquire('Account/a').then((release) => { order.push('second'); return release })
  const third = locks.acquire('Account/a').then((release) => { order.push('third'); return release })
  first()
  ;(await second)()
  ;(await third)()
  expect(order).toEqual(['second', 'third'])
  expect(locks.isLocked('Account/a')).toBe(false)
})

test('whenFree runs at once on a free key, and otherwise only after the last holder in line released it', async () => {
  const locks = new KeyedLock()
  const ran: string[] = []
  locks.whenFree('Account/a', () => ran.push('free'))
  expect(ran).toEqual(['free'])

  const first = locks.tryAcquire('Account/a')!
  locks.whenFree('Account/a', () => ran.push('after'))
  const queued = locks.acquire('Account/a')
  first()
  expect(ran).toEqual(['free'])
  const second = await queued
  expect(locks.isLocked('Account/a')).toBe(true)
  expect(ran).toEqual(['free'])
  second()
  expect(ran).toEqual(['free', 'after'])
  // Once run, it does not run again.
  locks.tryAcquire('Account/a')!()
  expect(ran).toEqual(['free', 'after'])
})

test('a release called twice releases once', () => {
  const locks = new KeyedLock()
  const first = locks.tryAcquire('k')!
  first()
  const second = locks.tryAcquire('k')!
  first()
  expect(locks.isLocked('k')).toBe(true)
  second()
  expect(locks.isLocked('k')).toBe(false)
})
