// Bottom-menu icons, drawn for Kabuto: an outline form (inactive) and a filled form
// (active) per tab (spec §2). Inline SVG in currentColor, so CSS decides the colour
// and no image request sits on the first paint.
import type { ReactElement } from 'react';
import type { TabKey } from '@kabuto/shared-sdk';

interface IconProps {
  active: boolean;
}

function Svg({ children }: { children: ReactElement | ReactElement[] }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.7, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function HomeIcon({ active }: IconProps) {
  return active ? (
    <Svg>
      <path d="M3 10.6 12 3l9 7.6V20a1 1 0 0 1-1 1h-5.2v-6h-5.6v6H4a1 1 0 0 1-1-1z" fill="currentColor" />
    </Svg>
  ) : (
    <Svg>
      <path d="M3.5 10.8 12 3.7l8.5 7.1V20a.5.5 0 0 1-.5.5h-5v-6h-6v6H4a.5.5 0 0 1-.5-.5z" {...stroke} />
    </Svg>
  );
}

/** Two candlesticks: the market. */
function MarketIcon({ active }: IconProps) {
  return active ? (
    <Svg>
      <path d="M8 2.5v3M8 17.5v4M16 4.5v4M16 19v2.5" {...stroke} strokeWidth={2} />
      <rect x="5" y="5.5" width="6" height="12" rx="1" fill="currentColor" />
      <rect x="13" y="8.5" width="6" height="10.5" rx="1" fill="currentColor" />
    </Svg>
  ) : (
    <Svg>
      <path d="M8 2.5v3M8 17.5v4M16 4.5v4M16 19v2.5" {...stroke} />
      <rect x="5.5" y="5.5" width="5" height="12" rx="1" {...stroke} />
      <rect x="13.5" y="8.5" width="5" height="10.5" rx="1" {...stroke} />
    </Svg>
  );
}

/** Opposing arrows: buy and sell. */
function TradeIcon({ active }: IconProps) {
  return active ? (
    <Svg>
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d="M7 9.5h9.5l-2.5-2.5M17 14.5H7.5l2.5 2.5" fill="none" stroke="var(--kabuto-bg)" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  ) : (
    <Svg>
      <circle cx="12" cy="12" r="9.5" {...stroke} />
      <path d="M7 9.5h9.5l-2.5-2.5M17 14.5H7.5l2.5 2.5" {...stroke} />
    </Svg>
  );
}

function NewsIcon({ active }: IconProps) {
  return active ? (
    <Svg>
      <path d="M4 4h13a1 1 0 0 1 1 1v1h2a1 1 0 0 1 1 1v11a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V5a1 1 0 0 1 1-1z" fill="currentColor" />
      <path d="M7 8.5h7M7 12h7M7 15.5h4" fill="none" stroke="var(--kabuto-bg)" strokeWidth={1.7} strokeLinecap="round" />
    </Svg>
  ) : (
    <Svg>
      <path d="M17.5 18V4.5h-14V18A2.5 2.5 0 0 0 6 20.5h12a2.5 2.5 0 0 0 2.5-2.5V7.5h-3" {...stroke} />
      <path d="M7 8.5h7M7 12h7M7 15.5h4" {...stroke} />
    </Svg>
  );
}

function MineIcon({ active }: IconProps) {
  return active ? (
    <Svg>
      <circle cx="12" cy="8" r="4.5" fill="currentColor" />
      <path d="M3.5 21a8.5 8.5 0 0 1 17 0z" fill="currentColor" />
    </Svg>
  ) : (
    <Svg>
      <circle cx="12" cy="8" r="4" {...stroke} />
      <path d="M4 20.5a8 8 0 0 1 16 0" {...stroke} />
    </Svg>
  );
}

export const TAB_ICONS: Readonly<Record<TabKey, (props: IconProps) => ReactElement>> = {
  home: HomeIcon,
  market: MarketIcon,
  trade: TradeIcon,
  news: NewsIcon,
  mine: MineIcon,
};

export function BellIcon() {
  return (
    <Svg>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" {...stroke} />
    </Svg>
  );
}

export function GearIcon() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="3" {...stroke} />
      <circle cx="12" cy="12" r="6.5" {...stroke} />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" {...stroke} />
    </Svg>
  );
}

export function BackIcon() {
  return (
    <Svg>
      <path d="M15 4.5 7.5 12l7.5 7.5" {...stroke} strokeWidth={2} />
    </Svg>
  );
}

export function SearchIcon() {
  return (
    <Svg>
      <circle cx="10.5" cy="10.5" r="6" {...stroke} />
      <path d="m15 15 5 5" {...stroke} />
    </Svg>
  );
}
