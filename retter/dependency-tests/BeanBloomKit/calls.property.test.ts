/**
 * A call to another class that survives a busy instance (BeanBloomKit calls.ts): over random runs
 * of answers, it is tried again exactly while the answer is 570 and pauses are left, and the caller
 * gets the first other answer (a throw or no answer counts as 500), or the last 570.
 */
import fc from 'fast-check'
import { callUntilFree, INSTANCE_BUSY } from '@retter-shared/BeanBloomKit/calls'

type Outcome = { statusCode: number } | 'throw' | 'nothing'

test('tried again while busy and pauses remain; the first other answer, or the last busy one, is the caller’s', async () => {
  const outcome: fc.Arbitrary<Outcome> = fc.oneof(
    fc.constant({ statusCode: INSTANCE_BUSY }), fc.constant({ statusCode: INSTANCE_BUSY }),
    fc.constantFrom(200, 404, 409, 500).map((statusCode) => ({ statusCode })), fc.constant('throw' as const), fc.constant('nothing' as const),
  )
  await fc.assert(fc.asyncProperty(fc.array(outcome, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 6 }), async (outcomes, pauses) => {
    let tries = 0
    const answer = await callUntilFree(async () => {
      const next = outcomes[Math.min(tries, outcomes.length - 1)] as Outcome
      tries++
      if (next === 'throw') throw new Error('down')
      return next === 'nothing' ? undefined : next
    }, Array.from({ length: pauses }, () => 0))
    // The answers run on with the last outcome repeated: the first free one, or the pauses' end.
    const free = outcomes.findIndex((o) => typeof o !== 'object' || o.statusCode !== INSTANCE_BUSY)
    expect(tries).toBe(Math.min(free < 0 ? Infinity : free, pauses) + 1)
    const seen = outcomes[Math.min(tries - 1, outcomes.length - 1)] as Outcome
    expect(answer.statusCode).toBe(typeof seen === 'object' ? seen.statusCode : 500)
  }))
})
