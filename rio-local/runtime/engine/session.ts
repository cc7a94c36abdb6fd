/**
 * The root-project session calls of SDK 0.4.0 (`/root/INSTANCE/ProjectUser`,
 * `/root/CALL/ProjectUser/{authWithCustomToken|refreshToken|signOut}/{projectId}_{userId}`).
 */
import type { TokenCheck, TokenService } from '../../auth/tokens'
import type { BackendResponse } from '../wire-types'
import { HttpError, json } from '../responses'
import type { ParsedRequest } from '../wire-types'

function answer<T>(result: TokenCheck<T>, body: (value: T) => unknown): BackendResponse {
  if (!result.ok) throw new HttpError(401, result.code, result.message)
  return json(200, body(result.value))
}

/**
 * Serves a request whose first path segment is the root project.
 * @param projectId the only project this backend serves
 * @param rest path segments after `root`
 */
export async function handleSession(projectId: string, tokens: TokenService, rest: string[], req: ParsedRequest): Promise<BackendResponse> {
  const [action, classId, method, target, ...extra] = rest
  if (classId !== 'ProjectUser' || extra.length > 0) {
    throw new HttpError(404, 'NOT_FOUND', 'The root project only serves ProjectUser session calls')
  }
  if (action === 'INSTANCE' && method === undefined) {
    if (req.query.projectId !== projectId) {
      throw new HttpError(404, 'PROJECT_NOT_FOUND', `This backend serves project "${projectId}", not "${req.query.projectId ?? ''}"`)
    }
    const { userId, tokenData } = await tokens.issueAnonymous()
    // Like Retter's ProjectUser instance ids: `{projectId}_{userId}`.
    return json(200, { instanceId: `${projectId}_${userId}`, methods: [], newInstance: true, response: tokenData })
  }
  if (action !== 'CALL' || target === undefined) throw new HttpError(404, 'NOT_FOUND', 'Unknown session call')
  const prefix = `${projectId}_`
  if (!target.startsWith(prefix)) {
    throw new HttpError(401, 'TOKEN_WRONG_PROJECT', `Session calls of this backend are for project "${projectId}"`)
  }
  const userId = target.slice(prefix.length)
  switch (method) {
    case 'authWithCustomToken':
      return answer(await tokens.signInWithCustomToken(req.query.customToken, userId), (data) => data)
    case 'refreshToken':
      return answer(await tokens.refresh(req.query.refreshToken, userId), (data) => data)
    case 'signOut':
      return answer(await tokens.signOut(req.query.accessToken, userId), () => ({ signedOut: true }))
    default:
      throw new HttpError(404, 'METHOD_NOT_FOUND', `ProjectUser has no method "${method ?? ''}"`)
  }
}
