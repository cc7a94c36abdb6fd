/** Which build stylesheets the document inlines, and which it keeps as links. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildDir, readBuildCss } from '@/lib/document/inline-css'

let dist: string
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-css-'))
  fs.mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true })
  const write = (name: string, css: string) => fs.writeFileSync(path.join(dist, 'static', 'chunks', name), css)
  write('plain.css', '.a{color:red}.b{background:url(data:image/png;base64,AAAA)}.c{background:url("/img/x.png")}')
  write('closes.css', '.a::after{content:"</style><script>alert(1)</script>"}')
  write('relative.css', '.a{background:url(../media/x.png)}')
  write('imports.css', '@import "other.css";.a{color:red}')
  fs.writeFileSync(path.join(dist, 'outside.css'), '.a{}')
})
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))

test('a plain stylesheet (data: and absolute urls included) is inlined as it is', () => {
  expect(readBuildCss(dist, 'static/chunks/plain.css')).toContain('.a{color:red}')
})

test.each([
  ['closes.css', 'it would end the <style> element early'],
  ['relative.css', 'a relative url() would resolve against the page'],
  ['imports.css', 'an @import would resolve against the page'],
])('%s stays a link: %s', (name) => {
  expect(readBuildCss(dist, `static/chunks/${name}`)).toBeNull()
})

test('only existing .css files inside the build folder are read', () => {
  expect(readBuildCss(dist, 'static/chunks/missing.css')).toBeNull()
  expect(readBuildCss(path.join(dist, 'static'), '../outside.css')).toBeNull()
  expect(readBuildCss(dist, 'static/chunks/plain.js')).toBeNull()
})

test('the build folder follows NEXT_DIST_DIR, like next.config.js', () => {
  expect(buildDir({ NEXT_DIST_DIR: '.next-e2e' })).toBe(path.resolve(process.cwd(), '.next-e2e'))
  expect(buildDir({})).toBe(path.resolve(process.cwd(), '.next'))
})
