/** @jest-environment node */
// The lending forms as a customer sends them: every bad mode, unaccepted risks and bad paging get
// the catalogue message the server answers (docs/api/credit.md "Stock lending").
import { MSG } from '../messages/catalogue';
import { firstErrorKey } from './errors';
import { LENDING_RISKS_VERSION, lendingOptInFormSchema, lendingRatesFormSchema, lendingRecordsFormSchema, lendingSetModeFormSchema } from './lending';

const optIn = (form: Record<string, unknown>) => lendingOptInFormSchema.safeParse({ acceptRisks: 'true', risksVersion: LENDING_RISKS_VERSION, ...form });

describe('lending/optIn form', () => {
  it('defaults to rights-first and takes either mode', () => {
    expect(optIn({})).toMatchObject({ success: true, data: { mode: 'rights-first', acceptRisks: true } });
    expect(optIn({ mode: '' })).toMatchObject({ success: true, data: { mode: 'rights-first' } });
    expect(optIn({ mode: 'interest-first', acceptRisks: '1' })).toMatchObject({ success: true, data: { mode: 'interest-first' } });
  });

  it.each([['RIGHTS-FIRST'], ['rights_first'], ['ｒｉｇｈｔｓ-ｆｉｒｓｔ'], ['both'], [' rights-first'], [1], [true]])(
    'refuses mode %p with lendingModeInvalid',
    (mode) => {
      expect(firstErrorKey(optIn({ mode }))).toBe(MSG.lendingModeInvalid);
    },
  );

  it.each([[undefined], ['false'], ['0'], [''], ['yes'], [false], [0]])('refuses acceptRisks %p with lendingRisksNotAccepted', (acceptRisks) => {
    expect(firstErrorKey(optIn({ acceptRisks }))).toBe(MSG.lendingRisksNotAccepted);
  });

  it('refuses a risks version other than the one shown', () => {
    expect(firstErrorKey(optIn({ risksVersion: 'lending-risks-2020-01' }))).toBe(MSG.lendingRisksNotAccepted);
    expect(firstErrorKey(optIn({ risksVersion: undefined }))).toBe(MSG.lendingRisksNotAccepted);
  });
});

describe('lending/setMode, records and rates forms', () => {
  it('setMode needs a mode', () => {
    expect(lendingSetModeFormSchema.safeParse({ mode: 'interest-first' })).toMatchObject({ success: true });
    expect(firstErrorKey(lendingSetModeFormSchema.safeParse({}))).toBe(MSG.lendingModeInvalid);
  });

  it('records take a kind and a code, and refuse others', () => {
    expect(lendingRecordsFormSchema.safeParse({ kind: 'accrual', code: '8306' })).toMatchObject({
      success: true,
      data: { page: 1, kind: 'accrual', code: '8306' },
    });
    expect(firstErrorKey(lendingRecordsFormSchema.safeParse({ kind: 'interest' }))).toBe(MSG.invalidParams);
    expect(firstErrorKey(lendingRecordsFormSchema.safeParse({ page: '0' }))).toBe(MSG.invalidParams);
    expect(firstErrorKey(lendingRatesFormSchema.safeParse({ code: '83' }))).toBe(MSG.unknownStockCode);
  });
});
