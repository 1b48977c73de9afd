/** @jest-environment node */
import { MSG } from './catalogue';
import {
  depositWindowMessage,
  notSellableMessage,
  parseSpecialMessage,
  withdrawBlockedPositionsMessage,
  creditScoreWithdrawMessage,
  withdrawHeldMessage,
  withdrawMaxMessage,
  withdrawMinMessage,
  withdrawWindowMessage,
} from './special';
import { i18n } from '../i18n/instance';
import { MESSAGES_NAMESPACE, loadMessageTexts, messageText, translateMessage } from './translate';

describe('translateMessage', () => {
  // jp and en are fetched before each test file (mf-build/jest/message-texts.js, as the shell
  // does before it shows a language); asking again fetches nothing more.
  it('has the jp and en texts once loadMessageTexts resolves', async () => {
    await loadMessageTexts('jp');
    expect(translateMessage(MSG.accountFrozen, 'jp')).toBe('アカウントは凍結されています。サポートにお問い合わせください');
  });

  it("is i18next's 'messages' namespace, in Node too: tw in the bundle, jp and en fetched through the backend", async () => {
    await loadMessageTexts('hi');
    expect(i18n.getResourceBundle('tw', MESSAGES_NAMESPACE)).toEqual(MSG);
    expect(i18n.hasResourceBundle('en', MESSAGES_NAMESPACE)).toBe(true);
    // hi reads the English catalogue: nothing of its own is asked for.
    expect(i18n.hasResourceBundle('hi', MESSAGES_NAMESPACE)).toBe(false);
    expect(i18n.t('accountFrozen', { ns: MESSAGES_NAMESPACE, lng: 'en' })).toBe('Your account is frozen. Please contact support');
    expect(typeof window).toBe('undefined');
  });

  it('translates a catalogue key into tw, jp and en', () => {
    expect(translateMessage(MSG.accountFrozen, 'tw')).toBe('帳號已凍結，請聯繫客服');
    expect(translateMessage(MSG.accountFrozen, 'jp')).toBe('アカウントは凍結されています。サポートにお問い合わせください');
    expect(translateMessage(MSG.accountFrozen, 'en')).toBe('Your account is frozen. Please contact support');
  });

  it('falls back to English for hi and id', () => {
    expect(translateMessage(MSG.systemBusy, 'hi')).toBe('System busy, please try again later');
    expect(translateMessage(MSG.systemBusy, 'id')).toBe('System busy, please try again later');
  });

  it("shows 'Error' for an untranslated Chinese message under English (and hi/id)", () => {
    expect(translateMessage('未知的伺服器錯誤', 'en')).toBe('Error');
    expect(translateMessage('未知的伺服器錯誤', 'hi')).toBe('Error');
    expect(translateMessage('未知的伺服器錯誤', 'tw')).toBe('未知的伺服器錯誤');
    expect(translateMessage('未知的伺服器錯誤', 'jp')).toBe('未知的伺服器錯誤');
  });

  it('passes other untranslated text through', () => {
    expect(translateMessage('Something odd', 'en')).toBe('Something odd');
    expect(translateMessage('Something odd', 'jp')).toBe('Something odd');
    expect(translateMessage('', 'en')).toBe('');
  });

  it('translates the client texts by name and by their English source', () => {
    expect(messageText('imageUploading', 'en')).toBe('image uploading');
    expect(messageText('imageUploading', 'jp')).toBe('画像をアップロード中');
    expect(translateMessage('Loading chunk failed', 'tw')).toBe('頁面載入失敗');
    expect(translateMessage('加载中...', 'en')).toBe('Loading...');
    expect(translateMessage('没有更多了', 'tw')).toBe('沒有更多了');
  });
});

describe('special messages', () => {
  it('re-renders the day that cannot be sold', () => {
    const msg = notSellableMessage('2025-01-10');
    expect(msg).toBe('2025-01-10日不可賣出');
    expect(translateMessage(msg, 'en')).toBe('Cannot sell on 2025-01-10');
    expect(translateMessage(msg, 'jp')).toBe('2025-01-10は売却できません');
    expect(translateMessage(msg, 'tw')).toBe(msg);
    expect(translateMessage('T+1日不可賣出', 'en')).toBe('Cannot sell on T+1');
  });

  it('prefers an exact catalogue hit over the pattern', () => {
    expect(translateMessage(MSG.cannotSellSameDay, 'en')).toBe('Shares bought today cannot be sold today');
  });

  it('re-renders the deposit window, with or without a tail', () => {
    expect(translateMessage(depositWindowMessage('09:00-17:00'), 'en')).toBe('Please deposit during deposit hours: 09:00-17:00');
    expect(translateMessage('請於入金時間：09:00-17:00內操作', 'jp')).toBe('入金受付時間（09:00-17:00）内にお手続きください');
    expect(translateMessage('請於入金時間:9:00–17:00。', 'en')).toBe('Please deposit during deposit hours: 9:00–17:00');
  });

  it('re-renders the withdrawal window', () => {
    const msg = withdrawWindowMessage('09:00:00-17:00:00');
    expect(msg).toBe('請於出金時間：09:00:00-17:00:00');
    expect(translateMessage(msg, 'en')).toBe('Please withdraw during withdrawal hours: 09:00:00-17:00:00');
    expect(translateMessage(msg, 'jp')).toBe('出金受付時間（09:00:00-17:00:00）内にお手続きください');
    expect(translateMessage(msg, 'tw')).toBe(msg);
  });

  it('shows a weekdays-only window in the reader\'s language, not "Mon-Fri" inside Chinese or Japanese', () => {
    const msg = withdrawWindowMessage('Mon-Fri 09:00-15:30');
    expect(translateMessage(msg, 'tw')).toBe('請於出金時間：週一至週五 09:00-15:30');
    expect(translateMessage(msg, 'jp')).toBe('出金受付時間（平日 09:00-15:30）内にお手続きください');
    expect(translateMessage(msg, 'en')).toBe('Please withdraw during withdrawal hours: Mon–Fri 09:00-15:30');
  });

  it('re-renders withdrawal maximum and minimum keeping amount and unit', () => {
    expect(translateMessage(withdrawMaxMessage('1,000,000', '日元'), 'en')).toBe('Maximum withdrawal: 1,000,000 JPY');
    expect(translateMessage(withdrawMaxMessage('1,000,000', '日元'), 'jp')).toBe('出金上限額は1,000,000円です');
    expect(translateMessage(withdrawMaxMessage('1,000,000', '日元'), 'tw')).toBe('出金最大值1,000,000日圓');
    expect(translateMessage(withdrawMinMessage('100', 'USD'), 'en')).toBe('Minimum withdrawal: 100 USD');
    expect(translateMessage(withdrawMinMessage('100', '美元'), 'jp')).toBe('出金最低額は100米ドルです');
    expect(translateMessage('出金最小值：100.5円', 'hi')).toBe('Minimum withdrawal: 100.5 JPY');
    expect(translateMessage('出金最小值100', 'en')).toBe('Minimum withdrawal: 100');
  });

  it('re-renders the credit-score withdrawal refusal with the score and the threshold', () => {
    const low = creditScoreWithdrawMessage(38, 40);
    expect(translateMessage(low, 'tw')).toBe('信用分不足，無法出金：信用分38，最低40');
    expect(translateMessage(low, 'jp')).toBe('信用スコアが不足しているため出金できません（スコア 38、基準 40 以上）');
    expect(translateMessage(low, 'en')).toBe('Credit score too low to withdraw (score 38, at least 40 needed)');
  });

  it('re-renders the trading withdrawal refusals with their rule and amount', () => {
    const blocked = withdrawBlockedPositionsMessage('203,000', '日元');
    expect(translateMessage(blocked, 'tw')).toBe('持倉期間不可出金：持倉市值203,000日圓');
    expect(translateMessage(blocked, 'jp')).toBe('建玉・保有株式がある間は出金できません（保有評価額 203,000円）');
    expect(translateMessage(blocked, 'en')).toBe('Withdrawals are blocked while positions are held (value held: 203,000 JPY)');
    const held = withdrawHeldMessage([
      { rule: 'margin', amount: '246,061', unit: '日元' },
      { rule: 'unsettled-proceeds', amount: '203,000', unit: '日元' },
    ]);
    expect(translateMessage(held, 'tw')).toBe('可出金金額不足：信用交易保證金凍結246,061日圓、未交割賣出款（T+2）凍結203,000日圓');
    expect(translateMessage(held, 'jp')).toBe('出金可能額が不足しています（拘束中：信用建玉の委託保証金 246,061円、未受渡の売却代金（T+2） 203,000円）');
    expect(translateMessage(held, 'en')).toBe('Insufficient withdrawable amount (held: margin in use 246,061 JPY; unsettled sale proceeds (T+2) 203,000 JPY)');
    expect(translateMessage(withdrawHeldMessage([{ rule: 'open-orders', amount: '1,000', unit: '日元' }]), 'hi')).toBe(
      'Insufficient withdrawable amount (held: open orders 1,000 JPY)',
    );
    // With what can leave now, and the date each dated hold ends.
    const dated = withdrawHeldMessage([{ rule: 'unsettled-proceeds', amount: '203,000', unit: '日元', settlesOn: '2026-12-04' }], {
      amount: '12,500',
      unit: '日元',
    });
    expect(dated).toBe('可出金金額不足：可出金12,500日元；unsettled-proceeds凍結203,000日元至2026-12-04');
    expect(translateMessage(dated, 'en')).toBe(
      'Insufficient withdrawable amount: at most 12,500 JPY can be withdrawn now (held: unsettled sale proceeds (T+2) 203,000 JPY, settles on 2026-12-04)',
    );
    expect(translateMessage(dated, 'jp')).toBe(
      '出金可能額が不足しています：現在の出金可能額は最大 12,500円（拘束中：未受渡の売却代金（T+2） 203,000円（2026-12-04 受渡））',
    );
    expect(translateMessage(dated, 'tw')).toBe('可出金金額不足：目前最多可出金12,500日圓；未交割賣出款（T+2）凍結203,000日圓（2026-12-04交割）');
  });

  it('does not take ordinary text for a special message', () => {
    expect(parseSpecialMessage('出金最大值')).toBeNull();
    expect(parseSpecialMessage('請於入金時間：')).toBeNull();
    expect(parseSpecialMessage('日不可賣出')).toBeNull();
    expect(parseSpecialMessage('hello')).toBeNull();
  });
});
