// @ts-check
/**
 * A jest reporter that prints, after a run, the files that took longest (SLOWEST_FILES, 20 by
 * default; 0 turns it off), so where a slow suite spends its time is in every run's output, CI's
 * included. A file's time is its wall time in its worker, setup and waiting included.
 */
class SlowestFilesReporter {
  /** @param {unknown} _globalConfig @param {{ count?: number }} [options] */
  constructor(_globalConfig, options) {
    const fromEnv = Number(process.env.SLOWEST_FILES)
    this.count = Number.isInteger(fromEnv) && fromEnv >= 0 ? fromEnv : options?.count ?? 20
  }

  /** @param {unknown} _contexts @param {import('@jest/test-result').AggregatedResult} results */
  onRunComplete(_contexts, results) {
    if (this.count === 0 || results.testResults.length < 2) return
    const root = process.cwd() + '/'
    const files = results.testResults
      .map((file) => ({ path: file.testFilePath.replace(root, ''), ms: file.perfStats.end - file.perfStats.start, tests: file.numPassingTests + file.numFailingTests }))
      .sort((a, b) => b.ms - a.ms)
    const total = files.reduce((sum, file) => sum + file.ms, 0)
    const shown = files.slice(0, this.count)
    const lines = shown.map((file) => `${(file.ms / 1000).toFixed(1).padStart(7)} s  ${String(file.tests).padStart(4)} tests  ${file.path}`)
    const share = total > 0 ? Math.round((100 * shown.reduce((sum, file) => sum + file.ms, 0)) / total) : 0
    process.stderr.write(`\nThe ${shown.length} slowest of ${files.length} files (${share} % of ${(total / 1000).toFixed(0)} s of file time):\n${lines.join('\n')}\n`)
  }
}

module.exports = SlowestFilesReporter
