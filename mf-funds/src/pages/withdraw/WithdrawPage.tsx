// Withdrawal centre (ROUTES.withdraw): what can be withdrawn now and why (holds),
// the card, the amount, the fund password, a passkey step-up, then the request. Every
// refusal names the rule and, for min/max, the amount and unit (ARCHITECTURE §7.3).
// The arrival note is spec §9's.
import { Button, Dialog, Input, NumberKeyboard, PasscodeInput, Result, Selector } from 'antd-mobile';
import { useState } from 'react';
import {
  ROUTES,
  routeTo,
  MSG,
  errorMessage,
  translateMessage,
  usePasskeyStepUp,
  formatDateKey,
  formatDateTime,
  formatMoneyText,
  holdSourceName,
  QueryState,
  isLoaded,
} from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { firstErrorKey, withdrawFormSchema, type WithdrawInfo, type WithdrawalRecord } from '@kabuto/shared-sdk/schemas';
import { useGetWithdrawInfoQuery, useWithdrawMutation } from '../../api/funds';
import { Refusal, useAskStepUpCode, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { useFundsText } from '../../common/texts';
import { daysLabelKey } from '../../common/windows';
import { withdrawAmountProblem } from './withdraw-check';
import { kit as styles } from '@kabuto/shared-sdk/ui';

function Requirements({ info }: { info: WithdrawInfo }) {
  const { t } = useFundsText();
  const navigate = useNavigate();
  const missing: { key: string; text: string; action: string; path: string }[] = [];
  if (info.verification !== 'verified') missing.push({ key: 'kyc', text: t('out.needVerified'), action: t('out.verify'), path: ROUTES.identityVerification });
  if (info.cards.length === 0) missing.push({ key: 'card', text: t('out.needCard'), action: t('nav.addCard'), path: ROUTES.bankCardAdd });
  if (!info.hasFundPassword) missing.push({ key: 'pwd', text: t('out.needFundPassword'), action: t('out.setFundPassword'), path: ROUTES.fundPassword });
  if (missing.length === 0) return null;
  return (
    <section className={styles.card} data-testid="withdraw-requirements">
      {missing.map((item) => (
        <div className={styles.row} key={item.key}>
          <span className={styles.intro}>{item.text}</span>
          {/* The action keeps one line (jp labels are long); the explanation wraps instead. */}
          <Button size="mini" color="primary" style={{ whiteSpace: 'nowrap', flexShrink: 0 }} onClick={() => navigate(item.path)}>
            {item.action}
          </Button>
        </div>
      ))}
    </section>
  );
}

function Available({ info }: { info: WithdrawInfo }) {
  const { t, lang } = useFundsText();
  return (
    <section className={styles.card} data-testid="withdraw-available">
      <div className={styles.row}>
        <span>{t('out.available')}</span>
        <span className={styles.value} data-testid="withdraw-available-value">
          {formatMoneyText(info.available)}
        </span>
      </div>
      {info.holds.length === 0 ? (
        <p className={styles.muted}>{t('out.noHolds')}</p>
      ) : (
        info.holds.map((hold) => (
          <div className={styles.row} key={hold.source}>
            <span className={styles.muted}>{t('out.heldFor', { source: holdSourceName(hold.source, lang) })}</span>
            <span className={styles.muted}>{formatMoneyText(hold.amount)}</span>
          </div>
        ))
      )}
      {/* Part of the holds above, by settlement date. A server from before the field answers without it. */}
      {(info.unsettled ?? []).map((line) => (
        <div className={styles.row} key={line.settlesOn} data-testid="withdraw-unsettled">
          <span className={styles.muted}>{t('out.unsettled', { date: formatDateKey(line.settlesOn, lang) })}</span>
          <span className={styles.muted}>{formatMoneyText(line.amount)}</span>
        </div>
      ))}
      <p className={info.open ? styles.muted : styles.error} data-testid="withdraw-window">
        {t('out.window', { window: info.window, days: t(daysLabelKey(info.days)) })} · {info.open ? t('deposit.openNow') : t('deposit.closedNow')}
      </p>
      <p className={styles.muted}>{t('out.limits', { min: formatMoneyText(info.min), max: formatMoneyText(info.max) })}</p>
    </section>
  );
}

function Submitted({ record }: { record: WithdrawalRecord }) {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid="withdraw-submitted">
      <Result status="waiting" title={t('out.submitted', { id: record.id, amount: formatMoneyText(record.amount) })} description={t('out.frozenUntilPaid')} />
      <section className={styles.card}>
        <div className={styles.row}>
          <span className={styles.muted}>{t('out.reviewBy')}</span>
          <span>{formatDateTime(record.reviewBy, lang)}</span>
        </div>
        <div className={styles.row}>
          <span className={styles.muted}>{t('out.expectedBy')}</span>
          <span>{formatDateTime(record.expectedBy, lang)}</span>
        </div>
        <div className={styles.row}>
          <span className={styles.muted}>{t('out.toCard')}</span>
          <span>
            {record.card.bankName} {record.card.branchName} {record.card.accountNumberMasked}
          </span>
        </div>
      </section>
      <Button block color="primary" onClick={() => navigate(routeTo('fundRecords', { tab: 'withdraw' }))}>
        {t('nav.records')}
      </Button>
    </div>
  );
}

function WithdrawForm({ info }: { info: WithdrawInfo }) {
  const { t, lang } = useFundsText();
  const [withdraw, { isLoading }] = useWithdrawMutation();
  const askForCode = useAskStepUpCode();
  const stepUp = usePasskeyStepUp('withdraw', { askForCode });
  const keys = useSubmissionKeys();
  const [cardId, setCardId] = useState<number | null>(info.cards[0]?.id ?? null);
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [keyboard, setKeyboard] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [record, setRecord] = useState<WithdrawalRecord | null>(null);

  async function submit() {
    const fields = { cardId: cardId ?? 0, amount: amount.trim(), fundPassword };
    const form = { ...fields, idempotencyKey: keys.keyFor({ cardId: fields.cardId, amount: fields.amount }) };
    // In the form's order: the card, the amount (with its limits), then the password.
    const problem = cardId === null ? MSG.bankCardRequired : withdrawAmountProblem(form.amount, info);
    if (problem) {
      setError(translateMessage(problem, lang));
      return;
    }
    const checked = withdrawFormSchema.safeParse(form);
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    const granted = await stepUp();
    // A refusal is toasted by the step-up itself; a cancelled code prompt is just a stop.
    if (!granted.ok) return;
    const answer = await withdraw(form);
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || null);
      return;
    }
    keys.settle();
    setRecord(answer.data);
  }

  if (record) return <Submitted record={record} />;
  return (
    <>
      <section className={styles.card}>
        <p className={styles.label}>{t('out.card')}</p>
        <Selector
          columns={1}
          value={cardId === null ? [] : [cardId]}
          onChange={(values) => setCardId(values[0] ?? null)}
          options={info.cards.map((card) => ({
            value: card.id,
            label: `${card.bankName} ${card.branchName} ${card.accountNumberMasked}`,
            description: card.holderName,
          }))}
          data-testid="withdraw-card"
        />
        <p className={styles.label}>{t('out.amount')}</p>
        <Input
          value={amount}
          onChange={(next) => {
            setAmount(next);
            setError(null);
          }}
          inputMode="numeric"
          placeholder={info.min.amount}
          aria-label={t('out.amount')}
          data-testid="withdraw-amount"
        />
        <p className={styles.label}>{t('out.fundPassword')}</p>
        <div data-testid="withdraw-fund-password">
          <PasscodeInput
            length={6}
            plain={false}
            value={fundPassword}
            onChange={setFundPassword}
            onFocus={() => setKeyboard(true)}
            onBlur={() => setKeyboard(false)}
            keyboard={<NumberKeyboard visible={keyboard} onClose={() => setKeyboard(false)} />}
            aria-label={t('out.fundPassword')}
          />
        </div>
      </section>
      <Refusal text={error} testId="form-error" />
      <Button block color="primary" size="large" loading={isLoading} onClick={() => void submit()} data-testid="withdraw-submit">
        {t('out.submit')}
      </Button>
    </>
  );
}

export default function WithdrawPage() {
  const { t } = useFundsText();
  const query = useGetWithdrawInfoQuery();
  if (!isLoaded(query)) return <QueryState query={query} page />;
  const info = query.data;
  return (
    <div className={styles.page} data-testid="cash-out">
      <Available info={info} />
      <Requirements info={info} />
      <WithdrawForm info={info} />
      <p className={styles.note} data-testid="arrival-note">
        {t('out.arrival', { hours: info.arrival.typicalHours, review: info.arrival.reviewHours })}
      </p>
      <p className={styles.note} data-testid="withdraw-simulated">
        {t('out.simulated')}
      </p>
      <Button size="small" fill="none" onClick={() => void Dialog.alert({ content: t('out.holdsExplained'), confirmText: t('common.confirm') })}>
        {t('out.whyAvailable')}
      </Button>
    </div>
  );
}
