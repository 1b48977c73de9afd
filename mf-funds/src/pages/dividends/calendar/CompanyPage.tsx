// One company's dividends (ROUTES.dividendDetail, spec dividendInfo; `?code=` from the hash
// query): the dividend per share paid on the venue and forecast ahead as a chart, the schedule
// ahead with its 付 / 落 dates, the history with each ex-date base price (the cum close minus the
// dividend [DV3]) and the customer's own payment, the splits, and the perk it offers (simulated).
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageState, QueryState, ROUTES, formatDateKey, isLoaded, routeTo } from '@kabuto/shared-sdk';
import type { DividendCompany, DividendEvent, DividendHistoryItem } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetDividendCompanyQuery } from '../../../api/dividends';
import { useFundsText } from '../../../common/texts';
import { DateMarks } from '../parts/DateMarks';
import { MissingRecord } from '../parts/DetailState';
import { DividendRulesCard, SimulatedNote } from '../parts/Notes';
import { codeFromQuery, nameIn, sharesText, yenText, ROW_LINES } from '../parts/view';
import { dividendBars } from './chart-option';

const DividendChart = lazy(() => import(/* webpackChunkName: "dividend-chart" */ './DividendChart'));

function AheadRow({ event }: { event: DividendEvent }) {
  const { t, lang } = useFundsText();
  return (
    <div className={styles.item} data-testid="company-ahead" data-event={event.id}>
      <div className={styles.row}>
        <span>
          {t(`div.kind.${event.kind}`)} · {t(`div.source.${event.dpsSource}`)}
        </span>
        <span className={styles.value}>{t('div.dps', { dps: yenText(event.dps) })}</span>
      </div>
      <DateMarks event={event} />
      <span className={styles.muted}>
        {t('div.date.record')} {formatDateKey(event.recordDate, lang)} · {t('div.date.payment')} {formatDateKey(event.paymentDate, lang)}
      </span>
    </div>
  );
}

function HistoryRow({ item }: { item: DividendHistoryItem }) {
  const { t, lang } = useFundsText();
  return (
    <div className={styles.item} data-testid="company-history" data-event={item.eventId}>
      <div className={styles.row}>
        <span>
          {t(`div.kind.${item.kind}`)} · {t('div.date.record')} {formatDateKey(item.recordDate, lang)}
        </span>
        <span className={styles.value}>{t('div.dps', { dps: yenText(item.dps) })}</span>
      </div>
      <span className={styles.muted}>
        {t('div.date.ex')} {formatDateKey(item.exDate, lang)} · {t('div.date.payment')} {formatDateKey(item.paymentDate, lang)}
      </span>
      {item.cumClose !== null && item.exBasePrice !== null && (
        <span className={styles.muted} data-testid="company-ex-base">
          {t('div.company.exBase', { close: yenText(item.cumClose), base: yenText(item.exBasePrice) })}
        </span>
      )}
      {item.paymentId !== null && (
        <Link to={routeTo('dividendDetail2', { id: item.paymentId })} data-testid="company-my-payment">
          {t('div.company.myPayment')}
        </Link>
      )}
    </div>
  );
}

function Company({ company }: { company: DividendCompany }) {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  const bars = dividendBars(company);
  return (
    <>
      <section className={styles.card} data-testid="company-head">
        <p className={styles.label}>
          {company.code} {nameIn(company.name, lang)}
        </p>
        <p className={styles.muted}>{t('div.company.fy', { month: company.fiscalYearEndMonth })}</p>
        <p className={styles.muted} data-testid="company-mine">
          {t('div.company.mine', {
            shares: sharesText(company.sharesHeld),
            long: sharesText(company.marginLongShares),
            short: sharesText(company.marginShortShares),
          })}
        </p>
      </section>
      <section className={styles.card}>
        <p className={styles.label}>{t('div.company.chart')}</p>
        {bars.length > 0 && (
          <Suspense fallback={<PageState status="loading" />}>
            <DividendChart bars={bars} />
          </Suspense>
        )}
      </section>
      <section className={styles.card} data-testid="company-ahead-list">
        <p className={styles.label}>{t('div.company.ahead')}</p>
        {company.ahead.length === 0 && <p className={styles.muted}>{t('div.company.aheadEmpty')}</p>}
        {company.ahead.map((event) => (
          <AheadRow key={event.id} event={event} />
        ))}
      </section>
      <section className={styles.card} data-testid="company-history-list">
        <p className={styles.label}>{t('div.company.history')}</p>
        {company.history.length === 0 && <p className={styles.muted}>{t('div.company.historyEmpty')}</p>}
        {company.history.map((item) => (
          <HistoryRow key={item.eventId} item={item} />
        ))}
      </section>
      {company.splits.length > 0 && (
        <section className={styles.card} data-testid="company-splits">
          <p className={styles.label}>{t('div.company.splits')}</p>
          {company.splits.map((split) => (
            <button
              type="button"
              key={split.id}
              className={styles.listRow}
              style={ROW_LINES}
              onClick={() => void navigate(routeTo('dividendDetail4', { id: split.id }))}
              data-testid="company-split"
            >
              <div className={styles.row}>
                <span>{t('div.actions.ratio', { ratio: split.ratio })}</span>
                <span className={styles.muted}>
                  {t('div.date.effective')} {formatDateKey(split.effectiveDate, lang)} · {t(`div.action.state.${split.state}`)}
                </span>
              </div>
            </button>
          ))}
        </section>
      )}
      {company.perk && (
        <section className={styles.card} data-testid="company-perk">
          <p className={styles.label}>{t('div.company.perk')}</p>
          <p className={styles.muted}>
            {t('div.company.perkLine', {
              description: nameIn(company.perk.description, lang),
              minShares: sharesText(company.perk.minShares),
              kind: t(`div.kind.${company.perk.kind}`),
            })}
          </p>
          <span className={styles.tag}>{t('div.perks.noCash')}</span>
        </section>
      )}
      <DividendRulesCard rules={company.rules} />
    </>
  );
}

function CompanyQuery({ code }: { code: string }) {
  const query = useGetDividendCompanyQuery({ code });
  if (!isLoaded(query)) return <QueryState query={query} />;
  return <Company company={query.data} />;
}

export default function CompanyPage() {
  const [params] = useSearchParams();
  const code = codeFromQuery(params.get('code'));
  if (code === null) return <MissingRecord back={ROUTES.dividends} />;
  return (
    <div className={styles.page} data-testid="dividend-company" data-code={code}>
      <SimulatedNote />
      <CompanyQuery code={code} />
    </div>
  );
}
