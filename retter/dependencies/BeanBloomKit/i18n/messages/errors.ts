/**
 * The app's own words for a failure of the service (lib/rio/errors): a page shows any of them, so
 * every page is sent this namespace. English is the spec's exact wording; what the backend or
 * Stripe says arrives in their words and is not here.
 */
import { Locale } from '../locales'

const en = {
  'errors.network': 'Cannot reach the service. Check your connection and try again.',
  'errors.unknown': 'Something went wrong. Please try again.',
  'errors.timeout': 'The service did not answer within 30 seconds. Please try again.',
  'errors.busy': 'The service is busy with another change to this account. Please try again.',
  'errors.serverError': 'The service is having trouble right now. Please try again in a moment.',
  'errors.validation': 'The request was not valid. Please check what you entered.',
  'errors.accessDenied': 'You are not allowed to do that. Please sign in again.',
  'errors.notFound': 'That was not found on the server.',
  'errors.httpFailed': 'The request failed (HTTP {status}). Please try again.',
  'errors.accountNotReady': 'Your account is still loading. Try again in a moment.',
  'errors.notSignedIn': 'Sign in to choose a plan.',
  'errors.noEmail': 'This session does not say which e-mail it belongs to. Sign out and sign in again.',
}

export type ErrorsKey = keyof typeof en

export const errors: { [locale in Locale]: { [key in ErrorsKey]: string } } = {
  en,
  de: {
    'errors.network': 'Der Dienst ist nicht erreichbar. Prüfe deine Verbindung und versuch es noch einmal.',
    'errors.unknown': 'Da ist etwas schiefgelaufen. Bitte versuch es noch einmal.',
    'errors.timeout': 'Der Dienst hat nicht innerhalb von 30 Sekunden geantwortet. Bitte versuch es noch einmal.',
    'errors.busy': 'Der Dienst bearbeitet gerade eine andere Änderung an diesem Konto. Bitte versuch es noch einmal.',
    'errors.serverError': 'Der Dienst hat gerade Probleme. Bitte versuch es gleich noch einmal.',
    'errors.validation': 'Die Anfrage war nicht gültig. Bitte prüfe deine Eingaben.',
    'errors.accessDenied': 'Das darfst du nicht. Bitte melde dich noch einmal an.',
    'errors.notFound': 'Das wurde auf dem Server nicht gefunden.',
    'errors.httpFailed': 'Die Anfrage ist fehlgeschlagen (HTTP {status}). Bitte versuch es noch einmal.',
    'errors.accountNotReady': 'Dein Konto wird noch geladen. Versuch es gleich noch einmal.',
    'errors.notSignedIn': 'Melde dich an, um ein Abo auszuwählen.',
    'errors.noEmail': 'Diese Sitzung sagt nicht, zu welcher E-Mail-Adresse sie gehört. Melde dich ab und wieder an.',
  },
  fr: {
    'errors.network': 'Impossible de joindre le service. Vérifiez votre connexion et réessayez.',
    'errors.unknown': 'Une erreur s’est produite. Veuillez réessayer.',
    'errors.timeout': 'Le service n’a pas répondu dans les 30\u202fsecondes. Veuillez réessayer.',
    'errors.busy': 'Le service traite déjà une autre modification de ce compte. Veuillez réessayer.',
    'errors.serverError': 'Le service rencontre des difficultés en ce moment. Veuillez réessayer dans un instant.',
    'errors.validation': 'La demande n’était pas valide. Vérifiez ce que vous avez saisi.',
    'errors.accessDenied': 'Vous n’êtes pas autorisé à faire cela. Veuillez vous reconnecter.',
    'errors.notFound': 'Introuvable sur le serveur.',
    'errors.httpFailed': 'La demande a échoué (HTTP {status}). Veuillez réessayer.',
    'errors.accountNotReady': 'Votre compte est encore en cours de chargement. Réessayez dans un instant.',
    'errors.notSignedIn': 'Connectez-vous pour choisir une formule.',
    'errors.noEmail': 'Cette session n’indique pas à quelle adresse e-mail elle appartient. Déconnectez-vous, puis reconnectez-vous.',
  },
  nl: {
    'errors.network': 'De dienst is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.',
    'errors.unknown': 'Er ging iets mis. Probeer het opnieuw.',
    'errors.timeout': 'De dienst gaf binnen 30 seconden geen antwoord. Probeer het opnieuw.',
    'errors.busy': 'De dienst is bezig met een andere wijziging aan dit account. Probeer het opnieuw.',
    'errors.serverError': 'De dienst heeft op dit moment problemen. Probeer het zo meteen opnieuw.',
    'errors.validation': 'Het verzoek was niet geldig. Controleer wat je hebt ingevuld.',
    'errors.accessDenied': 'Dat mag je niet doen. Log opnieuw in.',
    'errors.notFound': 'Dat is niet gevonden op de server.',
    'errors.httpFailed': 'Het verzoek is mislukt (HTTP {status}). Probeer het opnieuw.',
    'errors.accountNotReady': 'Je account wordt nog geladen. Probeer het zo meteen opnieuw.',
    'errors.notSignedIn': 'Log in om een abonnement te kiezen.',
    'errors.noEmail': 'Deze sessie zegt niet bij welk e-mailadres ze hoort. Log uit en log opnieuw in.',
  },
  it: {
    'errors.network': 'Impossibile raggiungere il servizio. Controlla la connessione e riprova.',
    'errors.unknown': 'Qualcosa è andato storto. Riprova.',
    'errors.timeout': 'Il servizio non ha risposto entro 30 secondi. Riprova.',
    'errors.busy': 'Il servizio sta già gestendo un’altra modifica a questo account. Riprova.',
    'errors.serverError': 'Il servizio ha dei problemi in questo momento. Riprova tra poco.',
    'errors.validation': 'La richiesta non era valida. Controlla i dati inseriti.',
    'errors.accessDenied': 'Non hai il permesso di farlo. Accedi di nuovo.',
    'errors.notFound': 'Non trovato sul server.',
    'errors.httpFailed': 'La richiesta non è andata a buon fine (HTTP {status}). Riprova.',
    'errors.accountNotReady': 'Il tuo account si sta ancora caricando. Riprova tra poco.',
    'errors.notSignedIn': 'Accedi per scegliere un abbonamento.',
    'errors.noEmail': 'Questa sessione non indica a quale indirizzo e-mail appartiene. Esci e accedi di nuovo.',
  },
  es: {
    'errors.network': 'No se puede conectar con el servicio. Comprueba tu conexión e inténtalo de nuevo.',
    'errors.unknown': 'Algo ha salido mal. Inténtalo de nuevo.',
    'errors.timeout': 'El servicio no ha respondido en 30 segundos. Inténtalo de nuevo.',
    'errors.busy': 'El servicio está ocupado con otro cambio en esta cuenta. Inténtalo de nuevo.',
    'errors.serverError': 'El servicio tiene problemas en este momento. Inténtalo de nuevo en un momento.',
    'errors.validation': 'La solicitud no era válida. Revisa lo que has introducido.',
    'errors.accessDenied': 'No tienes permiso para hacer eso. Vuelve a iniciar sesión.',
    'errors.notFound': 'No se ha encontrado en el servidor.',
    'errors.httpFailed': 'La solicitud ha fallado (HTTP {status}). Inténtalo de nuevo.',
    'errors.accountNotReady': 'Tu cuenta todavía se está cargando. Inténtalo de nuevo en un momento.',
    'errors.notSignedIn': 'Inicia sesión para elegir un plan.',
    'errors.noEmail': 'Esta sesión no indica a qué dirección de correo pertenece. Cierra sesión y vuelve a iniciarla.',
  },
}
