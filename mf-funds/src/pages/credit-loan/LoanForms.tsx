// The borrow and repay forms of the pj page. Each checks what it can before sending (the
// published minimum and step, what is borrowable, what is owed), asks for the fund password,
// sends one idempotency key per submission, and shows the server's refusal as it comes, with
// the figures it named.
import { Button, Input, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { formatMoneyText, translateMessage } from '@kabuto/shared-sdk';
import { minorToAmount, type CreditSummary } from '@kabuto/shared-sdk/schemas';
import { Refusal, kit as styles, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { FundPasswordConfirm } from '@kabuto/shared-sdk/ui/forms';
import { useCreditApplyMutation, useCreditRepayMutation } from '../../api/credit';
import { borrowAmountProblem, fundPasswordProblem, largestBorrowable, repayAmountProblem } from '../../common/credit/loan-form-check';
import { creditRefusalText } from '../../common/credit/refusal';
import { useFundsText } from '../../common/texts';

export function BorrowForm({ summary }: { summary: CreditSummary }) {
  const { t, lang } = useFundsText();
  const [apply, { isLoading }] = useCreditApplyMutation();
  const keys = useSubmissionKeys();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const limits = { minimum: summary.rules.minimum, step: summary.rules.step, borrowable: summary.borrowable };
  const largest = largestBorrowable(limits);
  const hintValues = { minimum: formatMoneyText(limits.minimum), step: formatMoneyText(limits.step) };

  async function submit() {
    const fields = { amount: amount.trim(), reason: reason.trim() };
    const problem = borrowAmountProblem(fields.amount, limits) ?? fundPasswordProblem(fundPassword);
    if (problem) {
      setError(translateMessage(problem, lang));
      return;
    }
    setError(null);
    const answer = await apply({ ...fields, fundPassword, idempotencyKey: keys.keyFor(fields) });
    if ('error' in answer && answer.error) {
      setError(creditRefusalText(answer.error, t) || null);
      return;
    }
    keys.settle();
    setAmount('');
    setReason('');
    setFundPassword('');
    Toast.show({ content: t('credit.applied', { orderNo: answer.data.orderNo }) });
  }

  const change = (apply: () => void) => {
    apply();
    setError(null);
  };
  return (
    <section className={styles.card} data-testid="borrow-form">
      <p className={styles.label}>{t('credit.borrowTitle')}</p>
      <Input
        className={styles.field}
        value={amount}
        onChange={(v) => change(() => setAmount(v))}
        inputMode="numeric"
        placeholder={summary.rules.minimum.amount}
        aria-label={t('credit.amount')}
        data-testid="borrow-amount"
      />
      <p className={styles.muted} data-testid="borrow-hint">
        {largest === null
          ? t('credit.borrowHintNone', hintValues)
          : t('credit.borrowHint', {
              ...hintValues,
              largest: formatMoneyText({ ...limits.minimum, minor: String(largest), amount: minorToAmount(largest, 0) }),
            })}
      </p>
      <p className={styles.label}>{t('credit.reason')}</p>
      <TextArea
        value={reason}
        onChange={(v) => change(() => setReason(v))}
        maxLength={200}
        rows={2}
        aria-label={t('credit.reason')}
        data-testid="borrow-reason"
      />
      <FundPasswordConfirm value={fundPassword} onChange={(v) => change(() => setFundPassword(v))} testId="borrow" style={{ marginTop: 8 }} />
      <Refusal text={error} testId="borrow-error" style={{ marginTop: 8 }} />
      <p className={styles.muted}>{t('credit.borrowReview')}</p>
      <Button block color="primary" style={{ marginTop: 10 }} loading={isLoading} onClick={() => void submit()} data-testid="borrow-submit">
        {t('credit.borrowSubmit')}
      </Button>
    </section>
  );
}

export function RepayForm({ summary }: { summary: CreditSummary }) {
  const { t, lang } = useFundsText();
  const [repay, { isLoading }] = useCreditRepayMutation();
  const keys = useSubmissionKeys();
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const owed = summary.outstanding;

  async function submit() {
    const fields = { amount: amount.trim() };
    const problem = repayAmountProblem(fields.amount, owed) ?? fundPasswordProblem(fundPassword);
    if (problem) {
      setError(translateMessage(problem, lang));
      return;
    }
    setError(null);
    const answer = await repay({ ...fields, fundPassword, idempotencyKey: keys.keyFor(fields) });
    if ('error' in answer && answer.error) {
      setError(creditRefusalText(answer.error, t) || null);
      return;
    }
    keys.settle();
    setAmount('');
    setFundPassword('');
    Toast.show({ content: t('credit.repaid', { amount: formatMoneyText({ ...owed, amount: fields.amount, minor: fields.amount }) }) });
  }

  const change = (apply: () => void) => {
    apply();
    setError(null);
  };
  return (
    <section className={styles.card} data-testid="repay-form">
      <p className={styles.label}>{t('credit.repayTitle')}</p>
      <Input
        className={styles.field}
        value={amount}
        onChange={(v) => change(() => setAmount(v))}
        inputMode="numeric"
        aria-label={t('credit.amount')}
        data-testid="repay-amount"
      />
      <p className={styles.muted}>{t('credit.repayHint', { amount: formatMoneyText(owed) })}</p>
      <Button size="small" fill="outline" onClick={() => change(() => setAmount(owed.amount))} data-testid="repay-all">
        {t('credit.repayAll', { amount: formatMoneyText(owed) })}
      </Button>
      <FundPasswordConfirm value={fundPassword} onChange={(v) => change(() => setFundPassword(v))} testId="repay" style={{ marginTop: 8 }} />
      <Refusal text={error} testId="repay-error" style={{ marginTop: 8 }} />
      <Button block color="primary" style={{ marginTop: 10 }} loading={isLoading} onClick={() => void submit()} data-testid="repay-submit">
        {t('credit.repaySubmit')}
      </Button>
    </section>
  );
}
