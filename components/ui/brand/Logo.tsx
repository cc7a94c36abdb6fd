import styles from './Logo.module.css'

/**
 * The Bean & Bloom mark: a coffee bean whose seam opens into a leaf, drawn inline so it needs no
 * request and follows the current text colour in light and dark themes. Decorative: the link
 * around it carries the name.
 */
function LogoMark() {
  return (
    <svg width={36} height={36} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="var(--primary)" />
      <ellipse cx="24" cy="25" rx="11" ry="15" transform="rotate(28 24 25)" fill="var(--on-primary)" />
      <path
        d="M18.5 37.5c4-5.5 1.5-9.5 4-14.5s7.5-6 7.5-11"
        fill="none"
        stroke="var(--primary)"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <path d="M30 12c3.8-1.6 7.6-0.4 9 2.2-3.6 1.9-7.2 1-9-2.2z" fill="var(--accent)" />
    </svg>
  )
}

/** The mark plus the word mark, used in the header. */
export function Logo() {
  return (
    <span className={styles.logo}>
      <LogoMark />
      <span className={styles.word}>
        Bean <span className={styles.amp}>&amp;</span> Bloom
      </span>
    </span>
  )
}
