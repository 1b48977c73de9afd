/** @jest-environment node */
import { MESSAGE_ALIASES, MESSAGE_GROUPS, MSG, messageNameOf, type MessageName } from './catalogue';
import { MESSAGES_EN } from './catalogue/en';
import { MESSAGES_JP } from './catalogue/jp';
import type { MessageTranslation } from './catalogue/types';

const groups = Object.entries(MESSAGE_GROUPS);
/** Every message with its three texts: the group's key (tw), the jp and en tables. */
const allEntries: [MessageName, MessageTranslation][] = groups.flatMap(([, group]) =>
  (Object.entries(group) as [MessageName, string][]).map(([name, tw]): [MessageName, MessageTranslation] => [
    name,
    { tw, jp: MESSAGES_JP[name], en: MESSAGES_EN[name] },
  ]),
);

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

  it('maps each MSG name to its Traditional Chinese key, and each key back to its name', () => {
    expect(Object.keys(MSG)).toHaveLength(allEntries.length);
    for (const [name, t] of allEntries) {
      expect(MSG[name]).toBe(t.tw);
      expect(messageNameOf(t.tw)).toBe(name);
    }
  });

  it('has the jp and en tables by exactly the catalogue names', () => {
    expect(Object.keys(MESSAGES_JP).sort()).toEqual(Object.keys(MSG).sort());
    expect(Object.keys(MESSAGES_EN).sort()).toEqual(Object.keys(MSG).sort());
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
    expect(messageNameOf('加载中...')).toBe('listLoading');
    expect(MESSAGES_EN.listLoading).toBe('Loading...');
    expect(MESSAGES_JP[messageNameOf('没有更多了') ?? 'listLoading']).toBe('これ以上ありません');
    expect(MSG[messageNameOf('加载失败') ?? 'listLoading']).toBe('載入失敗');
    expect(messageNameOf('Loading chunk failed')).toBe('loadingChunkFailed');
    for (const alias of Object.keys(MESSAGE_ALIASES)) expect(messageNameOf(alias)).toBeDefined();
  });

  it('does not treat Object.prototype names as catalogue keys', () => {
    expect(messageNameOf('constructor')).toBeUndefined();
    expect(messageNameOf('toString')).toBeUndefined();
  });
});
