import { AUDIT_ACTIONS } from '@kabuto/shared-sdk/constants';
import { auditActionText } from './audit-actions';

describe('audit actions in the operator’s language', () => {
  it('names every action the server writes, in en and jp, each text its own', () => {
    for (const lang of ['en', 'jp'] as const) {
      const texts = AUDIT_ACTIONS.map((action) => auditActionText(lang, action));
      texts.forEach((text, i) => expect(text).not.toBe(AUDIT_ACTIONS[i]));
      expect(new Set(texts).size).toBe(texts.length);
    }
    expect(auditActionText('en', 'funds.deposit.approve')).toBe('Deposit approved');
    expect(auditActionText('jp', 'funds.deposit.approve')).toBe('入金の承認');
  });

  it('shows an action it does not know as it was stored', () => {
    expect(auditActionText('jp', 'something.new')).toBe('something.new');
  });
});
