/**
 * The docs a reader follows: every relative link in README.md, docs/*.md and rio-local/README.md
 * points at a file of this repository (never outside it), every `#anchor` at a heading of its
 * target; every repository file the README and docs/ name in a code span exists; every docs page is
 * linked from the README; every markdown document a doc names is one of the repository's. Headings
 * get GitHub's anchors (lower case, punctuation dropped, spaces to dashes, `-1`, `-2`… for
 * repeats), so a link that works here works on GitHub.
 */
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '..', '..')
const DOCS_DIR = path.join(ROOT, 'docs')

/** The markdown files whose links are checked. */
function markdownFiles(): string[] {
  const docs = fs.readdirSync(DOCS_DIR).filter((name) => name.endsWith('.md')).map((name) => path.join(DOCS_DIR, name))
  return [path.join(ROOT, 'README.md'), ...docs, path.join(ROOT, 'rio-local', 'README.md')]
}

/** The text outside fenced code blocks and HTML comments, line for line. */
function proseOf(markdown: string): string {
  const lines = markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n')
  let fence: string | null = null
  return lines.map((line) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)
    if (fence === null && opening) {
      fence = opening[1]!.charAt(0)
      return ''
    }
    if (fence !== null) {
      if (new RegExp(`^\\s*\\${fence}{3,}\\s*$`).test(line)) fence = null
      return ''
    }
    return line
  }).join('\n')
}

/** GitHub's anchor for a heading's text (the slug rule of its markdown renderer). */
function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}

/** Every anchor a markdown text offers: its headings' slugs (repeats numbered) and explicit `<a id>`s. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of proseOf(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (heading) {
      const slug = slugOf(heading[1]!)
      const count = seen.get(slug) ?? 0
      seen.set(slug, count + 1)
      anchors.add(count === 0 ? slug : `${slug}-${count}`)
    }
  }
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!)
  return anchors
}

/** The targets of every inline link, image and reference definition in the prose. */
function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown)
  const inline = [...prose.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!)
  const references = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]!)
  return [...inline, ...references]
}

/** Repository files named in code spans (`lib/rio/client.ts`): a path with a slash and a source file's extension. */
function codePathsOf(markdown: string): string[] {
  const spans = [...proseOf(markdown).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!)
  return spans.filter((span) => /^[\w.-]+(?:\/[\w.-]+)+\.(?:ts|tsx|js|mjs|json|yml|md|rules|css|svg)$/.test(span))
}

/** What is wrong with the links of one markdown file (an empty list when nothing is). */
function linkProblems(file: string, markdown: string): string[] {
  const problems: string[] = []
  const where = path.relative(ROOT, file)
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
    const hashAt = target.indexOf('#')
    const filePart = decodeURIComponent(hashAt === -1 ? target : target.slice(0, hashAt))
    const anchor = hashAt === -1 ? null : decodeURIComponent(target.slice(hashAt + 1))
    const resolved = filePart === '' ? file : path.resolve(path.dirname(file), filePart)
    const inRepo = path.relative(ROOT, resolved)
    if (inRepo.startsWith('..') || path.isAbsolute(inRepo)) {
      problems.push(`${where}: ${target} points outside the repository`)
      continue
    }
    if (resolved !== file && !fs.existsSync(resolved)) {
      problems.push(`${where}: ${target} points to a missing file (${inRepo})`)
      continue
    }
    if (anchor === null) continue
    if (!resolved.endsWith('.md')) {
      problems.push(`${where}: ${target} has an anchor, but ${inRepo} is not a markdown file`)
      continue
    }
    const targetText = resolved === file ? markdown : fs.readFileSync(resolved, 'utf8')
    if (!anchorsOf(targetText).has(anchor)) problems.push(`${where}: ${target} names no heading of ${inRepo}`)
  }
  return problems
}

/** The base names of the repository's own markdown files (node_modules and build folders aside). */
const REPOSITORY_MD_NAMES: ReadonlySet<string> = new Set((function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : walk(path.join(dir, entry.name))
    return entry.name.endsWith('.md') ? [entry.name] : []
  })
})(ROOT))

/** Every `name.md` a markdown text mentions, in prose, code spans and links alike. */
function mdNamesOf(markdown: string): string[] {
  return [...markdown.matchAll(/([\w.-]+\.md)\b/g)].map((match) => path.basename(match[1]!))
}

describe('the checker', () => {
  test('gives headings the anchors GitHub gives them', () => {
    expect(slugOf('Delayed calls (`data.tasks`) and scheduled STATIC methods')).toBe('delayed-calls-datatasks-and-scheduled-static-methods')
    expect(slugOf('The production build on the local stack: `npm run start:local`')).toBe('the-production-build-on-the-local-stack-npm-run-startlocal')
    expect(slugOf('Methods (Account, owner only unless noted)')).toBe('methods-account-owner-only-unless-noted')
    expect(slugOf('Sign-in codes & [limits](x.md)')).toBe('sign-in-codes--limits')
    expect(anchorsOf('# Tests\n## Tests\n```\n# not a heading\n```\n')).toEqual(new Set(['tests', 'tests-1']))
  })

  test('finds a markdown document named anywhere in a text, and tells the repository\'s from others', () => {
    const names = mdNamesOf('Read NOTES-ELSEWHERE.md, `docs/testing.md` and [the runtime](../rio-local/README.md).')
    expect(names).toEqual(['NOTES-ELSEWHERE.md', 'testing.md', 'README.md'])
    expect(names.filter((name) => !REPOSITORY_MD_NAMES.has(name))).toEqual(['NOTES-ELSEWHERE.md'])
  })

  test('reports a missing file, a missing heading and a path out of the repository, and ignores code', () => {
    const page = path.join(DOCS_DIR, 'example.md')
    const markdown = [
      '# Example',
      'See [the schedule](subscriptions.md#no-such-heading), [a plan](missing.md), [elsewhere](../../elsewhere/x.md),',
      '[this page](#example), [the README](../README.md) and [a site](https://example.com/).',
      '```md',
      '[inside a code block](nowhere.md)',
      '```',
    ].join('\n')
    expect(linkProblems(page, markdown)).toEqual([
      'docs/example.md: subscriptions.md#no-such-heading names no heading of docs/subscriptions.md',
      'docs/example.md: missing.md points to a missing file (docs/missing.md)',
      'docs/example.md: ../../elsewhere/x.md points outside the repository',
    ])
  })
})

describe('the docs', () => {
  test.each(markdownFiles().map((file) => [path.relative(ROOT, file), file]))('%s: every relative link and anchor resolves', (_name, file) => {
    expect(linkProblems(file, fs.readFileSync(file, 'utf8'))).toEqual([])
  })

  test.each(markdownFiles().filter((file) => !file.includes(`${path.sep}rio-local${path.sep}`)).map((file) => [path.relative(ROOT, file), file]))(
    '%s: every repository file named in a code span exists',
    (_name, file) => {
      const missing = codePathsOf(fs.readFileSync(file, 'utf8')).filter((named) => !fs.existsSync(path.join(ROOT, named)))
      expect(missing).toEqual([])
    },
  )

  test('every docs page is linked from the README', () => {
    const linked = new Set(linkTargets(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'))
      .map((target) => path.resolve(ROOT, decodeURIComponent(target.split('#')[0]!))))
    const unlinked = markdownFiles().filter((file) => file.startsWith(DOCS_DIR) && !linked.has(file)).map((file) => path.relative(ROOT, file))
    expect(unlinked).toEqual([])
  })

  test('every markdown document a doc names by file name is in the repository', () => {
    const named = markdownFiles().flatMap((file) => mdNamesOf(fs.readFileSync(file, 'utf8'))
      .filter((name) => !REPOSITORY_MD_NAMES.has(name)).map((name) => `${path.relative(ROOT, file)}: ${name}`))
    expect(named).toEqual([])
  })
})
