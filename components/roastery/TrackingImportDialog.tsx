import { useId, useState } from 'react'
import { Dialog } from '@/components/ui/Dialog'
import { useSendOnce } from '@/components/react/useSendOnce'
import { CARRIERS } from '@retter-shared/BeanBloomBoard/carriers'
import { trackingFromCsv, type TrackingEntry } from '@/lib/roastery/tracking-csv'
import styles from './Roastery.module.css'
import { DialogFormActions } from './DialogFormActions'
import { useT } from '@/contexts/I18nContext'

export interface TrackingImportDialogProps {
  dayLabel: string
  /** The day's deliveries still to ship (a file's other references are counted, not sent). */
  deliveryIds: ReadonlyArray<string>
  /** Sends the entries (all or nothing); rejects with an AppError naming the row refused. */
  onImport(entries: TrackingEntry[]): Promise<void>
  onClose(): void
}

/** A chosen file's text (FileReader: older tablet browsers lack File.text). */
function fileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '')
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'))
    reader.readAsText(file)
  })
}

/**
 * A carrier's export of the day's labels (reference = the packing list's Delivery, and the tracking
 * number it assigned) read in one go, so staff need not type a number per parcel.
 */
export function TrackingImportDialog({ dayLabel, deliveryIds, onImport, onClose }: TrackingImportDialogProps) {
  const t = useT()
  const [carrier, setCarrier] = useState(CARRIERS[0]?.id ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const [ready, setReady] = useState<{ entries: TrackingEntry[]; skipped: number } | null>(null)
  const [text, setText] = useState<string | null>(null)
  const ids = useId()
  const { send, sending, error, inFlight } = useSendOnce((entries: TrackingEntry[]) => onImport(entries))

  function read(fileText: string, carrierId: string): void {
    const result = trackingFromCsv(fileText, deliveryIds, carrierId, t)
    if ('message' in result) {
      setReady(null)
      setProblem(result.message)
    } else {
      setProblem(null)
      setReady(result)
    }
  }

  async function chosen(file: File | undefined): Promise<void> {
    if (!file) return
    try {
      const content = await fileText(file)
      setText(content)
      read(content, carrier)
    } catch {
      setReady(null)
      setProblem(t('roastery.import.unreadable', { file: file.name }))
    }
  }

  return (
    <Dialog
      title={t('roastery.import.title', { day: dayLabel })}
      onClose={() => { if (!inFlight()) onClose() }}
      description={<p>{t('roastery.import.text')}</p>}
    >
      <form onSubmit={(e) => { e.preventDefault(); if (ready) void send(ready.entries) }} noValidate className={styles.dialogForm}>
        <div className={styles.field}>
          <label htmlFor={`${ids}-carrier`}>{t('roastery.import.carrier')}</label>
          <select id={`${ids}-carrier`} value={carrier} onChange={(e) => { setCarrier(e.target.value); if (text !== null) read(text, e.target.value) }}>
            {CARRIERS.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-file`}>{t('roastery.import.file')}</label>
          <input id={`${ids}-file`} type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(e) => void chosen(e.target.files?.[0])} />
        </div>
        {ready ? <p role="status">{ready.skipped
          ? t('roastery.import.readySkipped', { count: ready.entries.length, skipped: ready.skipped })
          : t('roastery.import.ready', { count: ready.entries.length })}</p> : null}
        {problem ? <p className={styles.error} role="alert">{problem}</p> : null}
        {error ? <p className={styles.error} role="alert">{error.message}</p> : null}
        <DialogFormActions label={t('roastery.import.submit')} busy={t('roastery.import.busy')} sending={sending} disabled={!ready} onCancel={onClose} />
      </form>
    </Dialog>
  )
}
