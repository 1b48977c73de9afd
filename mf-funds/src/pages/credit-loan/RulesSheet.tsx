// The loan rules inline (docs/credit.md is not served), every number from the summary the
// server answers, which reads them from config.
import { Popup } from 'antd-mobile';
import { formatMoneyText } from '@kabuto/shared-sdk';
import type { CreditSummary } from '@kabuto/shared-sdk/schemas';
import credit from '../../common/credit/credit.module.css';
import { bpsText } from '../../common/credit/ratio-gauge';
import { useFundsText } from '../../common/texts';

export function RulesSheet({ summary, open, onClose }: { summary: CreditSummary; open: boolean; onClose(): void }) {
  const { t } = useFundsText();
  const { rules, marks, score, interest } = summary;
  const items = [
    t('rules.model'),
    t('rules.line', { ltv: bpsText(rules.ltvBp), concentrated: bpsText(rules.concentratedLtvBp), concentration: bpsText(rules.concentrationBp) }),
    t('rules.eligible'),
    t('rules.amount', { minimum: formatMoneyText(rules.minimum), step: formatMoneyText(rules.step) }),
    t('rules.ratio'),
    t('rules.marks', {
      draw: bpsText(marks.drawLimitBp),
      shortfall: bpsText(marks.shortfallBp),
      forced: bpsText(marks.forcedSaleBp),
      days: rules.shortfallDays,
    }),
    t('rules.forcedSale'),
    t('rules.interest', { basis: interest.dayBasis }),
    t('rules.proceeds'),
    t('rules.repay'),
    t('rules.score', { loan: score.loanThreshold, withdraw: score.withdrawThreshold }),
  ];
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} showCloseButton destroyOnClose bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className={credit.sheet} data-testid="credit-rules">
        <h3 className={credit.sheetTitle}>{t('rules.title')}</h3>
        <ol className={credit.rules}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      </div>
    </Popup>
  );
}
