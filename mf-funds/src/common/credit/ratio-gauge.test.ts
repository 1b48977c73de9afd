import { bpsText, gaugeView, ratioZone, type RatioMarks } from './ratio-gauge';

const MARKS: RatioMarks = { drawLimitBp: 6000, shortfallBp: 7000, forcedSaleBp: 8500 };

describe('the ratio gauge', () => {
  it('has no zone without a loan', () => {
    expect(ratioZone(null, MARKS)).toBe('none');
    expect(gaugeView(null, MARKS).fill).toBe(0);
  });

  it('puts each boundary where the published rule does: 60 % still draws, 70 % is a shortfall, 85 % is not yet a forced sale', () => {
    expect(ratioZone(0, MARKS)).toBe('normal');
    expect(ratioZone(6000, MARKS)).toBe('normal');
    expect(ratioZone(6001, MARKS)).toBe('draw-stopped');
    expect(ratioZone(6999, MARKS)).toBe('draw-stopped');
    expect(ratioZone(7000, MARKS)).toBe('shortfall');
    expect(ratioZone(8500, MARKS)).toBe('shortfall');
    expect(ratioZone(8501, MARKS)).toBe('forced-sale');
  });

  it('follows the marks the server publishes, not its own', () => {
    expect(ratioZone(6500, { drawLimitBp: 5000, shortfallBp: 6000, forcedSaleBp: 7000 })).toBe('shortfall');
  });

  it('places the marks on a 0–100 % scale and fills up to the ratio, full beyond the scale', () => {
    const view = gaugeView(3000, MARKS);
    expect(view.scaleBps).toBe(10_000);
    expect(view.fill).toBe(30);
    expect(view.marks.map((m) => [m.key, m.at])).toEqual([
      ['drawLimit', 60],
      ['shortfall', 70],
      ['forcedSale', 85],
    ]);
    expect(gaugeView(14_000, MARKS).fill).toBe(100);
    expect(gaugeView(-5, MARKS).fill).toBe(0);
  });

  it('widens the scale when the forced-sale mark is near 100 %', () => {
    const view = gaugeView(9500, { drawLimitBp: 6000, shortfallBp: 7000, forcedSaleBp: 9500 });
    expect(view.scaleBps).toBe(10_500);
    expect(view.zone).toBe('shortfall');
  });

  it('writes basis points as a percentage', () => {
    expect(bpsText(6000)).toBe('60%');
    expect(bpsText(6234)).toBe('62.34%');
    expect(bpsText(6250)).toBe('62.5%');
    expect(bpsText(5)).toBe('0.05%');
  });
});
