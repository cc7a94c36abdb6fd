/**
 * jsdom's globals (its Uint8Array among them) are another realm's than the bytes Node's
 * TextEncoder returns, so `bytes instanceof Uint8Array` is false for Node code run in an app test:
 * the in-process backend signs its tokens with jose, which checks exactly that. Encoding into this
 * realm's Uint8Array makes both sides agree. Runs before any module of a test is loaded.
 */
const NodeTextEncoder = globalThis.TextEncoder

class SameRealmTextEncoder extends NodeTextEncoder {
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(input))
  }
}

globalThis.TextEncoder = SameRealmTextEncoder
