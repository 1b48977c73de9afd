// The loan ratio as a bar with the three published marks (a plain CSS gauge: ECharts would
// add its whole chunk to this remote for one bar). The fill's colour follows the zone the
// ratio is in; the marks are labelled with their percentages under the bar.
import { useFundsText } from '../texts';
import credit from './credit.module.css';
import { bpsText, gaugeView, type RatioMarks } from './ratio-gauge';

export function RatioGauge({ ratioBp, marks }: { ratioBp: number | null; marks: RatioMarks }) {
  const { t } = useFundsText();
  const view = gaugeView(ratioBp, marks);
  return (
    <div
      className={credit.gauge}
      role="meter"
      aria-label={t('credit.ratio')}
      aria-valuemin={0}
      aria-valuemax={view.scaleBps / 100}
      aria-valuenow={ratioBp === null ? 0 : ratioBp / 100}
      aria-valuetext={ratioBp === null ? t('credit.ratioNone') : bpsText(ratioBp)}
      data-testid="credit-gauge"
      data-zone={view.zone}
    >
      <div className={credit.fill} data-zone={view.zone} style={{ width: `${view.fill}%` }} />
      {view.marks.map((mark) => (
        <div key={mark.key} data-testid={`credit-mark-${mark.key}`}>
          <span className={credit.mark} style={{ left: `${mark.at}%` }} />
          <span className={credit.markLabel} style={{ left: `${mark.at}%` }}>
            {bpsText(mark.bps)}
          </span>
        </div>
      ))}
    </div>
  );
}
