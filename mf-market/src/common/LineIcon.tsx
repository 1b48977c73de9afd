// A line icon drawn inline (24-unit box, current text colour): no icon font, no emoji, no extra request.
export function LineIcon({ path, size, strokeWidth = 1.8, className }: { path: string; size: number; strokeWidth?: number; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}
