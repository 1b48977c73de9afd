// Margin dividend adjustments (ROUTES.dividends3, spec dividend3; 配当落調整金 [DV4][DV5][DV6]):
// what margin longs received and margin shorts paid at each ex-date, reserved until the payment
// date and then settled, newest first. A row opens the adjustment with its postings.
import { formatDateKey, formatMoneyText } from '@kabuto/shared-sdk';
import type { AdjustmentSide, DividendAdjustmentItem, DividendAdjustmentsPage } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useLazyGetDividendAdjustmentsQuery } from '../../../api/dividends';
import { SignedAmount } from '../../../common/SignedAmount';
import { useFundsText } from '../../../common/texts';
import { DividendList, ListRow } from '../parts/DividendList';
import { nameIn, sharesText, yenText } from '../parts/view';

type Filter = 'all' | AdjustmentSide;
const FILTERS: readonly [Filter, ...Filter[]] = ['all', 'long', 'short'];

function AdjustmentRow({ adjustment }: { adjustment: DividendAdjustmentItem }) {
  const { t, lang } = useFundsText();
  return (
    <ListRow detail="dividendDetail3" id={adjustment.id} testId="dividend-adjustment" data={{ 'data-side': adjustment.side, 'data-state': adjustment.state }}>
      <div className={styles.row}>
        <span>
          {adjustment.code} {nameIn(adjustment.name, lang)}
        </span>
        <SignedAmount money={adjustment.amount} />
      </div>
      <div className={styles.row}>
        <span className={styles.muted}>
          {t('div.adjustments.line', { shares: sharesText(adjustment.shares), dps: yenText(adjustment.dps), rate: adjustment.ratePercent })}
        </span>
        <span className={styles.badge} data-state={adjustment.state === 'settled' ? 'approved' : 'pending'}>
          {t(`div.adjustment.state.${adjustment.state}`)}
        </span>
      </div>
      <span className={styles.muted}>
        {t(`div.adjustment.side.${adjustment.side}`)} · {t(`div.adjustment.marginKind.${adjustment.marginKind}`)} · {t('div.date.ex')}{' '}
        {formatDateKey(adjustment.exDate, lang)} · {t('div.gross')} {formatMoneyText(adjustment.gross)}
      </span>
    </ListRow>
  );
}

export default function AdjustmentsPage() {
  const { t } = useFundsText();
  const [trigger] = useLazyGetDividendAdjustmentsQuery();
  return (
    <DividendList<DividendAdjustmentItem, DividendAdjustmentsPage, Filter>
      tab="adjustments"
      intro={t('div.adjustments.intro')}
      testId="dividend-adjustments-page"
      filter={{ values: FILTERS, label: (value) => t(`div.adjustments.filter.${value}`), testId: 'adjustments-filter' }}
      fetchPage={(page, filter) => trigger({ page, size: 20, side: filter === 'all' ? undefined : filter }).unwrap()}
      listTestId="dividend-adjustments"
      emptyText={t('div.adjustments.empty')}
      renderItem={(adjustment) => <AdjustmentRow adjustment={adjustment} />}
    />
  );
}
