/**
 * The app's own error words in the page's language; what the backend said stays its words. The
 * English message itself never changes (the spec's exact strings).
 */
import { asAppError } from '@/lib/rio/errors/app-error'
import { authFailedError, signInTimeoutError, toAppError } from '@/lib/rio/errors/map'
import { toAppErrorLater } from '@/lib/rio/errors/map-later'
import { errorText } from '@/lib/rio/errors/words'
import { translator } from '@/test/i18n'

const offline = { isAxiosError: true, message: 'Network Error' }

test('an unreachable service reads in each language, its English message unchanged', () => {
  const error = toAppError(offline)
  expect(error.message).toBe('Cannot reach the service. Check your connection and try again.')
  expect(errorText(translator('en'), error)).toBe('Cannot reach the service. Check your connection and try again.')
  expect(errorText(translator('de'), error)).toBe('Der Dienst ist nicht erreichbar. Prüfe deine Verbindung und versuch es noch einmal.')
  expect(errorText(translator('fr'), error)).toBe('Impossible de joindre le service. Vérifiez votre connexion et réessayez.')
})

test('a generic failure, a busy account, an HTTP failure and a time-out read in the page’s language', () => {
  expect(errorText(translator('es'), asAppError(new Error('boom')))).toBe('Algo ha salido mal. Inténtalo de nuevo.')
  expect(errorText(translator('it'), toAppError({ isAxiosError: true, response: { status: 570 } }))).toBe('Il servizio sta già gestendo un’altra modifica a questo account. Riprova.')
  expect(errorText(translator('nl'), toAppError({ isAxiosError: true, response: { status: 418 } }))).toBe('Het verzoek is mislukt (HTTP 418). Probeer het opnieuw.')
  expect(errorText(translator('de'), toAppError({ isAxiosError: true, code: 'ECONNABORTED', message: 'timeout' }))).toMatch(/innerhalb von 30 Sekunden/)
})

test('what the backend said is shown as it came, in any language', () => {
  const refused = toAppError({ isAxiosError: true, response: { status: 400, data: { code: 'BAD_POSTCODE', message: 'Postcode 123 is not valid in DE.' } } })
  expect(errorText(translator('de'), refused)).toBe('Postcode 123 is not valid in DE.')
})

test('the lazy mapping keeps the words’ key', async () => {
  expect(errorText(translator('fr'), await toAppErrorLater(offline))).toBe('Impossible de joindre le service. Vérifiez votre connexion et réessayez.')
})

test('a sign-in the server refused without words, or one that timed out, reads in the page’s language', () => {
  expect(errorText(translator('nl'), authFailedError(undefined))).toBe('De server heeft het inloggen geweigerd. Vraag een nieuwe code aan.')
  expect(errorText(translator('it'), signInTimeoutError(30))).toBe('L’accesso non si è concluso entro 30 secondi. Controlla la connessione e riprova.')
  expect(signInTimeoutError(30).message).toBe('Sign-in did not finish within 30 seconds. Check your connection and try again.')
  // What the server said stays its words.
  expect(errorText(translator('de'), authFailedError({ message: 'Token revoked' }))).toBe('Token revoked')
})
