/**
 * The dev inbox page: the outbox as a developer reads mail, newest first, each message's HTML
 * rendered in a sandboxed frame (no scripts, an opaque origin, no network through the page's CSP)
 * with its plain text beside it. The page itself has no script: filtering is a plain GET form.
 * Everything from a message is escaped; its HTML only ever lives inside the frame's `srcdoc`.
 */
import type { DevOutboxMessage } from '../../storage/types'
import { shortDateTime } from '../../../retter/dependencies/BeanBloomSubscription/dates'

/** The machine's time zone: the inbox is read on the machine that runs it. */
const LOCAL_ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/** When a message was sent, written as the app writes times ("Fri 27 Nov 2026, 10:45"), with the zone named. */
function sentText(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? iso : `${shortDateTime(iso, LOCAL_ZONE)} (${LOCAL_ZONE})`
}

/**
 * The page's Content-Security-Policy. No script anywhere; styles inline only (e-mails style
 * themselves inline); images only as data: URIs (no tracking pixel or remote image is fetched);
 * frames inherit this policy, so a message can load nothing either.
 */
export const INBOX_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f6f3ef;color:#222}
header{padding:12px 20px;background:#3b2a20;color:#fff;display:flex;gap:16px;align-items:center;flex-wrap:wrap}
header h1{font-size:18px;margin:0}
form{display:flex;gap:8px;align-items:center}
input[type=email],input[type=text]{padding:4px 8px;min-width:16rem}
main{padding:16px 20px;display:grid;gap:16px}
article{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px 16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 12px}
dt{color:#666}dd{margin:0;overflow-wrap:anywhere}
.body{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:12px}
iframe{width:100%;height:420px;border:1px solid #ccc;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0;padding:8px;background:#faf8f5;border:1px solid #eee;max-height:420px;overflow:auto}
.code{font-weight:700;font-size:17px;letter-spacing:.1em}
@media (max-width:800px){.body{grid-template-columns:1fr}}
`

function message(m: DevOutboxMessage): string {
  const rows: Array<[string, string]> = [
    ['To', m.to],
    ['Subject', m.subject],
    ['Sent', sentText(m.sentAt)],
  ]
  const code = m.code === undefined ? '' : `<dt>Sign-in code</dt><dd class="code">${escapeHtml(m.code)}</dd>`
  const html =
    m.html === undefined
      ? '<p>No HTML part: the plain text is the whole message.</p>'
      : // sandbox="" (no allow-* token): no scripts, no forms, no popups, no navigation of the page.
        `<iframe sandbox="" referrerpolicy="no-referrer" title="${escapeHtml(`HTML of “${m.subject}”`)}" srcdoc="${escapeHtml(m.html)}"></iframe>`
  return `<article>
<dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v)}</dd>`).join('')}${code}</dl>
<div class="body"><section aria-label="HTML">${html}</section><section aria-label="Plain text"><pre>${escapeHtml(m.text)}</pre></section></div>
</article>`
}

/**
 * The inbox page.
 * @param messages newest first
 * @param key the inbox key, carried by the filter form
 * @param to the address filtered on, if any
 */
export function renderInboxPage(messages: DevOutboxMessage[], key: string, to: string | undefined): string {
  const title = to === undefined ? 'Dev inbox' : `Dev inbox: ${to}`
  const list = messages.length === 0 ? `<p>No e-mail${to === undefined ? '' : ` to ${escapeHtml(to)}`} yet.</p>` : messages.map(message).join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<form method="get" action="">
<input type="hidden" name="key" value="${escapeHtml(key)}">
<label for="to">Address</label>
<input id="to" type="text" name="to" value="${escapeHtml(to ?? '')}" placeholder="you@example.com">
<button type="submit">Filter</button>
</form>
<span>${messages.length} message${messages.length === 1 ? '' : 's'}, newest first; nothing here leaves this machine.</span>
</header>
<main>
${list}
</main>
</body>
</html>
`
}
