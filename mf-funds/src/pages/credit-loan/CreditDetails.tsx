// The published parts of the pj page: the credit score with its inputs and thresholds, the
// collateral list (each holding with why it does or does not count), the interest schedule
// and the lender, labelled simulated.
import { MSG, formatMoneyText, groupAmount, translateMessage } from '@kabuto/shared-sdk';
import type { CreditScoreInput, CreditSummary } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useFundsText } from '../../common/texts';

function inputValue(input: CreditScoreInput, t: ReturnType<typeof useFundsText>['t']): string {
  if (input.value === 'true') return t('credit.yes');
  if (input.value === 'false') return t('credit.no');
  return input.value;
}

export function CreditScoreCard({ summary }: { summary: CreditSummary }) {
  const { t, lang } = useFundsText();
  const { score } = summary;
  return (
    <section className={styles.card} data-testid="credit-score">
      <div className={styles.row}>
        <span>{t('credit.score')}</span>
        <span className={styles.value} data-testid="credit-score-value">
          {t('credit.scoreOf', { score: score.score, max: score.max })}
        </span>
      </div>
      <div className={styles.row}>
        <span className={styles.muted}>{t('credit.scoreBase')}</span>
        <span className={styles.muted}>{score.base}</span>
      </div>
      {score.inputs.map((input) => (
        <div className={styles.row} key={input.name} data-testid={`credit-score-input-${input.name}`}>
          <span className={styles.muted}>
            {t(`credit.scoreInput.${input.name}`)} · {inputValue(input, t)}
          </span>
          <span className={styles.muted}>{input.points > 0 ? `+${input.points}` : String(input.points)}</span>
        </div>
      ))}
      {score.restricted && (
        <p className={styles.error} role="alert" data-testid="credit-score-restricted">
          {translateMessage(MSG.accountRestrictedByCreditScore, lang)} · {translateMessage(MSG.creditScoreTooLowToWithdraw, lang)}
        </p>
      )}
      <p className={styles.muted}>{t('credit.scoreThresholds', { loan: score.loanThreshold, withdraw: score.withdrawThreshold })}</p>
      <p className={styles.muted}>{t('credit.scorePublished')}</p>
    </section>
  );
}

export function CollateralCard({ summary }: { summary: CreditSummary }) {
  const { t } = useFundsText();
  return (
    <section className={styles.card} data-testid="credit-collateral">
      <p className={styles.label}>{t('credit.collateral')}</p>
      {summary.collateral.length === 0 && <p className={styles.muted}>{t('credit.collateralEmpty')}</p>}
      {summary.collateral.map((line) => (
        <div className={styles.item} key={`${line.code}-${line.excludedReason ?? 'eligible'}`} data-testid="credit-collateral-line" data-code={line.code}>
          <div className={styles.row}>
            <span>
              {line.code} {line.name}
            </span>
            <span className={styles.value}>{formatMoneyText(line.value)}</span>
          </div>
          <div className={styles.row}>
            <span className={styles.muted}>
              {t('credit.collateralLine', {
                quantity: groupAmount(String(line.quantity)),
                close: line.previousClose === null ? t('credit.noClose') : `¥${groupAmount(line.previousClose)}`,
              })}
            </span>
            {line.excludedReason && <span className={styles.tag}>{t(`credit.excluded.${line.excludedReason}`)}</span>}
          </div>
        </div>
      ))}
    </section>
  );
}

export function InterestCard({ summary }: { summary: CreditSummary }) {
  const { t } = useFundsText();
  const tiers = summary.interest.tiers;
  return (
    <section className={styles.card} data-testid="credit-interest-schedule">
      <div className={styles.row}>
        <span>{t('credit.interest')}</span>
        <span className={styles.value}>{t('credit.interestNow', { rate: summary.interest.currentRatePercent })}</span>
      </div>
      {tiers.map((tier, index) => {
        const previous = tiers[index - 1]?.upTo;
        const band = tier.upTo
          ? t('credit.tierUpTo', { amount: formatMoneyText(tier.upTo) })
          : previous
            ? t('credit.tierAbove', { amount: formatMoneyText(previous) })
            : '';
        return (
          <div className={styles.row} key={tier.ratePpm}>
            <span className={styles.muted}>{band}</span>
            <span className={styles.muted}>{t('credit.tierRate', { rate: tier.ratePercent })}</span>
          </div>
        );
      })}
      <p className={styles.simulated} data-testid="credit-lender">
        {t('credit.lender', { name: summary.lender.name, agent: summary.lender.agent })}
      </p>
    </section>
  );
}
