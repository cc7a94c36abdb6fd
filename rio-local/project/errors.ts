/** The error of a project the runtime cannot load: its message names the file and key at fault. */
export class ProjectError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProjectError'
  }
}
