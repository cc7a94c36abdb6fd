/**
 * What a production build's file tracing says each server page needs at run time
 * (`server/pages/*.nft.json`): a deployment ships those files beside the page. Beyond the build
 * folder and node_modules a page needs none of the project's own files (its code is bundled), so
 * any listed there means a filesystem call the tracer could not scope took in the whole project.
 */
import fs from 'node:fs'
import path from 'node:path'

/**
 * The project's own files (relative to `root`) that the traces of the build in `distDir` list,
 * per page trace; pages that list none are left out.
 * @param root the project folder
 * @param distDir the build folder, inside `root`
 */
export function projectFilesTraced(root: string, distDir: string): Map<string, string[]> {
  const pagesDir = path.join(distDir, 'server', 'pages')
  if (!fs.existsSync(pagesDir)) throw new Error(`${pagesDir} does not exist: build the app first.`)
  const found = new Map<string, string[]>()
  for (const name of fs.readdirSync(pagesDir).filter((file) => file.endsWith('.nft.json')).sort()) {
    const trace = JSON.parse(fs.readFileSync(path.join(pagesDir, name), 'utf8')) as { files?: unknown }
    if (!Array.isArray(trace.files)) throw new Error(`${name} has no "files" list.`)
    const own = trace.files
      .filter((file): file is string => typeof file === 'string')
      .map((file) => path.resolve(pagesDir, file))
      .filter((file) => !isInside(file, distDir) && !file.split(path.sep).includes('node_modules'))
      .map((file) => path.relative(root, file))
    if (own.length > 0) found.set(name, own)
  }
  return found
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}
