import { MSG } from '../messages/catalogue';
import { firstErrorKey } from './errors';
import { LENDING_RISKS_VERSION, lendingOptInFormSchema } from './lending';

describe('the lending opt-in form', () => {
  it('takes the ticked risks box as a form body carries it, rights first by default', () => {
    expect(lendingOptInFormSchema.parse({ acceptRisks: 'true', risksVersion: LENDING_RISKS_VERSION })).toEqual({
      acceptRisks: true,
      risksVersion: LENDING_RISKS_VERSION,
      mode: 'rights-first',
    });
  });

  it('refuses without the risks accepted, or with another version of them', () => {
    for (const form of [
      { risksVersion: LENDING_RISKS_VERSION },
      { acceptRisks: 'false', risksVersion: LENDING_RISKS_VERSION },
      { acceptRisks: 'true', risksVersion: 'old' },
    ]) {
      expect(firstErrorKey(lendingOptInFormSchema.safeParse(form))).toBe(MSG.lendingRisksNotAccepted);
    }
  });
});
