/**
 * The JSON a stored state was handed out from. SQLite keeps each state as JSON; a state object it
 * returns is parsed from that JSON (so it is the reader's own copy) and remembered here with it.
 * The engine then needs neither a second copy for the handler nor a second serialisation to tell
 * whether the handler changed the state: the remembered JSON is the committed state, whatever the
 * object holds since. Objects from elsewhere (the memory store, a handler) have no entry.
 */
const committed = new WeakMap<object, string>()

/** Records that `state` was parsed from the committed `json`. */
export function rememberStoredJson(state: object, json: string): void {
  committed.set(state, json)
}

/** The committed JSON `state` was parsed from, or undefined when storage did not hand it out so. */
export function storedJsonOf(state: object): string | undefined {
  return committed.get(state)
}
