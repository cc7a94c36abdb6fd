/** The plan carried through sign-in, read from the `next` path: only a real plan on a path of this site. */
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { chosenPlanOf } from '../chosen-plan'

test('names the plan carried in next, as a string or the first of a list', () => {
  expect(chosenPlanOf('/?plan=daily-grind', [])).toBeUndefined()
  expect(chosenPlanOf('/?plan=daily-grind', PLANS)?.name).toBe('Daily Grind')
  expect(chosenPlanOf(['/?plan=roasters-club'], PLANS)?.name).toBe("Roaster's Club")
})

test.each([
  [undefined], ['/account'], ['/?plan=espresso-everything'], ['https://evil.example/?plan=barista'], ['//evil.example/?plan=barista'], ['/?plan='],
])('nothing for %p', (next) => {
  expect(chosenPlanOf(next, PLANS)).toBeUndefined()
})
