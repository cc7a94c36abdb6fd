/** Which project files a build's server traces name (a whole-project trace shows up here). */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { projectFilesTraced } from './traced-files'

let root: string
let dist: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'traced-'))
  dist = path.join(root, '.next-x')
  fs.mkdirSync(path.join(dist, 'server', 'pages'), { recursive: true })
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

const writeTrace = (name: string, files: unknown) =>
  fs.writeFileSync(path.join(dist, 'server', 'pages', name), JSON.stringify({ version: 1, files }))

test('build output and node_modules are what a page may need; project files are named per page', () => {
  writeTrace('index.js.nft.json', ['../chunks/ssr/a.js', '../../../node_modules/react/index.js', '../../package.json'])
  writeTrace('_document.js.nft.json', ['../chunks/ssr/b.js', '../../../README.md', '../../../features/x/X.tsx'])
  expect(projectFilesTraced(root, dist)).toEqual(new Map([
    ['_document.js.nft.json', ['README.md', path.join('features', 'x', 'X.tsx')]],
  ]))
})

test('a clean build names nothing', () => {
  writeTrace('index.js.nft.json', ['../chunks/ssr/a.js', '../../../node_modules/next/dist/server/x.js'])
  expect(projectFilesTraced(root, dist).size).toBe(0)
})

test('no build, or a trace without its list, is a clear error', () => {
  expect(() => projectFilesTraced(root, path.join(root, 'nothing'))).toThrow(/does not exist: build the app first/)
  writeTrace('index.js.nft.json', 'oops')
  expect(() => projectFilesTraced(root, dist)).toThrow(/index.js.nft.json has no "files" list/)
})
