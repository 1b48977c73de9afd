// Draw results and payment deadlines reach the customer three ways: site message (the bell),
// the outbox copy and a push notice (ARCHITECTURE §7.4). Sent after the commit.
import type { Notice } from '../../notifications/templates';
import { notifyUser, sendPushNotice } from '../identity';
import type { IpoDeps } from './deps';

export function drawResultNotice(code: string, names: { tw: string; jp: string; en: string }, wonUnits: number): Notice {
  if (wonUnits > 0) {
    return {
      kind: 'ipo_draw_result',
      title: { tw: `新股中籤：${names.tw}`, jp: `新規公開株 当選：${names.jp}`, en: `IPO won: ${names.en}` },
      body: {
        tw: `${code} 中籤 ${wonUnits} 股。請於繳款期限前繳款或放棄（模擬）。`,
        jp: `${code} に ${wonUnits} 株当選しました。購入期限までに購入または辞退してください（シミュレーション）。`,
        en: `${code}: you won ${wonUnits} shares. Pay or waive before the payment deadline (simulated).`,
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
