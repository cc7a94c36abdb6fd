/**
 * ArrayBuffer.prototype.detached where Node lacks it (lib/node/array-buffer-detached.js, installed
 * by next.config.js): empty and filled buffers are not detached, a transferred one is, and React's
 * server renderer then finds the property it checks instead of warning about "a security issue".
 */
import { installArrayBufferDetached } from '../../lib/node/array-buffer-detached'

const original = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detached')
afterAll(() => {
  if (original) Object.defineProperty(ArrayBuffer.prototype, 'detached', original)
  else delete (ArrayBuffer.prototype as { detached?: boolean }).detached
})

/** The property as the engine (or the polyfill) answers it; the project's TS lib predates ES2024's typing of it. */
const detached = (buffer: ArrayBuffer) => (buffer as ArrayBuffer & { detached: boolean }).detached

test('after installing, a buffer is detached exactly when it was transferred away', () => {
  installArrayBufferDetached()
  expect(Object.prototype.hasOwnProperty.call(ArrayBuffer.prototype, 'detached')).toBe(true)
  const filled = new ArrayBuffer(8)
  const empty = new ArrayBuffer(0)
  expect(detached(filled)).toBe(false)
  expect(detached(empty)).toBe(false)
  structuredClone(filled, { transfer: [filled] })
  expect(detached(filled)).toBe(true)
  // Installing again changes nothing (and leaves an engine's own property alone).
  expect(installArrayBufferDetached()).toBe(false)
})
