// The notice a following's end sends when the customer did not end it: the copy stop-loss (its
// copied positions closed at market) or the deadline (positions kept). Simulated venue, said so.
import type { Notice } from '../../../notifications/templates';

export function followingEndedNotice(reason: 'deadline' | 'stopLoss', strategy: string, stopLossPercent: number, closed: boolean): Notice {
  if (reason === 'stopLoss')
    return {
      kind: 'strategy_stop_loss',
      title: { tw: `跟單止損：${strategy}`, jp: `コピーストップロス：${strategy}`, en: `Copy stop-loss: ${strategy}` },
      body: {
        tw: `跟單價值較跟單金額下跌 ${stopLossPercent}%，跟單已結束${closed ? '，複製的持倉已以市價平倉' : ''}（模擬市場）。`,
        jp: `コピー取引の評価額がコピー金額から ${stopLossPercent}% 下落したため、コピー取引を終了しました${closed ? '。コピーした建玉は成行で決済しました' : ''}（シミュレーション市場）。`,
        en: `The following's value fell ${stopLossPercent}% below its amount, so it has ended${closed ? ' and the copied positions were closed at market' : ''} (simulated venue).`,
      },
    };
  return {
    kind: 'strategy_following_ended',
    title: { tw: `跟單已到期：${strategy}`, jp: `コピー取引の期限終了：${strategy}`, en: `Following ended: ${strategy}` },
    body: {
      tw: '跟單已到截止日並結束，複製的持倉保留在您的帳戶中（模擬市場）。',
      jp: 'コピー取引は期限に達して終了しました。コピーした建玉はお客様の口座に残っています（シミュレーション市場）。',
      en: 'The following reached its deadline and ended; the copied positions stay in your account (simulated venue).',
    },
  };
}
