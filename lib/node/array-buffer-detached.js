// @ts-check
/**
 * `ArrayBuffer.prototype.detached` for Node 20, which lacks it (V8 has it from Node 22).
 *
 * Why: React 19's server renderer (react-dom/server, development build) checks a written chunk's
 * `buffer.detached` so that it never sends a buffer another thread took. Where the property is
 * missing it cannot tell a detached buffer from an empty one, and says so on the terminal of every
 * `next dev` on Node 20: "React encountered an empty buffer when writing in an environment that
 * does not support ArrayBuffer.prototype.detached. This could be a security issue…". The supported
 * engines include Node 20 (package.json), so instead of silencing the message we give React the
 * check it asks for, exactly: a buffer is detached when it has no bytes and no view can be made
 * over it (constructing one over a detached buffer throws a TypeError; over an empty one it does
 * not). Installed once, only where the engine lacks it; Node 22 keeps its own.
 */
'use strict'

function installArrayBufferDetached() {
  if (Object.prototype.hasOwnProperty.call(ArrayBuffer.prototype, 'detached')) return false
  Object.defineProperty(ArrayBuffer.prototype, 'detached', {
    configurable: true,
    enumerable: false,
    get() {
      if (this.byteLength !== 0) return false
      try {
        new Uint8Array(this)
        return false
      } catch {
        return true
      }
    },
  })
  return true
}

module.exports = { installArrayBufferDetached }
