// Follow a strategy (strategy/preview, then strategy/follow): the amount is previewed first, so
// the published fee and its worked example for that amount (broker-paid: the broker pays the leader;
// profit share: the follower pays a share of realised profit above the high-water mark, never on a
// loss) are read before following; then the period, the copy stop-loss
// (5–95 %, default 40 [CT1]) and the fund password, one idempotency key per submission. Every
// refusal is shown as the server says it, with its figures.
import { Button, Input, Selector } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDateKey, formatMoneyText, routeTo, translateMessage } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import { COPY_STOP_LOSS_MAX_PERCENT, COPY_STOP_LOSS_MIN_PERCENT, firstErrorKey, followFormSchema, type FollowPreview } from '@kabuto/shared-sdk/schemas';
import { FieldRow, Refusal, SubmitFooter, kit as styles, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { FundPasswordConfirm, FundPasswordNotice } from '@kabuto/shared-sdk/ui/forms';
import { useFollowMutation, useGetFollowPreviewQuery, type FollowArgs } from '../../api/strategies';
import { refusalText } from '../../common/refusal';
import { useTradeText } from '../../common/texts';
import { addDaysToKey } from '../../common/strategy-text';

/** Following periods offered, in days (the deadline is today + the period, at most 365 [spec]). */
const PERIODS = ['30', '90', '180', '365'] as const;

/** The published fee for the previewed amount, in the page's language, from the server's figures. */
export function FeeExample({ preview }: { preview: FollowPreview }) {
  const { t } = useTradeText();
  const fee = preview.fee;
  return (
    <section className={styles.card} data-testid="follow-fee">
      <p className={styles.label}>{t('follow.feeTitle')}</p>
      {fee.model === 'broker-paid' ? (
        <>
          <p style={{ margin: '0 0 6px' }} data-testid="follow-fee-example">
            {t('follow.feeExample', {
              rate: fee.ratePercentPerYear,
              amount: formatMoneyText(preview.amount),
              daily: formatMoneyText(fee.exampleDailyToLeader),
              year: formatMoneyText(fee.exampleYearToLeader),
            })}
          </p>
          <FieldRow label={t('follow.youPay')} value={formatMoneyText(fee.followerPays)} testId="follow-fee-follower" />
        </>
      ) : (
        <p style={{ margin: '0 0 6px' }} data-testid="follow-fee-example">
          {t('follow.profitShareExample', {
            percent: fee.percent,
            amount: formatMoneyText(preview.amount),
            profit: formatMoneyText(fee.exampleRealisedProfit),
            share: formatMoneyText(fee.exampleToLeader),
            loss: formatMoneyText(fee.exampleLossToLeader),
          })}
        </p>
      )}
      <FieldRow label={t('follow.minimum')} value={formatMoneyText(preview.minimum)} testId="follow-minimum" />
      <FieldRow label={t('follow.leaderEquity')} value={formatMoneyText(preview.leaderEquity)} testId="follow-leader-equity" />
      <FieldRow label={t('follow.ratio')} value={preview.ratio} testId="follow-ratio" />
      <p className={styles.muted} style={{ margin: '6px 0 0' }}>
        {t('follow.sizing')}
      </p>
    </section>
  );
}

export function FollowForm({ strategyId }: { strategyId: number }) {
  const { t, lang } = useTradeText();
  const navigate = useNavigate();
  const keys = useSubmissionKeys();
  const [amount, setAmount] = useState('');
  const [previewed, setPreviewed] = useState<string | null>(null);
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('30');
  const [stopLoss, setStopLoss] = useState('40');
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusedForPassword, setRefusedForPassword] = useState(false);
  const preview = useGetFollowPreviewQuery({ id: strategyId, amount: previewed ?? '' }, { skip: previewed === null });
  const [follow, following] = useFollowMutation();
  // The preview shown is the one for the amount in the field: changing it asks again.
  const ready = previewed !== null && previewed === amount.trim() && preview.data !== undefined && !preview.isFetching;

  function askPreview() {
    setError(null);
    setPreviewed(amount.trim());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = preview.data;
    if (!ready || !data) {
      askPreview();
      return;
    }
    const fields = { id: strategyId, amount: amount.trim(), deadline: addDaysToKey(data.today, Number(period)), stopLossPercent: Number(stopLoss) };
    const form: FollowArgs = { ...fields, fundPassword, idempotencyKey: keys.keyFor(fields) };
    const checked = followFormSchema.safeParse(form);
    const problem = checked.success ? null : (firstErrorKey(checked) ?? MSG.invalidParams);
    if (problem) {
      setError(translateMessage(problem, lang));
      return;
    }
    const answer = await follow(form);
    if ('error' in answer && answer.error) {
      setError(refusalText(answer.error, t, lang) || null);
      setRefusedForPassword('msg' in answer.error && answer.error.msg === MSG.fundPasswordNotSet);
      return;
    }
    keys.settle();
    void navigate(routeTo('followingDetail', { id: answer.data.id }));
  }

  const previewError = preview.isError ? refusalText(preview.error, t, lang) : null;
  return (
    <form onSubmit={(e) => void submit(e)} className={styles.card} data-testid="follow-form">
      <FundPasswordNotice testId="follow" refused={refusedForPassword} />
      <p className={styles.label}>{t('follow.title')}</p>
      <p className={styles.label}>{t('follow.amount')}</p>
      <Input
        className={styles.field}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setError(null);
        }}
        inputMode="numeric"
        placeholder={t('follow.amountPlaceholder')}
        aria-label={t('follow.amount')}
        data-testid="follow-amount"
      />
      <Button block color="default" style={{ marginTop: 8 }} loading={preview.isFetching} onClick={askPreview} data-testid="follow-preview">
        {t('follow.preview')}
      </Button>
      <Refusal text={previewError} testId="follow-preview-error" style={{ marginTop: 8 }} />
      {ready && preview.data && (
        <>
          <FeeExample preview={preview.data} />
          <p className={styles.label}>{t('follow.period')}</p>
          <Selector
            columns={4}
            value={[period]}
            onChange={(v) => v[0] && setPeriod(v[0])}
            options={PERIODS.map((days) => ({ value: days, label: t('follow.periodDays', { days }) }))}
            data-testid="follow-period"
          />
          <p className={styles.muted} data-testid="follow-deadline">
            {t('follow.deadline', { date: formatDateKey(addDaysToKey(preview.data.today, Number(period)), lang) })}
          </p>
          <p className={styles.label}>{t('follow.stopLoss', { min: COPY_STOP_LOSS_MIN_PERCENT, max: COPY_STOP_LOSS_MAX_PERCENT })}</p>
          <Input
            className={styles.field}
            value={stopLoss}
            onChange={(v) => {
              setStopLoss(v);
              setError(null);
            }}
            inputMode="numeric"
            aria-label={t('follow.stopLoss', { min: COPY_STOP_LOSS_MIN_PERCENT, max: COPY_STOP_LOSS_MAX_PERCENT })}
            data-testid="follow-stop-loss"
          />
          <p className={styles.muted}>{t('follow.stopLossExplain', { percent: stopLoss })}</p>
          <FundPasswordConfirm value={fundPassword} onChange={setFundPassword} testId="follow" />
          <SubmitFooter error={error} loading={following.isLoading} label={t('follow.submit')} testId="follow-submit" />
        </>
      )}
    </form>
  );
}
