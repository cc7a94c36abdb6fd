import { VISITOR_INTENT_EVENTS, whenVisitorActs } from '../idle'

const TOKEN_KEY = 'RIO_TOKENS_KEY.p'

function dispatch(type: string): void {
  // `storage` is the window's own event, of the SDK's tokens here; the others reach it from an element.
  if (type === 'storage') window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }))
  else document.body.dispatchEvent(new Event(type, { bubbles: true }))
}

test.each(VISITOR_INTENT_EVENTS)('a visitor\'s %s starts the task once, and nothing after it runs it again', (type) => {
  const task = jest.fn()
  whenVisitorActs(task, TOKEN_KEY)
  expect(task).not.toHaveBeenCalled()
  dispatch(type)
  expect(task).toHaveBeenCalledTimes(1)
  for (const other of VISITOR_INTENT_EVENTS) dispatch(other)
  expect(task).toHaveBeenCalledTimes(1)
})

test('a touch that scrolls, a scroll, a resize or a focus the page moves itself is no sign of intent', () => {
  const task = jest.fn()
  const stop = whenVisitorActs(task, TOKEN_KEY)
  const field = document.createElement('input')
  document.body.append(field)
  field.focus()
  for (const type of ['pointerdown', 'touchstart', 'touchmove', 'pointercancel']) field.dispatchEvent(new Event(type, { bubbles: true }))
  window.dispatchEvent(new Event('scroll'))
  window.dispatchEvent(new Event('resize'))
  expect(task).not.toHaveBeenCalled()
  stop()
  field.remove()
})

test('another tab\'s storage starts it only for the SDK\'s tokens, or when storage was cleared', () => {
  const task = jest.fn()
  const stop = whenVisitorActs(task, TOKEN_KEY)
  window.dispatchEvent(new StorageEvent('storage', { key: 'cookie-consent' }))
  expect(task).not.toHaveBeenCalled()
  window.dispatchEvent(new StorageEvent('storage', { key: null }))
  expect(task).toHaveBeenCalledTimes(1)
  stop()

  const again = jest.fn()
  whenVisitorActs(again, TOKEN_KEY)
  window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }))
  expect(again).toHaveBeenCalledTimes(1)
})

test('a page handler that stops a click from propagating does not hide the act', () => {
  const task = jest.fn()
  const button = document.createElement('button')
  button.addEventListener('click', (event) => event.stopPropagation())
  document.body.append(button)
  whenVisitorActs(task, TOKEN_KEY)
  button.click()
  expect(task).toHaveBeenCalledTimes(1)
  button.remove()
})

test('cancelled before the visitor acts, the task never runs', () => {
  const task = jest.fn()
  const stop = whenVisitorActs(task, TOKEN_KEY)
  stop()
  dispatch('click')
  expect(task).not.toHaveBeenCalled()
})
