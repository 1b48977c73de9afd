// The pj page's figures: the line, what is borrowable, what is owed, and the ratio with its
// gauge, marks and the state banner the server reports (draw stopped, shortfall with the
// amount to cure and its deadline, forced sale).
import { formatDateKey, formatMoneyText } from '@kabuto/shared-sdk';
import type { CreditSummary } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import credit from '../../common/credit/credit.module.css';
import { RatioGauge } from '../../common/credit/RatioGauge';
import { bpsText } from '../../common/credit/ratio-gauge';
import { useFundsText } from '../../common/texts';
import type { FundsTextKey } from '../../texts/en';

function Figure({ label, value, testId }: { label: FundsTextKey; value: string; testId: string }) {
  const { t } = useFundsText();
  return (
    <div className={styles.row}>
      <span>{t(label)}</span>
      <span className={styles.value} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

export function CreditFigures({ summary }: { summary: CreditSummary }) {
  const { t } = useFundsText();
  return (
    <section className={styles.card} data-testid="credit-figures">
      <Figure label="credit.creditLine" value={formatMoneyText(summary.creditLine)} testId="credit-line" />
      <Figure label="credit.borrowable" value={formatMoneyText(summary.borrowable)} testId="credit-borrowable" />
      <Figure label="credit.principal" value={formatMoneyText(summary.principal)} testId="credit-principal" />
      <Figure label="credit.accruedInterest" value={formatMoneyText(summary.accruedInterest)} testId="credit-interest" />
      <Figure label="credit.outstanding" value={formatMoneyText(summary.outstanding)} testId="credit-outstanding" />
      <Figure label="credit.collateralValue" value={formatMoneyText(summary.collateralValue)} testId="credit-collateral-value" />
      <p className={styles.muted}>{t('credit.ltv', { ltv: bpsText(summary.ltvBp) })}</p>
      {summary.excludedFromBuyingPower.minor !== '0' && (
        <p className={styles.muted} data-testid="credit-proceeds-excluded">
          {t('credit.proceedsExcluded', { amount: formatMoneyText(summary.excludedFromBuyingPower) })}
        </p>
      )}
    </section>
  );
}

export function CreditRatio({ summary }: { summary: CreditSummary }) {
  const { t } = useFundsText();
  const { marks } = summary;
  // Without a loan the server still answers a ratio (0 on the collateral): the gauge says "no loan".
  const ratioBp = summary.state === 'none' ? null : summary.ratioBp;
  return (
    <section className={styles.card} data-testid="credit-ratio" data-state={summary.state} data-ratio-bp={summary.ratioBp ?? ''}>
      <div className={styles.row}>
        <span>{t('credit.ratio')}</span>
        <span className={credit.ratio} data-testid="credit-ratio-value">
          {ratioBp === null ? '—' : bpsText(ratioBp)}
        </span>
      </div>
      <p className={styles.muted}>{ratioBp === null ? t('credit.ratioNone') : t('credit.ratioFormula')}</p>
      <RatioGauge ratioBp={ratioBp} marks={marks} />
      <p className={styles.muted}>{t('credit.mark.drawLimit', { mark: bpsText(marks.drawLimitBp) })}</p>
      <p className={styles.muted}>{t('credit.mark.shortfall', { mark: bpsText(marks.shortfallBp) })}</p>
      <p className={styles.muted}>{t('credit.mark.forcedSale', { mark: bpsText(marks.forcedSaleBp) })}</p>
    </section>
  );
}

/** The banner of the state the server reports; nothing in the normal state or without a loan. */
export function CreditStateBanner({ summary }: { summary: CreditSummary }) {
  const { t, lang } = useFundsText();
  const { state, marks, shortfall } = summary;
  if (state === 'none' || state === 'normal') return null;
  let text: string;
  if (state === 'draw-stopped') text = t('credit.state.draw-stopped', { mark: bpsText(marks.drawLimitBp) });
  else if (state === 'forced-sale') text = t('credit.state.forced-sale');
  else if (shortfall)
    text = t('credit.state.shortfall', { amount: formatMoneyText(shortfall.amountToCure), deadline: formatDateKey(shortfall.deadline, lang) });
  else text = t('credit.state.shortfallNoNotice', { mark: bpsText(marks.shortfallBp) });
  return (
    <p className={credit.banner} role="alert" data-severity={state === 'draw-stopped' ? 'warning' : 'danger'} data-testid={`credit-banner-${state}`}>
      {text}
    </p>
  );
}
