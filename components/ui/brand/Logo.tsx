interface LogoMarkProps {
  size?: number
  /** Decorative next to the visible brand name; give a title when the mark stands alone. */
  title?: string
}

/**
 * The Bean & Bloom mark: a coffee bean whose seam opens into a leaf, drawn inline so it needs no
 * request and follows the current text colour in light and dark themes.
 */
export function LogoMark({ size = 36, title }: LogoMarkProps) {
  const labelled = Boolean(title)
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={labelled ? 'img' : undefined}
      aria-hidden={labelled ? undefined : true}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
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
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.6rem' }}>
      <LogoMark />
      <span
        style={{
          fontFamily: 'var(--font-serif)',
          fontWeight: 700,
          fontSize: '1.35rem',
          letterSpacing: '-0.01em',
          whiteSpace: 'nowrap',
        }}
      >
        Bean <span style={{ color: 'var(--accent)' }}>&amp;</span> Bloom
      </span>
    </span>
  )
}
