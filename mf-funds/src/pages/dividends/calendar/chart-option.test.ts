import { COMPANY } from '../../../test-utils/dividend-fixtures';
import { dividendBars, dividendChartOption } from './chart-option';

const COLOURS = { paid: 'green', forecast: 'grey', text: 't', grid: 'g', tipBackground: 'b', tipText: 'w' };

describe('the dividend chart option', () => {
  it('puts paid history and the forecast in record-date order, in two series of one slot each', () => {
    const bars = dividendBars(COMPANY);
    expect(bars).toEqual([
      { recordDate: '2026-03-31', dps: '7.5', forecast: false },
      { recordDate: '2026-09-30', dps: '40.0', forecast: false },
      { recordDate: '2027-03-31', dps: '45.0', forecast: true },
    ]);
    const option = dividendChartOption(bars, COLOURS, { paid: 'Paid', forecast: 'Forecast', date: (key) => key });
    expect(option.series.at(0)?.data).toEqual([7.5, 40, '-']);
    expect(option.series.at(1)?.data).toEqual(['-', '-', 45]);
    // The tooltip names the server's text, not the float drawn.
    expect(option.tooltip.formatter([{ dataIndex: 0 }])).toBe('2026-03-31<br/>Paid: ¥7.5');
    expect(option.tooltip.formatter([{ dataIndex: 2 }])).toBe('2027-03-31<br/>Forecast: ¥45.0');
  });
});
