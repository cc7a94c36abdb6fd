/**
 * How a wait is worded, wherever a limit makes someone wait: the classes' 429 messages (a wait
 * said once, rounded up) and the app's countdown (re-rendered every second). One module, so a
 * limit reads alike from the backend and in the browser.
 */

function plural(n: number, one: string, many: string): string {
  return n + ' ' + (n === 1 ? one : many)
}

/**
 * A wait said once: "42 seconds", "17 minutes", "5 hours", rounded up (minutes up to 90, hours
 * past that), as a 429 message states it.
 * @param seconds a whole number of seconds, at least 1
 */
export function waitWords(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second', 'seconds')
  const minutes = Math.ceil(seconds / 60)
  if (minutes <= 90) return plural(minutes, 'minute', 'minutes')
  return plural(Math.ceil(minutes / 60), 'hour', 'hours')
}

function two(n: number): string {
  return (n < 10 ? '0' : '') + n
}

/**
 * A wait that counts down: "45 seconds", "59:12 minutes" past a minute (up to "60:00"),
 * "5:03:10 hours" past an hour.
 * @param seconds a whole number of seconds, at least 0
 */
export function countdownWords(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second', 'seconds')
  if (seconds > 3600) return Math.floor(seconds / 3600) + ':' + two(Math.floor((seconds % 3600) / 60)) + ':' + two(seconds % 60) + ' hours'
  return Math.floor(seconds / 60) + ':' + two(seconds % 60) + ' minutes'
}
