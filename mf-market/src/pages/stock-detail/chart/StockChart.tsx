// The stock-detail chart as inline SVG: candlesticks with MA5/10/20 (or the time-sharing
// line and its average) over volume. No chart library: ECharts was ~207 KiB gzip of
// script for rectangles and lines, the stock page's largest main-thread cost on a phone.
// Where things go is chart-geometry.ts; this file draws it and handles the gestures.
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type PointerEvent, type RefObject } from 'react';
import { formatPrice, formatShares } from '../../../common/quote-format';
import { useMarketText } from '../../../common/texts';
import {
  barIndexAt,
  barLabel,
  barX,
  buildScene,
  CHART_HEIGHT,
  followWindow,
  MIN_VISIBLE_BARS,
  openingWindow,
  panWindow,
  PLOT,
  plotWidth,
  zoomWindow,
  type BarWindow,
} from './chart-geometry';
import type { ChartBar, ChartColours, ChartKind } from './types';
import styles from './stock-chart.module.css';

/** Reads the design tokens (the shell's CSS variables) so the chart matches the page. */
function themeColours(): ChartColours {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    up: read('--kabuto-red', '#f0443a'),
    down: read('--kabuto-green', '#1fbf75'),
    text: read('--kabuto-text-weak', '#6f857a'),
    grid: read('--kabuto-border', '#24402f'),
    line: read('--kabuto-text', '#ffffff'),
    avg: '#ffb800',
    ma: ['#ffb800', '#4aa8ff', '#c77dff'],
  };
}

/** Until the box is measured (and in jsdom, which lays nothing out): a phone's width. */
const FALLBACK_WIDTH = 360;
/** The crosshair stays this long after the finger lifts, so its numbers can be read. */
const CROSSHAIR_LINGER_MS = 1500;
/** Less horizontal travel than this is a tap (crosshair), more a drag (pan). */
const DRAG_SLOP_PX = 6;
/** A finger held this long before it moves scrubs the crosshair instead of panning. */
const LONG_PRESS_MS = 300;
/** Wheel travel (px) per e-fold of bars: a mouse notch (100 px) zooms about 20 %. */
const WHEEL_PX_PER_E = 500;

type Gesture =
  | { type: 'press'; x: number; at: number; origin: BarWindow }
  | { type: 'pan'; x: number; origin: BarWindow }
  | { type: 'scrub' }
  | { type: 'pinch'; distance: number; anchor: number; origin: BarWindow };

/** The window the customer chose, with the series it was chosen on. */
interface View {
  window: BarWindow;
  count: number;
  kind: ChartKind;
}

interface StockChartProps {
  bars: readonly ChartBar[];
  kind: ChartKind;
}

function useBoxWidth(box: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  // Measured before paint, then kept in step: the chart draws in pixels so its text never stretches.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return width;
}

const price = (yen: number | undefined) => (yen === undefined ? '--' : formatPrice(Math.round(yen * 10)));

export default function StockChart({ bars, kind }: StockChartProps) {
  const { t } = useMarketText();
  const box = useRef<HTMLDivElement>(null);
  const width = useBoxWidth(box);
  const [colours] = useState(themeColours);
  const [view, setView] = useState<View>(() => ({ window: openingWindow(bars.length, kind), count: bars.length, kind }));
  // Refreshes (every 30 s) bring new bars; the window follows them without a state round trip.
  const shown =
    view.kind !== kind ? openingWindow(bars.length, kind) : view.count === bars.length ? view.window : followWindow(view.window, view.count, bars.length, kind);
  const show = (window: BarWindow) => {
    if (window.start !== shown.start || window.size !== shown.size) setView({ window, count: bars.length, kind });
  };
  const [cursor, setCursor] = useState<number | null>(null);

  const pointers = useRef(new Map<number, number>());
  const gesture = useRef<Gesture | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wheelTravel = useRef(0);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const pointAt = (x: number) => {
    clearTimeout(hideTimer.current);
    setCursor(barIndexAt(x, kind, shown, width));
  };
  const hideSoon = () => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setCursor(null), CROSSHAIR_LINGER_MS);
  };
  const boxX = (event: PointerEvent<HTMLDivElement>) => event.clientX - event.currentTarget.getBoundingClientRect().left;
  const pinchOf = (origin: BarWindow): Gesture | null => {
    const [a, b] = [...pointers.current.values()];
    if (a === undefined || b === undefined) return null;
    return { type: 'pinch', distance: Math.max(1, Math.abs(a - b)), anchor: ((a + b) / 2 - PLOT.left) / plotWidth(width), origin };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const x = boxX(event);
    pointers.current.set(event.pointerId, x);
    // Moves outside the box still belong to this drag.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (pointers.current.size >= 2) {
      gesture.current = pinchOf(shown);
      setCursor(null);
      return;
    }
    gesture.current = { type: 'press', x, at: event.timeStamp, origin: shown };
    pointAt(x);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const x = boxX(event);
    if (!pointers.current.has(event.pointerId)) {
      // A mouse shows the crosshair without a button; a finger reaches it by touching.
      if (event.pointerType === 'mouse') pointAt(x);
      return;
    }
    pointers.current.set(event.pointerId, x);
    const current = gesture.current;
    if (!current) return;
    if (current.type === 'pinch') {
      const next = pinchOf(current.origin);
      if (next?.type === 'pinch') show(zoomWindow(current.origin, current.distance / next.distance, current.anchor, bars.length));
    } else if (current.type === 'press') {
      if (Math.abs(x - current.x) < DRAG_SLOP_PX) {
        pointAt(x);
        return;
      }
      // Nothing to pan to, or a long press first: the finger reads bars instead.
      const pans = shown.size < bars.length && event.timeStamp - current.at < LONG_PRESS_MS;
      gesture.current = pans ? { type: 'pan', x: current.x, origin: current.origin } : { type: 'scrub' };
      if (pans) {
        setCursor(null);
        show(panWindow(current.origin, x - current.x, width, bars.length));
      } else pointAt(x);
    } else if (current.type === 'pan') show(panWindow(current.origin, x - current.x, width, bars.length));
    else pointAt(x);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    const [rest] = [...pointers.current.values()];
    // The finger left after a pinch goes on as a drag from where the zoom stopped.
    gesture.current = rest === undefined ? null : { type: 'pan', x: rest, origin: shown };
    if (rest === undefined) hideSoon();
  };

  const onPointerLeave = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) hideSoon();
  };

  // A native listener: React's wheel handlers are passive, and a zoom must not also scroll the page.
  const onWheel = useEffectEvent((event: WheelEvent) => {
    const element = box.current;
    if (!element) return;
    const zoomingOut = event.deltaY > 0;
    // At the limit the wheel scrolls the page as usual.
    if (zoomingOut ? shown.size >= bars.length : shown.size <= Math.min(MIN_VISIBLE_BARS, bars.length)) {
      wheelTravel.current = 0;
      return;
    }
    event.preventDefault();
    wheelTravel.current += event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
    const anchor = (event.clientX - element.getBoundingClientRect().left - PLOT.left) / plotWidth(width);
    const next = zoomWindow(shown, Math.exp(wheelTravel.current / WHEEL_PX_PER_E), anchor, bars.length);
    // Small trackpad steps add up until they move the window by a whole bar.
    if (next.size !== shown.size) {
      wheelTravel.current = 0;
      show(next);
    }
  });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const listener = (event: WheelEvent) => onWheel(event);
    element.addEventListener('wheel', listener, { passive: false });
    return () => element.removeEventListener('wheel', listener);
  }, []);

  // The crosshair moves often and changes nothing here.
  const { start, size } = shown;
  const scene = useMemo(() => buildScene(bars, kind, { start, size }, width, colours), [bars, kind, start, size, width, colours]);
  const last = bars.at(-1);
  const label = t(`detail.chart.${kind}`, { price: price(last?.close) });
  const pointed = cursor !== null && cursor >= shown.start && cursor < shown.start + shown.size ? cursor : null;
  const pointedBar = pointed === null ? undefined : bars[pointed];
  const pointedX = pointed === null ? 0 : barX(pointed, kind, shown, width);
  const tipRows: (readonly [string, string])[] = !pointedBar
    ? []
    : [
        ...(kind === 'timeshare'
          ? ([
              [t('quote.last'), price(pointedBar.close)],
              [t('detail.avgPrice'), price(pointedBar.avgPrice)],
            ] as const)
          : ([
              [t('quote.open'), price(pointedBar.open)],
              [t('quote.high'), price(pointedBar.high)],
              [t('quote.low'), price(pointedBar.low)],
              [t('detail.close'), price(pointedBar.close)],
            ] as const)),
        [t('quote.volume'), formatShares(pointedBar.volume)],
      ];

  return (
    <div
      ref={box}
      className={styles.box}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerLeave={onPointerLeave}
    >
      <svg className={styles.svg} role="img" aria-label={label} data-kind={kind} width={width} height={CHART_HEIGHT} viewBox={`0 0 ${width} ${CHART_HEIGHT}`}>
        <g stroke={colours.grid} strokeOpacity={0.4} shapeRendering="crispEdges">
          {scene.priceTicks.map((tick) => (
            <line key={tick.text} x1={PLOT.left} x2={width - PLOT.right} y1={tick.y} y2={tick.y} />
          ))}
        </g>
        <g stroke={colours.grid} shapeRendering="crispEdges">
          <line x1={PLOT.left} x2={width - PLOT.right} y1={PLOT.priceBottom} y2={PLOT.priceBottom} />
          <line x1={PLOT.left} x2={width - PLOT.right} y1={PLOT.volumeBottom} y2={PLOT.volumeBottom} />
        </g>
        <g fill={colours.text} fontSize={10}>
          {scene.priceTicks.map((tick) => (
            <text key={tick.text} x={PLOT.left - 4} y={tick.y + 3} textAnchor="end">
              {tick.text}
            </text>
          ))}
          {scene.timeLabels.map((time) => (
            <text key={`${time.x}:${time.text}`} x={time.x} y={PLOT.timeLabelY} textAnchor={time.anchor}>
              {time.text}
            </text>
          ))}
        </g>
        {scene.area && <path d={scene.area} fill={colours.line} fillOpacity={0.12} data-series="area" />}
        <g data-series="candles">
          {scene.candles.map((candle) => (
            <g key={candle.index} fill={candle.colour} stroke={candle.colour}>
              <line x1={candle.x} x2={candle.x} y1={candle.wickTop} y2={candle.wickBottom} strokeWidth={1} />
              <rect x={candle.bodyX} y={candle.bodyY} width={candle.bodyWidth} height={candle.bodyHeight} strokeWidth={0} />
            </g>
          ))}
        </g>
        <g fill="none" strokeLinejoin="round">
          {scene.lines.map((line) => (
            <path key={line.name} d={line.d} stroke={line.colour} strokeWidth={line.width} data-series={line.name} />
          ))}
        </g>
        <g data-series="volume" shapeRendering="crispEdges">
          {scene.volume.map((bar) => (
            <rect key={bar.index} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={bar.colour} />
          ))}
        </g>
        {pointedBar && (
          <line
            x1={pointedX}
            x2={pointedX}
            y1={PLOT.priceTop}
            y2={PLOT.volumeBottom}
            stroke={colours.text}
            strokeDasharray="3 3"
            data-testid="chart-crosshair"
          />
        )}
      </svg>
      {pointedBar && (
        <div
          className={styles.tip}
          // Opposite the finger, so the numbers are not under it.
          style={pointedX > width / 2 ? { left: PLOT.left + 4 } : { right: PLOT.right + 4 }}
          data-testid="chart-tip"
        >
          <div className={styles.tipTime}>{barLabel(pointedBar.time, kind)}</div>
          {tipRows.map(([name, value]) => (
            <div key={name} className={styles.tipRow}>
              <span>{name}</span>
              <span>{value}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
