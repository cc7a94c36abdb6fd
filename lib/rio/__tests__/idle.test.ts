import { VISITOR_INTENT_EVENTS, whenVisitorActs } from '../idle'

function dispatch(type: string): void {
  const event = type === 'storage' ? new StorageEvent('storage', { key: 'RIO_TOKENS_KEY.p' }) : new Event(type, { bubbles: true })
  // Page events reach the window from an element; `storage` is the window's own.
  if (type === 'storage') window.dispatchEvent(event)
  else document.body.dispatchEvent(event)
}

test.each(VISITOR_INTENT_EVENTS)('a visitor\'s %s starts the task once, and nothing after it runs it again', (type) => {
  const task = jest.fn()
  whenVisitorActs(task)
  expect(task).not.toHaveBeenCalled()
  dispatch(type)
  expect(task).toHaveBeenCalledTimes(1)
  for (const other of VISITOR_INTENT_EVENTS) dispatch(other)
  expect(task).toHaveBeenCalledTimes(1)
})

test('a focus the page moves itself, a scroll or a resize is no sign of intent', () => {
  const task = jest.fn()
  const stop = whenVisitorActs(task)
  const field = document.createElement('input')
  document.body.append(field)
  field.focus()
  window.dispatchEvent(new Event('scroll'))
  window.dispatchEvent(new Event('resize'))
  expect(task).not.toHaveBeenCalled()
  stop()
  field.remove()
})

test('cancelled before the visitor acts, the task never runs', () => {
  const task = jest.fn()
  const stop = whenVisitorActs(task)
  stop()
  dispatch('pointerdown')
  expect(task).not.toHaveBeenCalled()
})
