// Texts of the security notices (site message + outbox) in tw/jp/en. JSDA 2025 asks
// for notices on login from a new device, lockouts and credential changes; per the
// FSA draft they never contain links.
import type { LocalisedText } from '../db/columns';

export type NoticeKind =
  | 'new_device'
  | 'locked'
  | 'unlocked'
  | 'password_changed'
  | 'password_reset'
  | 'fund_password_changed'
  | 'passkey_added'
  | 'passkey_removed'
  | 'kyc_verified'
  | 'kyc_rejected'
  | 'restriction_set'
  | 'restriction_lifted'
  | 'role_changed'
  // Money movements and bank-account changes (money-notices.ts).
  | 'deposit_approved'
  | 'deposit_rejected'
  | 'withdrawal_accepted'
  | 'withdrawal_paid'
  | 'withdrawal_rejected'
  | 'exchange_done'
  | 'bank_card_added'
  | 'bank_card_changed'
  | 'bank_card_deleted'
  // Trading (modules/trading/margin/notices.ts).
  | 'margin_call'
  | 'forced_liquidation'
  | 'margin_due'
  // Conditional orders ended or shrunk by the rules (modules/trading/conditional/notices.ts).
  | 'conditional_order'
  // IPO (modules/ipo/notices.ts).
  | 'ipo_draw_result'
  | 'ipo_payment_deadline'
  | 'ipo_payment_reminder'
  // Price alerts (modules/price-alerts/notices.ts).
  | 'price_alert'
  // Securities-backed loans (modules/credit/notices.ts).
  | 'credit_loan_approved'
  | 'credit_loan_rejected'
  | 'credit_shortfall'
  | 'credit_forced_sale'
  | 'credit_interest_statement'
  // Dividends and corporate actions (modules/corporate-actions/notices.ts).
  | 'dividend_receivable'
  | 'dividend_paid'
  | 'dividend_adjustment_reserved'
  | 'dividend_adjustment_settled'
  | 'stock_split'
  | 'orders_cancelled_for_split'
  // Order following (modules/strategies/following/notices.ts).
  | 'strategy_stop_loss'
  | 'strategy_following_ended'
  | 'strategy_trust_filled'
  | 'strategy_trust_redemption_owed';

export interface Notice {
  kind: NoticeKind;
  title: LocalisedText;
  body: LocalisedText;
}

const SUPPORT_HINT: LocalisedText = {
  tw: '如非本人操作，請立即聯繫客服。',
  jp: 'お心当たりがない場合は、直ちにサポートにご連絡ください。',
  en: 'If this was not you, contact support at once.',
};

export function withHint(text: LocalisedText): LocalisedText {
  return { tw: `${text.tw}${SUPPORT_HINT.tw}`, jp: `${text.jp}${SUPPORT_HINT.jp}`, en: `${text.en} ${SUPPORT_HINT.en}` };
}

export function newDeviceNotice(at: string): Notice {
  return {
    kind: 'new_device',
    title: { tw: '新裝置登入通知', jp: '新しい端末からのログイン', en: 'Login from a new device' },
    body: withHint({
      tw: `您的帳號於 ${at} 從新的裝置登入。`,
      jp: `${at} に新しい端末からログインがありました。`,
      en: `Your account was logged in from a new device at ${at}.`,
    }),
  };
}

/** `minutes`: the lock's length (identity's LOCKOUT_MINUTES). */
export function lockedNotice(until: string, minutes: number): Notice {
  return {
    kind: 'locked',
    title: { tw: '帳號已鎖定', jp: 'アカウントをロックしました', en: 'Account locked' },
    body: withHint({
      tw: `密碼連續錯誤，帳號已鎖定${minutes}分鐘（至 ${until}）。`,
      jp: `パスワードの誤りが続いたため、アカウントを${minutes}分間（${until} まで）ロックしました。`,
      en: `After repeated wrong passwords the account is locked for ${minutes} minutes (until ${until}).`,
    }),
  };
}

type SimpleNoticeKind = Extract<
  NoticeKind,
  'unlocked' | 'password_changed' | 'password_reset' | 'fund_password_changed' | 'passkey_added' | 'passkey_removed' | 'kyc_verified' | 'role_changed'
>;

export function simpleNotice(kind: SimpleNoticeKind): Notice {
  const texts: Record<typeof kind, { title: LocalisedText; body: LocalisedText; hint: boolean }> = {
    unlocked: {
      title: { tw: '帳號已解鎖', jp: 'アカウントのロックを解除しました', en: 'Account unlocked' },
      body: { tw: '您的帳號已解除鎖定。', jp: 'アカウントのロックが解除されました。', en: 'Your account has been unlocked.' },
      hint: false,
    },
    password_changed: {
      title: { tw: '登入密碼已修改', jp: 'ログインパスワードを変更しました', en: 'Login password changed' },
      body: {
        tw: '您的登入密碼已修改，其他裝置已登出。',
        jp: 'ログインパスワードが変更され、他の端末はログアウトされました。',
        en: 'Your login password was changed and other devices were logged out.',
      },
      hint: true,
    },
    password_reset: {
      title: { tw: '登入密碼已重設', jp: 'ログインパスワードを再設定しました', en: 'Login password reset' },
      body: {
        tw: '您的登入密碼已透過驗證碼重設，所有裝置已登出。',
        jp: '確認コードでログインパスワードが再設定され、すべての端末がログアウトされました。',
        en: 'Your login password was reset with a verification code and every device was logged out.',
      },
      hint: true,
    },
    fund_password_changed: {
      title: { tw: '資金密碼已設定', jp: '取引暗証番号を設定しました', en: 'Fund password set' },
      body: { tw: '您的資金密碼已設定或修改。', jp: '取引暗証番号が設定または変更されました。', en: 'Your fund password was set or changed.' },
      hint: true,
    },
    passkey_added: {
      title: { tw: '已新增通行密鑰', jp: 'パスキーを登録しました', en: 'Passkey added' },
      body: {
        tw: '您的帳號新增了一個通行密鑰，之後登入需使用通行密鑰。',
        jp: 'アカウントにパスキーが登録されました。今後のログインにはパスキーが必要です。',
        en: 'A passkey was added to your account; logging in now needs a passkey.',
      },
      hint: true,
    },
    passkey_removed: {
      title: { tw: '已移除通行密鑰', jp: 'パスキーを削除しました', en: 'Passkey removed' },
      body: { tw: '您的帳號移除了一個通行密鑰。', jp: 'アカウントからパスキーが削除されました。', en: 'A passkey was removed from your account.' },
      hint: true,
    },
    kyc_verified: {
      title: { tw: '實名認證已通過', jp: '本人確認が完了しました', en: 'Identity verified' },
      body: { tw: '您的實名認證已審核通過。', jp: '本人確認の審査が承認されました。', en: 'Your identity verification has been approved.' },
      hint: false,
    },
    role_changed: {
      title: { tw: '帳戶類型已變更', jp: '口座種別が変更されました', en: 'Account type changed' },
      body: {
        tw: '您的帳戶類型或等級已由管理員變更。',
        jp: '口座種別または会員レベルが管理者により変更されました。',
        en: 'Your account type or level was changed by an administrator.',
      },
      hint: false,
    },
  };
  const t = texts[kind];
  return { kind, title: t.title, body: t.hint ? withHint(t.body) : t.body };
}

export function kycRejectedNotice(reason: string): Notice {
  return {
    kind: 'kyc_rejected',
    title: { tw: '實名認證未通過', jp: '本人確認が承認されませんでした', en: 'Identity verification not passed' },
    body: {
      tw: `原因：${reason}。請修改後重新提交。`,
      jp: `理由：${reason}。内容をご確認のうえ再提出してください。`,
      en: `Reason: ${reason}. Please correct it and submit again.`,
    },
  };
}

const RESTRICTION_NAMES: Record<string, LocalisedText> = {
  frozen: { tw: '凍結', jp: '凍結', en: 'frozen' },
  login_banned: { tw: '禁止登入', jp: 'ログイン禁止', en: 'login banned' },
  disabled: { tw: '停用', jp: '利用停止', en: 'disabled' },
  trade_banned: { tw: '禁止交易', jp: '取引禁止', en: 'trading barred' },
  withdraw_banned: { tw: '禁止出金', jp: '出金禁止', en: 'withdrawals barred' },
};

/** `customerReason`: the operator's customer-facing text; the internal note never goes here. */
export function restrictionNotice(restriction: string, on: boolean, customerReason: string | null): Notice {
  const name = RESTRICTION_NAMES[restriction] ?? { tw: restriction, jp: restriction, en: restriction };
  return on
    ? {
        kind: 'restriction_set',
        title: { tw: '帳號限制通知', jp: 'アカウント制限のお知らせ', en: 'Account restriction' },
        body: {
          tw: `您的帳號已被設為「${name.tw}」。${customerReason ? `原因：${customerReason}。` : ''}請聯繫客服。`,
          jp: `アカウントが「${name.jp}」に設定されました。${customerReason ? `理由：${customerReason}。` : ''}サポートにお問い合わせください。`,
          en: `Your account is now ${name.en}.${customerReason ? ` Reason: ${customerReason}.` : ''} Please contact support.`,
        },
      }
    : {
        kind: 'restriction_lifted',
        title: { tw: '帳號限制解除', jp: 'アカウント制限の解除', en: 'Restriction lifted' },
        body: {
          tw: `您的帳號「${name.tw}」限制已解除。`,
          jp: `アカウントの「${name.jp}」が解除されました。`,
          en: `The restriction "${name.en}" on your account has been lifted.`,
        },
      };
}

/** The outbox text of a one-time code. Never a link (FSA anti-phishing guidance). */
/** `ttlMinutes`: how long the code is good for (identity's CODE_TTL_MINUTES). */
export function codeMessage(purpose: string, code: string, ttlMinutes: number): { subject: string; body: string } {
  const what: Record<string, string> = {
    'reset-password': 'パスワード再設定 / password reset',
    reverify: '本人再確認 / re-verification',
  };
  const label = what[purpose] ?? `本人認証 / confirmation (${purpose.replace('step-up:', '')})`;
  return {
    subject: `Kabuto ${label}`,
    body: `Kabuto 確認コード / verification code: ${code}（${ttlMinutes}分間有効 / valid ${ttlMinutes} min）。このコードを他人に教えないでください / never share it.`,
  };
}

/** '2025-01-06 10:00 JST': notices speak Tokyo time whatever the server's zone. */
export function formatJst(date: Date): string {
  const shifted = new Date(date.getTime() + 9 * 60 * 60 * 1000);
  return `${shifted.toISOString().slice(0, 16).replace('T', ' ')} JST`;
}
