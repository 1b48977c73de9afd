// The fund password of a form that moves money or places an order (orders, IPO applications
// and payments, block buys, closes, stop-losses): one input, one confirmation block, and the
// notice a form shows at its top when the customer has no fund password yet, so they learn
// it before filling the form in, not at its last step. Texts: the SDK's own (sdk-ui).
import { Button, Input } from 'antd-mobile';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useGetUserInfoQuery } from '../../api/identity';
import { ROUTES } from '../../routes/route-table';
import { kit } from '../kit';
import { SDK_UI_NAMESPACE } from '../page-pending';

export interface FundPasswordInputProps {
  value: string;
  onChange: (value: string) => void;
  /** data-testid of the input (antd-mobile puts it on the input's wrapper). */
  testId: string;
  placeholder?: string;
}

/** The six-digit fund password field, masked, with the number keyboard on phones. */
export function FundPasswordInput({ value, onChange, testId, placeholder }: FundPasswordInputProps) {
  const { t } = useTranslation(SDK_UI_NAMESPACE);
  return (
    <Input
      className={kit.field}
      type="password"
      inputMode="numeric"
      maxLength={6}
      value={value}
      onChange={onChange}
      aria-label={t('fundPasswordLabel')}
      placeholder={placeholder}
      data-testid={testId}
    />
  );
}

export interface FundPasswordConfirmProps {
  value: string;
  onChange: (value: string) => void;
  /** Prefix of the test ids: `<testId>-confirm` (the block) and `<testId>-fund-password` (the input). */
  testId: string;
  /** A card of its own (the order ticket) rather than a part of the form around it. */
  card?: boolean;
  style?: CSSProperties;
  /** What follows the input (the order ticket's "don't ask again this session"). */
  children?: ReactNode;
}

/** "Confirm with your fund password" and its input: the last step of a form that needs it. */
export function FundPasswordConfirm({ value, onChange, testId, card = false, style, children }: FundPasswordConfirmProps) {
  const { t } = useTranslation(SDK_UI_NAMESPACE);
  return (
    <section className={card ? kit.card : undefined} style={style} data-testid={`${testId}-confirm`}>
      <p className={kit.label}>{t('fundPasswordTitle')}</p>
      <FundPasswordInput value={value} onChange={onChange} testId={`${testId}-fund-password`} />
      {children}
    </section>
  );
}

export interface FundPasswordNoticeProps {
  /** Prefix of the test ids: `<testId>-needs-fund-password` and `<testId>-set-fund-password`. */
  testId: string;
  /** Keeps what the form holds (useKeptForm's keep) before the customer leaves to set the password. */
  keep?: () => void;
  /** The form will not ask for it (the session's skip): no notice. */
  notNeeded?: boolean;
  /** The server has just refused for want of one (fundPasswordNotSet), whatever user/info said. */
  refused?: boolean;
}

/**
 * At the top of a form that will ask for the fund password: when the customer has none, says
 * so before they fill the form in, with the way to set one. The fund-password page goes back
 * when saved, and the form takes back what `keep` kept.
 */
export function FundPasswordNotice({ testId, keep, notNeeded = false, refused = false }: FundPasswordNoticeProps) {
  const { t } = useTranslation(SDK_UI_NAMESPACE);
  const navigate = useNavigate();
  // Cached (UserInfo tag): setting the password refreshes it, so the notice goes on return.
  const { data: user } = useGetUserInfoQuery(undefined, { skip: notNeeded });
  if (notNeeded || (user?.hasFundPassword !== false && !refused)) return null;
  return (
    <section className={kit.note} role="note" data-testid={`${testId}-needs-fund-password`}>
      {t('fundPasswordMissing')}
      <Button
        size="small"
        color="primary"
        style={{ display: 'block', marginTop: 8 }}
        onClick={() => {
          keep?.();
          void navigate(ROUTES.fundPassword);
        }}
        data-testid={`${testId}-set-fund-password`}
      >
        {t('fundPasswordSet')}
      </Button>
    </section>
  );
}
