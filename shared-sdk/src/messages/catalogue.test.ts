/** @jest-environment node */
import { CATALOGUE, MESSAGE_ALIASES, MESSAGE_GROUPS, MSG, lookupMessage } from './catalogue';

const groups = Object.entries(MESSAGE_GROUPS);
const allEntries = groups.flatMap(([, group]) => Object.entries(group));

describe('message catalogue', () => {
  it('has unique semantic names and unique keys across groups', () => {
    const names = allEntries.map(([name]) => name);
    const keys = allEntries.map(([, t]) => t.tw);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has every text in tw, jp and en, with en free of Chinese characters', () => {
    for (const [name, t] of allEntries) {
      expect({ name, ok: t.tw.length > 0 && t.jp.length > 0 && t.en.length > 0 }).toEqual({ name, ok: true });
      expect({ name, en: /[\u4e00-\u9fff]/.test(t.en) }).toEqual({ name, en: false });
    }
  });

  it('maps each MSG name to its Traditional Chinese key, and every key is in CATALOGUE', () => {
    expect(Object.keys(MSG)).toHaveLength(allEntries.length);
    for (const [name, t] of allEntries) {
      expect(MSG[name as keyof typeof MSG]).toBe(t.tw);
      expect(CATALOGUE[t.tw]).toBe(t);
    }
  });

  it('covers every group of spec §8 with the named messages', () => {
    expect(Object.keys(MESSAGE_GROUPS)).toEqual(
      expect.arrayContaining(['account', 'passwords', 'realName', 'funds', 'bankCard', 'trading', 'loans', 'other', 'success']),
    );
    const required = [
      'accountNotFound',
      'wrongAccountOrPassword',
      'accountExists',
      'inviterNotFound',
      'accountFrozen',
      'loginBanned',
      'accountDisabled',
      'loginFailed',
      'passwordEmpty',
      'registerFailed',
      'wrongOriginalPassword',
      'wrongFundPassword',
      'passwordsDiffer',
      'fundPasswordNotSet',
      'wrongChannelPassword',
      'keyMismatch',
      'realNameFailed',
      'realNameAlreadySubmitted',
      'realNameNotPassed',
      'insufficientBalance',
      'insufficientAvailableBalance',
      'insufficientFunds',
      'insufficientWithdrawable',
      'creditScoreTooLowToWithdraw',
      'notWithdrawable',
      'tooFrequent',
      'fundOperationInProgress',
      'outsideTradingHours',
      'outsideFundHours',
      'depositProofMissing',
      'withdrawFailed',
      'systemBusy',
      'bankCardNotFound',
      'bankCardExists',
      'bankCardNotOwned',
      'orderNotPending',
      'orderNotHolding',
      'orderNotInReview',
      'orderNotSubscribing',
      'orderNotFound',
      'priceLimitExceeded',
      'stockPriceUnavailable',
      'cannotSellSameDay',
      'cannotSellTPlusOne',
      'positionLocked',
      'lockUpPeriod',
      'notYetListed',
      'blockTradeClosed',
      'dailyPurchaseLimitReached',
      'belowMinimumBuy',
      'aboveMaximumBuy',
      'marginNotEnabled',
      'dualFinancingNotEnabled',
      'productNotFound',
      'followDeadlinePassed',
      'belowProductMinimum',
      'subscriptionNotStarted',
      'subscriptionChannelClosed',
      'subscribeOnceOnly',
      'lendingQuotaFull',
      'lendingChannelClosed',
      'loanLimitInsufficient',
      'creditScoreInsufficient',
      'repayOutstandingLoanFirst',
      'loanPendingReview',
      'repaymentExceedsLoan',
      'alreadySignedIn',
      'notOpen',
      'invalidParams',
      'loginSuccess',
      'registerSuccess',
      'modifySuccess',
      'depositSubmitted',
      'withdrawSubmitted',
      'purchaseSuccess',
      'subscribeSuccess',
      'placementSuccess',
      'followSuccess',
      'cancelOrderSuccess',
      'repaySuccess',
      'exchangeSuccess',
      'uploadSuccess',
      'deleteSuccess',
      'accountEmpty',
      'accountInvalid',
      'passwordRule',
      'inviteCodeRequired',
      'agreePrivacyRequired',
      'agreeCustomerRequired',
      'realNameRequired',
      'idNumberRequired',
      'positiveIntegerRequired',
      'priceAboveZero',
      'sameCurrency',
      'imageUploading',
      'loadingChunkFailed',
      'networkErrorCode',
      'listLoading',
      'listNoMore',
      'listLoadFailed',
    ];
    expect(Object.keys(MSG)).toEqual(expect.arrayContaining(required));
  });

  it('uses the exact texts the brief fixes for the generic answers', () => {
    expect(MSG.notOpen).toBe('此功能尚未開放');
    expect(MSG.invalidParams).toBe('參數錯誤');
    expect(MSG.systemBusy).toBe('系統繁忙，請稍後再試');
  });

  it('resolves aliases (Simplified list states, English client texts) to their message', () => {
    expect(lookupMessage('加载中...')?.en).toBe('Loading...');
    expect(lookupMessage('没有更多了')?.jp).toBe('これ以上ありません');
    expect(lookupMessage('加载失败')?.tw).toBe('載入失敗');
    expect(lookupMessage('Loading chunk failed')).toBe(CATALOGUE[MSG.loadingChunkFailed]);
    for (const alias of Object.keys(MESSAGE_ALIASES)) expect(lookupMessage(alias)).toBeDefined();
  });

  it('does not treat Object.prototype names as catalogue keys', () => {
    expect(lookupMessage('constructor')).toBeUndefined();
    expect(lookupMessage('toString')).toBeUndefined();
  });
});
