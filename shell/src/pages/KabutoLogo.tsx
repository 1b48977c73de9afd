// Kabuto's mark: a samurai helmet (kabuto) with its crest, drawn in the accent colour.
export function KabutoLogo({ size = 96 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} role="img" aria-label="Kabuto">
      {/* crest (kuwagata) */}
      <path d="M30 22 15 4l7 1 10 13 10-13 7-1-15 18z" fill="var(--kabuto-accent)" />
      {/* bowl */}
      <path d="M13 42c0-12 8.5-20 19-20s19 8 19 20z" fill="var(--kabuto-accent)" />
      {/* neck guard (shikoro) */}
      <path d="M7 42h50l-6 11H13z" fill="var(--kabuto-accent-strong)" />
      <path d="M13 47h38" stroke="var(--kabuto-bg)" strokeWidth="1.5" />
      <circle cx="32" cy="32" r="3" fill="var(--kabuto-bg)" />
    </svg>
  );
}
