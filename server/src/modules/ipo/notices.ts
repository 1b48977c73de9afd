// Draw results and payment deadlines reach the customer three ways: site message (the bell),
// the outbox copy and a push notice (ARCHITECTURE §7.4). Sent after the commit.
import { formatDateTime } from '@kabuto/shared-sdk/format';
import type { LocalisedText } from '../../db/columns';
import type { Notice } from '../../notifications/templates';
import { notifyUser, sendPushNotice } from '../identity';
import type { IpoDeps } from './deps';

/**
 * The payment deadline as each language writes a date and time, in Japan time and saying so
 * (the deadline is a business-clock instant; the customer may be anywhere).
 */
export function deadlineText(deadline: Date): LocalisedText {
  const iso = deadline.toISOString();
  return {
    tw: `${formatDateTime(iso, 'tw')}（日本時間）`,
    jp: `${formatDateTime(iso, 'jp')}（日本時間）`,
    en: `${formatDateTime(iso, 'en')} JST`,
  };
}

export function drawResultNotice(code: string, names: { tw: string; jp: string; en: string }, wonUnits: number, deadline: Date): Notice {
  if (wonUnits > 0) {
    const by = deadlineText(deadline);
    const shares = wonUnits.toLocaleString('en-US');
    return {
      kind: 'ipo_draw_result',
      title: { tw: `新股中籤：${names.tw}`, jp: `新規公開株 当選：${names.jp}`, en: `IPO won: ${names.en}` },
      body: {
        tw: `${code} 中籤 ${shares} 股。請於繳款期限 ${by.tw} 前繳款或放棄（模擬）。`,
        jp: `${code} に ${shares} 株当選しました。購入期限 ${by.jp} までに購入または辞退してください（シミュレーション）。`,
        en: `${code}: you won ${shares} shares. Pay or waive before the payment deadline, ${by.en} (simulated).`,
      },
    };
  }
  return {
    kind: 'ipo_draw_result',
    title: { tw: `新股未中籤：${names.tw}`, jp: `新規公開株 落選：${names.jp}`, en: `IPO not won: ${names.en}` },
    body: {
      tw: `${code} 未中籤，申購資金已退回（模擬）。`,
      jp: `${code} は落選しました。拘束資金は返還されました（シミュレーション）。`,
      en: `${code}: not won. The escrowed funds have been returned (simulated).`,
    },
  };
}

export function deadlineNotice(code: string, names: { tw: string; jp: string; en: string }, paid: boolean): Notice {
  return {
    kind: 'ipo_payment_deadline',
    title: { tw: `新股繳款期限：${names.tw}`, jp: `新規公開株 購入期限：${names.jp}`, en: `IPO payment deadline: ${names.en}` },
    body: paid
      ? { tw: `${code} 已繳款（模擬）。`, jp: `${code} の購入は完了しています（シミュレーション）。`, en: `${code}: paid (simulated).` }
      : {
          tw: `${code} 未於期限前繳款，視為放棄，資金已退回（模擬）。`,
          jp: `${code} は期限までに購入されなかったため辞退扱いとなり、資金を返還しました（シミュレーション）。`,
          en: `${code}: not paid by the deadline, so it was waived and the funds returned (simulated).`,
        },
  };
}

export type ReminderKind = 'dayBefore' | 'morning';

/** A winner who has not paid yet: the business day before the deadline, and its morning. */
export function paymentReminderNotice(
  code: string,
  names: { tw: string; jp: string; en: string },
  wonUnits: number,
  deadline: Date,
  kind: ReminderKind,
): Notice {
  const by = deadlineText(deadline);
  const shares = wonUnits.toLocaleString('en-US');
  // The day before may be a Friday for a Monday deadline: only the morning one says "today".
  const when: LocalisedText = kind === 'morning' ? { tw: '今日 ', jp: '本日 ', en: 'today, ' } : { tw: '', jp: '', en: '' };
  return {
    kind: 'ipo_payment_reminder',
    title: {
      tw: `新股繳款提醒：${names.tw}`,
      jp: `新規公開株 購入期限のお知らせ：${names.jp}`,
      en: `IPO payment reminder: ${names.en}`,
    },
    body: {
      tw: `${code} 中籤 ${shares} 股尚未繳款。繳款期限為${when.tw}${by.tw}，逾期視為放棄（模擬）。`,
      jp: `${code} の当選 ${shares} 株はまだ購入されていません。購入期限は${when.jp}${by.jp} です。期限を過ぎると辞退扱いになります（シミュレーション）。`,
      en: `${code}: the ${shares} shares you won are not paid yet. The payment deadline is ${when.en}${by.en}; after it they are waived (simulated).`,
    },
  };
}

/** Site message + outbox + push. A failed gateway must not undo a committed draw: logged by the caller. */
export async function sendIpoNotice(
  deps: Pick<IpoDeps, 'db' | 'businessClock' | 'notifications'>,
  user: { id: number; account: string },
  notice: Notice,
): Promise<void> {
  // Dated in business time like the simulated time its text names; the inbox sorts by it.
  await notifyUser(deps.db, deps.businessClock, deps.notifications, user, notice);
  await sendPushNotice(deps.notifications, user, notice);
}
