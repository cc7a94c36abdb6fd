/**
 * The project a class test composes when it needs a handler to behave otherwise (an outage, a
 * loader): each wrapper is written into its class folder and the class's template.yml names it
 * instead of the real handler. Shared by the Account's and the Roastery's tests; lives in
 * `__tests__/`, which never deploys (retter/.rioignore).
 */
import { composeProject, type TempProject } from '../../../../rio-local/test/projects'

/** A wrapper of one handler: its file, its source, and the template.yml line it takes over. */
export interface HandlerWrapper {
  /** The wrapper's path in the project, e.g. `classes/Roastery/outage.ts`. */
  file: string
  /** Its source, one line an entry. */
  source: string[]
  /** The class's template.yml in the project. */
  template: string
  /** The template's line naming the real handler, and the line naming the wrapper instead. */
  from: string
  to: string
}

/** The repository's project, composed afresh, with `wrappers` in place. The caller removes it. */
export function composeWithWrappers(wrappers: HandlerWrapper[]): TempProject {
  const project = composeProject()
  // The real file system even where a test file mocks it.
  const { readFileSync } = jest.requireActual<typeof import('node:fs')>('node:fs')
  const { join } = jest.requireActual<typeof import('node:path')>('node:path')
  for (const wrapper of wrappers) {
    project.write(wrapper.file, wrapper.source.join('\n'))
    project.write(wrapper.template, readFileSync(join(project.dir, wrapper.template), 'utf8').replace(wrapper.from, wrapper.to))
  }
  return project
}
