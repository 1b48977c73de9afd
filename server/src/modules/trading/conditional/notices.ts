// What the customer is told when the rules end or shrink a conditional leg they placed: its
// child order was refused when it fired, a trading bar cancelled the legs that would add
// exposure, or the position it closes was closed or reduced by something else. A site
// message (the bell) and its outbox copy, like the other trading notices.
import { eq } from 'drizzle-orm';
import { loadMessageTexts, translateMessage } from '@kabuto/shared-sdk/messages';
import type { LocalisedText } from '../../../db/columns';
import type { Notice } from '../../../notifications/templates';
import { sendNotice, storeSiteMessage, users } from '../../identity';
import type { TradingDeps } from '../deps';

let catalogueLoaded: Promise<void> | null = null;

/** The catalogue's jp and en texts, fetched once (a notice names the refusal in each language). */
function loadCatalogue(): Promise<void> {
  catalogueLoaded ??= Promise.all([loadMessageTexts('jp'), loadMessageTexts('en')])
    .then(() => undefined)
    .catch(() => {
      // Without them the notice carries the message's canonical (tw) text: still the rule.
      catalogueLoaded = null;
    });
  return catalogueLoaded;
}

/** A refusal's message in tw/jp/en: the catalogue key is its tw text. */
async function messageIn(msg: string): Promise<LocalisedText> {
  await loadCatalogue();
  const en = translateMessage(msg, 'en');
  return { tw: msg, jp: translateMessage(msg, 'jp'), en: en === 'Error' ? msg : en };
}

/** One figure of a refusal's data: a plain value, or a money amount (`{ amount, currency }`) as its amount text. */
export function figureOf(v: unknown): string | number | boolean | null | undefined {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'object' && 'amount' in v && typeof v.amount === 'string') return v.amount;
  return undefined;
}

/** The figures of a refusal, `name value` each (money as its amount, yen). */
function figuresText(data: Record<string, unknown> | null): string {
  if (!data) return '';
  const parts = Object.entries(data)
    .filter(([k]) => k !== 'rule')
    .map(([k, v]) => [k, figureOf(v)] as const)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k} ${String(v)}`);
  const rule = typeof data.rule === 'string' ? [`rule ${data.rule}`] : [];
  const all = [...rule, ...parts];
  return all.length === 0 ? '' : ` (${all.join(', ')})`;
}

const TITLE_REJECTED: LocalisedText = { tw: '條件委託未能下單', jp: '条件付き注文を発注できませんでした', en: 'Conditional order not placed' };
const TITLE_CANCELLED: LocalisedText = { tw: '條件委託已撤銷', jp: '条件付き注文を取り消しました', en: 'Conditional order cancelled' };
const TITLE_REDUCED: LocalisedText = { tw: '條件委託數量已調整', jp: '条件付き注文の数量を変更しました', en: 'Conditional order reduced' };

/** A leg fired (or would have) and its order was refused under `msg`, for the figures in `data`. */
export async function legRejectedNotice(code: string, msg: string, data: Record<string, unknown> | null): Promise<Notice> {
  const why = await messageIn(msg);
  const figures = figuresText(data);
  return {
    kind: 'conditional_order',
    title: TITLE_REJECTED,
    body: {
      tw: `${code} 的條件委託已觸發，但委託未被受理：${why.tw}${figures}。此條件委託已結束，未保留任何資金。`,
      jp: `${code} の条件付き注文は発動しましたが、注文は受け付けられませんでした：${why.jp}${figures}。この条件付き注文は終了し、拘束している資金はありません。`,
      en: `Your conditional order on ${code} triggered, but its order was refused: ${why.en}${figures}. The conditional order has ended; nothing is held for it.`,
    },
  };
}

/** A trading bar cancelled `count` waiting legs that would have opened or added to a position. */
export function barCancelledNotice(codes: string[], count: number): Notice {
  const list = [...new Set(codes)].join(', ');
  return {
    kind: 'conditional_order',
    title: TITLE_CANCELLED,
    body: {
      tw: `因帳號已被禁止交易，${count} 筆會建立或增加持倉的條件委託（${list}）已撤銷。只減少持倉的停損等條件委託仍然有效。`,
      jp: `取引禁止が設定されたため、建玉を新たに作る・増やす条件付き注文 ${count} 件（${list}）を取り消しました。建玉を減らすだけの逆指値などは引き続き有効です。`,
      en: `Trading is barred on your account, so ${count} conditional order leg(s) that would open or add to a position (${list}) were cancelled. Stop-losses and other legs that only reduce a holding stay in force.`,
    },
  };
}

/** The position the legs close was closed (cancelled) or reduced to `held` shares (shrunk to it). */
export function positionLegsNotice(code: string, change: 'closed' | 'reduced', count: number, held: number): Notice {
  if (change === 'closed')
    return {
      kind: 'conditional_order',
      title: TITLE_CANCELLED,
      body: {
        tw: `${code} 的持倉已全部平倉，其上 ${count} 筆等待中的條件委託已撤銷。`,
        jp: `${code} の建玉がすべて決済されたため、待機中の条件付き注文 ${count} 件を取り消しました。`,
        en: `Your position in ${code} was closed, so ${count} waiting conditional order leg(s) on it were cancelled.`,
      },
    };
  return {
    kind: 'conditional_order',
    title: TITLE_REDUCED,
    body: {
      tw: `${code} 的持倉已減少至 ${held} 股，其上 ${count} 筆條件委託的數量已調整為 ${held} 股。`,
      jp: `${code} の建玉が ${held} 株に減ったため、条件付き注文 ${count} 件の数量を ${held} 株に変更しました。`,
      en: `Your position in ${code} was reduced to ${held} shares, so ${count} conditional order leg(s) on it now close ${held} shares.`,
    },
  };
}

/** Site message + outbox copy; call after the change committed. */
export async function notifyLegs(deps: Pick<TradingDeps, 'db' | 'clock' | 'notifications'>, userId: number, notice: Notice): Promise<void> {
  const [user] = await deps.db.select({ id: users.id, account: users.account }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return;
  await storeSiteMessage(deps.db, deps.clock, user, notice);
  await sendNotice(deps.notifications, user, notice);
}
