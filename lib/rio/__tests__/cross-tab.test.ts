import { openAuthChannel } from '@/lib/rio/cross-tab'
import { tokenStorageKey, type AuthBroadcast } from '@/lib/rio/stored-session'

function storedToken(userId: string, anonymous: boolean): string {
  return JSON.stringify({ accessToken: 'a', refreshToken: 'r', accessTokenDecoded: { userId, anonymous } })
}

describe('without BroadcastChannel, the storage event of the SDK token key is used', () => {
  const original = globalThis.BroadcastChannel
  beforeEach(() => { delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel })
  afterEach(() => { globalThis.BroadcastChannel = original })

  test('only a change of who is signed in is passed on', () => {
    const received: AuthBroadcast[] = []
    const channel = openAuthChannel('coffee-local', (message) => received.push(message))
    const key = tokenStorageKey('coffee-local')
    const change = (newValue: string | null) => window.dispatchEvent(new StorageEvent('storage', { key, newValue }))

    change(storedToken('anon-1', true))
    change(storedToken('u-1', false))
    change(storedToken('u-1', false)) // the SDK re-stores the token on every call
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: 'x' }))
    change(null)
    channel.close()
    change(storedToken('u-2', false))

    expect(key).toBe('RIO_TOKENS_KEY.coffee-local')
    expect(received).toEqual([{ type: 'signed-in', uid: 'u-1' }, { type: 'signed-out', uid: null }])
  })
})
