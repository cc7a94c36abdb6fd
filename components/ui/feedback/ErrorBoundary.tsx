import { useT } from '@/contexts/I18nContext'
import { AppLink } from '@/components/ui/AppLink'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import styles from './Feedback.module.css'
import { ROUTES } from '@/lib/routes'

interface ErrorBoundaryProps {
  children: ReactNode
  /** Changing this (the route) clears a caught error, so navigating away recovers. */
  resetKey?: string
}

interface ErrorBoundaryState {
  error: Error | null
}

/**
 * Catches render errors of the page below it and shows a way back (try again, reload, home)
 * instead of a blank screen. Event-handler and async errors are not render errors; those end in
 * a toast or an inline message where they happen.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null }

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept for whoever reads the browser console when a customer reports the screen.
    console.error('Page crashed while rendering', error, info.componentStack)
  }

  componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null })
  }

  private retry = () => this.setState({ error: null })

  private reload = () => window.location.reload()

  render() {
    if (!this.state.error) return this.props.children
    return <CrashPanel onRetry={this.retry} onReload={this.reload} />
  }
}

/** What a crashed page shows: what happened and three ways on. */
function CrashPanel({ onRetry, onReload }: { onRetry(): void; onReload(): void }) {
  const t = useT()
  return (
    <section className={`card ${styles.panel}`} role="alert" aria-labelledby="crash-title">
      <h1 id="crash-title">{t('shell.crash.title')}</h1>
      <p>{t('shell.crash.text')}</p>
      <div className={styles.actions}>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('shell.crash.retry')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onReload}>
          {t('shell.crash.reload')}
        </button>
        {/* Navigating changes resetKey, which clears the caught error. */}
        <AppLink className="btn btn-link" href={ROUTES.plans}>
          {t('shell.crash.home')}
        </AppLink>
      </div>
    </section>
  )
}
