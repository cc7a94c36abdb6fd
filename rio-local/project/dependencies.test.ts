/**
 * Project dependencies (`dependencies/<name>/`), as Retter mounts them: a class's `require('<name>')`
 * reaches the folder only when its template.yml lists it, and the loader refuses, naming class,
 * dependency and the line to add, a class that requires one it does not list, a listed one without
 * a folder, and more than 5. Checked under jest (jest-resolver.js) and under tsx, as `npm run dev`
 * runs (aliases.ts), in a child process.
 */
import { execFile } from 'node:child_process'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { createBackend } from '../app'
import { call, sessions } from '../test/in-process'
import { emptyProject, type TempProject } from '../test/projects'
import { loadProject, ProjectError } from './load'

const ROOT = resolve(__dirname, '..', '..')
const projects: TempProject[] = []
afterAll(() => projects.forEach((project) => project.remove()))

/**
 * A project with one class, `Greeter`, whose STATIC `hello` answers what `index.ts` computes, and
 * the given files (dependencies among them).
 */
function greeterProject(options: { listed?: string; index: string; files?: Record<string, string> }): TempProject {
  const project = emptyProject()
  projects.push(project)
  const listed = options.listed === undefined ? '' : `dependencies:${options.listed}\n`
  project.write('classes/Greeter/template.yml', `${listed}methods:\n  - method: hello\n    type: STATIC\n    handler: index.hello\n`)
  project.write('classes/Greeter/index.ts', options.index)
  for (const [path, content] of Object.entries(options.files ?? {})) project.write(path, content)
  return project
}

const GREETING = {
  'dependencies/Greeting/index.ts': "export function greet(name: string): string { return 'Hello, ' + name }\n",
  'dependencies/Greeting/loud.ts': 'export function loud(text: string): string { return text.toUpperCase() }\n',
}
const HELLO = `
import { greet } from 'Greeting'
import { loud } from 'Greeting/loud'
export async function hello(data: { response?: unknown }) {
  data.response = { statusCode: 200, body: { text: loud(greet('Ann')) } }
  return data
}
`

describe('a class that lists a dependency', () => {
  test('requires it by name (and its modules by name/path), and its calls run the dependency code', async () => {
    const project = greeterProject({ listed: '\n  - Greeting', index: HELLO, files: GREETING })
    const backend = await createBackend({ projectId: 'deps-tests', storage: 'memory', projectDir: project.dir })
    try {
      const anon = await sessions(backend).anonymous()
      const answer = await call<{ text: string }>(backend, 'GET', `/deps-tests/CALL/Greeter/hello/static?_token=${anon}`)
      expect(answer).toMatchObject({ status: 200, body: { text: 'HELLO, ANN' } })
    } finally {
      await backend.close()
    }
  })

  test('a dependency may require another one when every class that lists it lists that one too', () => {
    const project = greeterProject({
      listed: '\n  - Greeting\n  - Words',
      index: "import { greeting } from 'Greeting'\nexport async function hello(data: { response?: unknown }) { data.response = { statusCode: 200, body: greeting() }; return data }\n",
      files: {
        'dependencies/Words/index.ts': "export const HELLO = 'hello'\n",
        'dependencies/Greeting/index.ts': "import { HELLO } from 'Words'\nexport function greeting(): string { return HELLO }\n",
      },
    })
    expect(loadProject(project.dir).classes.get('Greeter')?.methods.map((m) => m.method)).toEqual(['hello'])
  })
})

describe('the loader refuses', () => {
  function refusal(project: TempProject): string {
    try {
      loadProject(project.dir)
    } catch (err) {
      expect(err).toBeInstanceOf(ProjectError)
      return (err as Error).message
    }
    throw new Error('the project loaded')
  }

  test('a class that requires a dependency its template.yml does not list, saying which line to add', () => {
    const message = refusal(greeterProject({ index: HELLO, files: GREETING }))
    expect(message).toContain('Greeter requires the dependency "Greeting" (in classes/Greeter/index.ts), which classes/Greeter/template.yml does not list')
    expect(message).toContain('Add it to classes/Greeter/template.yml:\ndependencies:\n  - Greeting')
  })

  test('a dependency whose code requires one that a class listing it does not list, naming that class', () => {
    const message = refusal(greeterProject({
      listed: '\n  - Greeting',
      index: "import { greeting } from 'Greeting'\nexport async function hello(data: unknown) { return [data, greeting()] }\n",
      files: {
        'dependencies/Words/index.ts': "export const HELLO = 'hello'\n",
        'dependencies/Greeting/index.ts': "import { HELLO } from 'Words'\nexport function greeting(): string { return HELLO }\n",
      },
    }))
    expect(message).toContain('dependencies/Greeting requires the dependency "Words", but Greeter lists Greeting without it')
    expect(message).toContain('Add it to classes/Greeter/template.yml:\ndependencies:\n  - Words')
  })

  test.each([
    ['a listed dependency without a folder', '\n  - Greeting\n  - Missing',
      'Greeter/template.yml dependencies[1]: there is no folder dependencies/Missing/ in the project'],
    ['more than 5 dependencies', '\n  - Greeting\n  - A\n  - B\n  - C\n  - D\n  - E',
      'Greeter/template.yml dependencies: 6 dependencies listed; Retter allows at most 5 per class'],
    ['a name that is not a folder name', '\n  - ../classes/Greeter',
      'Greeter/template.yml dependencies[0]: a dependency is the name of a folder under dependencies/'],
    ['a name listed twice', '\n  - Greeting\n  - Greeting', 'Greeter/template.yml dependencies[1]: "Greeting" is listed twice'],
    ['a dependencies key that is not a list', ' Greeting', 'Greeter/template.yml dependencies: a list of dependency names'],
    ['a dependency folder require() cannot load', '\n  - Empty',
      'Greeter/template.yml dependencies[0]: dependencies/Empty/ has no index.ts or index.js'],
  ])('%s', (_what, listed, expected) => {
    const project = greeterProject({ listed, index: HELLO, files: { ...GREETING, 'dependencies/Empty/README.md': 'nothing to require\n' } })
    for (const name of ['A', 'B', 'C', 'D', 'E']) project.write(`dependencies/${name}/index.ts`, 'export {}\n')
    expect(refusal(project)).toContain(expected)
  })
})

describe('under tsx, as npm run dev loads the project', () => {
  /** Loads `project` in a tsx child process and calls Greeter.hello: its answer, or the load error. */
  async function loadWithTsx(project: TempProject): Promise<string> {
    const script = [
      "const { loadProject } = require('./rio-local/project/load')",
      'let project',
      'try { project = loadProject(process.env.PROJECT_UNDER_TEST) } catch (err) { console.log(err.name + ": " + err.message); process.exit(0) }',
      "project.classes.get('Greeter').methods[0].handler({}).then((data) => console.log(JSON.stringify(data.response.body)))",
    ].join('\n')
    const { stdout } = await promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'tsx'), ['-e', script], {
      cwd: ROOT,
      env: { ...process.env, PROJECT_UNDER_TEST: project.dir },
      timeout: 30_000,
    })
    return stdout.trim()
  }

  test('a listed dependency resolves; an unlisted one fails the load with the same message', async () => {
    const [listed, unlisted] = await Promise.all([
      loadWithTsx(greeterProject({ listed: '\n  - Greeting', index: HELLO, files: GREETING })),
      loadWithTsx(greeterProject({ index: HELLO, files: GREETING })),
    ])
    expect(JSON.parse(listed)).toEqual({ text: 'HELLO, ANN' })
    expect(unlisted).toContain('ProjectError: Greeter requires the dependency "Greeting" (in classes/Greeter/index.ts), which classes/Greeter/template.yml does not list')
    expect(unlisted).toContain('dependencies:\n  - Greeting')
  }, 60_000)
})
