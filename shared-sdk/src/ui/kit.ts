// The class names of the UI kit's stylesheet (kit.css, global classes with a `kb-` prefix),
// so a page writes `className={kit.row}` and a misspelt class fails type-checking. The
// stylesheet itself is loaded once per page (the shell's global.css, a remote's standalone
// host); tests need no stylesheet, the names are plain strings.
export const kit = {
  actions: 'kb-actions',
  badge: 'kb-badge',
  best: 'kb-best',
  bestCell: 'kb-best-cell',
  buyButton: 'kb-buy-button',
  card: 'kb-card',
  down: 'kb-down',
  error: 'kb-error',
  field: 'kb-field',
  grid: 'kb-grid',
  intro: 'kb-intro',
  item: 'kb-item',
  label: 'kb-label',
  linkButton: 'kb-link-button',
  links: 'kb-links',
  listRow: 'kb-list-row',
  muted: 'kb-muted',
  negative: 'kb-negative',
  note: 'kb-note',
  page: 'kb-page',
  positive: 'kb-positive',
  row: 'kb-row',
  rowHead: 'kb-row-head',
  sellButton: 'kb-sell-button',
  simulated: 'kb-simulated',
  stepButton: 'kb-step-button',
  stepper: 'kb-stepper',
  tag: 'kb-tag',
  up: 'kb-up',
  value: 'kb-value',
} as const;

export type KitClass = keyof typeof kit;
