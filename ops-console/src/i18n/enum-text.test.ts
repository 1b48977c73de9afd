import { createConsoleI18n } from './console-i18n';
import { EN } from './en';
import { JP } from './jp';
import { enumText, jstText } from './enum-text';

describe('the console’s texts for server values', () => {
  it('shows instants in Japan time with the zone, whatever zone the computer is in', () => {
    expect(jstText('2026-12-02T10:10:05.123Z')).toBe('2026-12-02 19:10:05 JST');
    // Past midnight in Tokyo while still the day before in UTC.
    expect(jstText('2026-12-31T15:00:00Z')).toBe('2027-01-01 00:00:00 JST');
    expect(jstText(null)).toBe('—');
    expect(jstText('not a date')).toBe('not a date');
  });

  it('translates states, kinds, roles, topics and restrictions in en and jp; an unknown value stays as sent', () => {
    const en = createConsoleI18n('en');
    const jp = createConsoleI18n('jp');
    const t = (i18n: typeof en) => (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
    expect(enumText(t(en), 'state', 'under_review')).toBe('Under review');
    expect(enumText(t(jp), 'state', 'under_review')).toBe('審査中');
    expect(enumText(t(jp), 'kind', 'role')).toBe('権限変更');
    expect(enumText(t(en), 'userRole', 'institution')).toBe('Seat account');
    expect(enumText(t(jp), 'restriction', 'withdraw_banned')).toBe('出金禁止');
    expect(enumText(t(en), 'state', 'something_new')).toBe('something_new');
    expect(enumText(t(en), 'state', null)).toBe('—');
  });

  it('has a jp text for every en value', () => {
    for (const [group, values] of Object.entries(EN.enums)) {
      expect(Object.keys(JP.enums[group as keyof typeof EN.enums]).sort()).toEqual(Object.keys(values).sort());
    }
  });
});
