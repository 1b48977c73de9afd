// Support's published rules in one place (docs/support.md).
import { SUPPORT_SEND_PER_MINUTE } from '@kabuto/shared-sdk/schemas';

/**
 * Business hours of the chat line: weekdays 09:00–17:30 JST, as Rakuten Securities publishes
 * for its chat ([CS4] https://corp.faq.rakuten.net/livechat/chat_launch, research
 * next-anchors §5). Closed on the days the market calendar closes: weekends, Japanese public
 * holidays and the exchange's new-year closure (31 December – 3 January).
 */
export const SUPPORT_HOURS = {
  /** Seconds after JST midnight. */
  opensSecond: 9 * 3600,
  closesSecond: 17 * 3600 + 30 * 60,
  opens: '09:00',
  closes: '17:30',
} as const;

/** support/send per proven customer (the refusal names the number). */
export const SUPPORT_SEND_LIMIT = { max: SUPPORT_SEND_PER_MINUTE, timeWindow: '1 minute', perSeconds: 60 } as const;

/** Keep-alive comment period of the operators' live stream. */
export const SUPPORT_LIVE_KEEPALIVE_MS = 15_000;
