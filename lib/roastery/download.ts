/**
 * Saves text as a file from the browser, without a round trip to any server: a Blob, a temporary
 * object URL and a link with `download` (the file never leaves the device).
 * @param fileName what the file is saved as
 * @param text its content
 * @param type its MIME type
 */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.hidden = true
  document.body.appendChild(link)
  link.click()
  link.remove()
  // After the click has handed the file to the browser's download.
  window.setTimeout(() => URL.revokeObjectURL(url), 0)
}
