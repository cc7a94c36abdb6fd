import type { NextApiRequest, NextApiResponse } from 'next'
import { bundleAnswer } from '@/lib/i18n/bundle-answer'

/**
 * GET /api/messages?bundle=confirmPlan&locale=de: the words a page loads after its first paint
 * (lib/i18n/bundles.ts). They change only with a deployment, whose build the browser adds to the
 * URL (`build`, not read here), so browsers and caches keep them a few minutes; a refusal is never kept.
 */
export default function messages(request: NextApiRequest, response: NextApiResponse): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD')
    response.status(405).json({ error: `/api/messages answers GET, not ${request.method ?? 'this method'}.` })
    return
  }
  const answer = bundleAnswer(request.query.bundle, request.query.locale)
  response.setHeader('Cache-Control', answer.status === 200 ? 'public, max-age=300' : 'no-store')
  response.status(answer.status).json(answer.body)
}
