/**
 * Runs the local stack in the foreground of a terminal, the way `npm run dev` and
 * `npm run start:local` both do: Ctrl-C or SIGTERM stops every part (also during start-up), and a
 * part that stops on its own stops the rest with exit code 1.
 */
import { say, warn } from './log'
import type { LocalStack } from './stack'

/**
 * Starts the stack with `start` and wires the signals.
 * @param what the parts named in the "Stopping …" line
 * @param start starts the stack; aborting its signal must stop what already runs and reject
 * @returns the running stack, or undefined when the user interrupted the start
 */
export async function runInForeground(what: string, start: (signal: AbortSignal) => Promise<LocalStack>): Promise<LocalStack | undefined> {
  const abort = new AbortController()
  const starting = start(abort.signal)
  let stopping = false
  const shutdown = async (): Promise<void> => {
    if (stopping) return
    stopping = true
    say(`\nStopping ${what}…`)
    abort.abort()
    // A start still under way stops what it began itself and rejects.
    await starting.then((running) => running.stop(), () => undefined)
    process.exit(process.exitCode ?? 0)
  }
  process.on('SIGINT', () => void shutdown())
  process.on('SIGTERM', () => void shutdown())

  const stack = await starting.catch((error: unknown) => {
    if (stopping) return undefined
    throw error
  })
  if (!stack) return undefined
  void stack.unexpectedExit.then((name) => {
    warn(`\n${name} stopped on its own (see its last lines above); stopping the rest.`)
    process.exitCode = 1
    void shutdown()
  })
  return stack
}
