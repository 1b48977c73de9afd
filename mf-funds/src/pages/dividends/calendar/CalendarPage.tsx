// The dividend calendar (ROUTES.dividends, spec dividend): the dividends ahead for the issues the
// customer holds or watches, each with its last cum-rights date marked 付 and its ex-date 落 as
// Matsui marks them, and the amount the shares held now would receive, gross and net, as moomoo
// projects it [DV11]. A row opens the company's history and forecast (dividendDetail).
import { Selector } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageState, QueryState, formatDateKey, formatMoneyText, isLoaded, routeTo } from '@kabuto/shared-sdk';
import { DIVIDEND_CALENDAR_SCOPES, type DividendCalendarEntry, type DividendCalendarScope } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetDividendCalendarQuery } from '../../../api/dividends';
import { useFundsText } from '../../../common/texts';
import { DateMarks } from '../parts/DateMarks';
import { DividendTabs } from '../parts/DividendTabs';
import { DividendRulesCard, SimulatedNote } from '../parts/Notes';
import { nameIn, sharesText, yenText, ROW_LINES } from '../parts/view';

function EntryRow({ entry }: { entry: DividendCalendarEntry }) {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  const held = entry.sharesHeld > 0;
  return (
    <button
      type="button"
      className={styles.listRow}
      style={ROW_LINES}
      onClick={() => void navigate(routeTo('dividendDetail', { code: entry.code }))}
      data-testid="calendar-entry"
      data-code={entry.code}
      data-event={entry.id}
      data-state={entry.state}
    >
      <div className={styles.row}>
        <span>
          {entry.code} {nameIn(entry.name, lang)}
        </span>
        <span className={styles.value}>{t('div.dps', { dps: yenText(entry.dps) })}</span>
      </div>
      <div className={styles.row}>
        <DateMarks event={entry} />
        <span className={styles.badge} data-state={entry.state === 'paid' ? 'approved' : entry.state === 'ex' ? 'pending' : 'none'}>
          {t(`div.state.${entry.state}`)}
        </span>
      </div>
      <span className={styles.muted}>
        {t(`div.kind.${entry.kind}`)} · {t('div.date.record')} {formatDateKey(entry.recordDate, lang)} · {t('div.date.payment')}{' '}
        {formatDateKey(entry.paymentDate, lang)} · {t(`div.source.${entry.dpsSource}`)}
      </span>
      <span className={styles.muted} data-testid="calendar-projected">
        {held
          ? t('div.calendar.projected', {
              shares: sharesText(entry.sharesHeld),
              gross: formatMoneyText(entry.projected.gross),
              net: formatMoneyText(entry.projected.net),
            })
          : t('div.calendar.notHeld')}
      </span>
      {(entry.marginLongShares > 0 || entry.marginShortShares > 0) && (
        <span className={styles.muted} data-testid="calendar-margin">
          {t('div.calendar.margin', { long: sharesText(entry.marginLongShares), short: sharesText(entry.marginShortShares) })}
        </span>
      )}
      <span>
        {entry.inHoldings && <span className={styles.tag}>{t('div.calendar.holding')}</span>}{' '}
        {entry.inWatchlist && <span className={styles.tag}>{t('div.calendar.watching')}</span>}{' '}
        {entry.perks && <span className={styles.tag}>{t('div.calendar.perk')}</span>}
      </span>
    </button>
  );
}

/** The entries by the month of their last cum-rights date: the day that matters for buying. */
export function byMonth(entries: readonly DividendCalendarEntry[]): { month: string; entries: DividendCalendarEntry[] }[] {
  const groups = new Map<string, DividendCalendarEntry[]>();
  for (const entry of [...entries].sort((a, b) => a.lastCumDate.localeCompare(b.lastCumDate) || a.code.localeCompare(b.code))) {
    const month = entry.lastCumDate.slice(0, 7);
    groups.set(month, [...(groups.get(month) ?? []), entry]);
  }
  return [...groups].map(([month, list]) => ({ month, entries: list }));
}

export default function CalendarPage() {
  const { t, lang } = useFundsText();
  const [scope, setScope] = useState<DividendCalendarScope>('all');
  const query = useGetDividendCalendarQuery({ scope });
  return (
    <div className={styles.page} data-testid="dividend-calendar" data-scope={scope}>
      <DividendTabs active="calendar" />
      <SimulatedNote />
      <p className={styles.intro}>{t('div.calendar.intro')}</p>
      <Selector
        columns={3}
        value={[scope]}
        onChange={(value) => value[0] && setScope(value[0])}
        options={DIVIDEND_CALENDAR_SCOPES.map((value) => ({ value, label: t(`div.calendar.scope.${value}`) }))}
        data-testid="calendar-scope"
      />
      {!isLoaded(query) ? (
        <QueryState query={query} />
      ) : (
        <>
          <p className={styles.muted} data-testid="calendar-business-date">
            {t('div.calendar.asOf', { date: formatDateKey(query.data.businessDate, lang) })}
          </p>
          {query.data.entries.length === 0 && <PageState status="empty" emptyText={t('div.calendar.empty')} testId="calendar-empty" />}
          {byMonth(query.data.entries).map((group) => (
            <section className={styles.card} key={group.month} data-testid="calendar-month" data-month={group.month}>
              <p className={styles.label}>{t('div.calendar.month', { year: group.month.slice(0, 4), month: group.month.slice(5, 7) })}</p>
              {group.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </section>
          ))}
          <DividendRulesCard rules={query.data.rules} />
        </>
      )}
    </div>
  );
}
