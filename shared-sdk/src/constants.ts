// Business constants of the product (spec §9). Node-safe: no DOM, no React.

import { TSE_LOT_SHARES } from './market-rules/lots';

export * from './audit-actions';
export * from './journal-types';

/** Default toast duration. */
export const TOAST_MS = 1500;
/** Toast duration when the page goes back after the message (message-then-back). */
export const TOAST_BACK_MS = 2000;
/** Request, upload and download time-out. */
export const REQUEST_TIMEOUT_MS = 60000;
/** A loading placeholder appears only after this delay, so fast loads never flash it. */
export const PAGE_PLACEHOLDER_DELAY_MS = 200;
/** A page (remote chunk) load gives up after this long. */
export const PAGE_TIMEOUT_MS = 60000;
/** Length of the random part of an uploaded image's object key. */
export const UPLOAD_NAME_LENGTH = 15;
/** Version number shown on the login screen. */
export const APP_VERSION = '1.0.25';
/** Shares per lot (TSE unit, market-rules/lots.ts). */
export const LOT_SIZE = TSE_LOT_SHARES;

/** Chart intervals of stock details (market/kLines `interval`). */
export const KLINE_INTERVALS = ['timeshare', '1m', '5m', '10m', '15m', '30m', 'day', 'week', 'month'] as const;
/** Chart price adjustments for splits (market/kLines `adjust`). */
export const PRICE_ADJUSTMENTS = ['none', 'forward', 'backward'] as const;

/** localStorage keys of the stored session, language and price colours (docs/development.md). */
export const STORAGE_KEYS = {
  token: 'token',
  account: 'account',
  userInfo: 'userInfo',
  lang: 'lang',
  priceColours: 'priceColours',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
