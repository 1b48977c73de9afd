// Stock lending (ROUTES.lending, 貸株; docs/credit.md "Stock lending"): opt in once with the
// risks shown and accepted, the mode (rights first by default; interest first with its tax
// warning), each holding's status, rate, lent quantity and fees, the totals, the published
// rules, the fee records with their journals, and opting out. The borrowers are simulated.
import { Button, Checkbox, Dialog, Selector } from 'antd-mobile';
import { useCallback, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  MSG,
  QueryState,
  ROUTES,
  errorMessage,
  formatDateKey,
  formatDateTime,
  formatMoneyText,
  groupAmount,
  isLoaded,
  translateMessage,
} from '@kabuto/shared-sdk';
import {
  LENDING_DEFAULT_MODE,
  LENDING_MODES,
  type LendingHolding,
  type LendingMode,
  type LendingRecord,
  type LendingRecordsPage,
  type LendingSummary,
} from '@kabuto/shared-sdk/schemas';
import { Refusal, kit as styles } from '@kabuto/shared-sdk/ui';
import {
  useGetLendingSummaryQuery,
  useLazyGetLendingRecordsQuery,
  useLendingOptInMutation,
  useLendingOptOutMutation,
  useLendingSetModeMutation,
} from '../../api/lending';
import { usePagedList } from '../../common/paged-list';
import { PagedListView } from '../../common/PagedListView';
import { useFundsText } from '../../common/texts';
import { nameIn, rateLine, rateText } from './lending-view';

function ModeHelp({ mode, summary }: { mode: LendingMode; summary: LendingSummary }) {
  const { t } = useFundsText();
  const warning = mode === 'interest-first';
  return (
    <p className={warning ? styles.error : styles.muted} data-testid={`lending-mode-help-${mode}`}>
      {t(`lending.modeHelp.${mode}`, { multiplier: summary.rules.recordDayMultiplier, withholding: summary.rules.dividendEquivalentWithholdingPercent })}
    </p>
  );
}

function OptInCard({ summary }: { summary: LendingSummary }) {
  const { t, lang } = useFundsText();
  const [optIn, { isLoading }] = useLendingOptInMutation();
  const [accepted, setAccepted] = useState(false);
  const [mode, setMode] = useState<LendingMode>(LENDING_DEFAULT_MODE);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    if (!accepted) {
      setError(translateMessage(MSG.lendingRisksNotAccepted, lang));
      return;
    }
    setError(null);
    const answer = await optIn({ mode, acceptRisks: 'true', risksVersion: summary.risks.version });
    if ('error' in answer && answer.error) setError(errorMessage(answer.error) || null);
  }

  return (
    <section className={styles.card} data-testid="lending-opt-in">
      <p className={styles.intro}>{t('lending.intro')}</p>
      <p className={styles.label}>{t('lending.risks')}</p>
      <ul className={styles.intro} style={{ paddingLeft: 18 }} data-testid="lending-risks" data-version={summary.risks.version}>
        {summary.risks.points.map((point) => (
          <li key={point.en}>{nameIn(point, lang)}</li>
        ))}
      </ul>
      <p className={styles.label}>{t('lending.mode')}</p>
      <Selector
        columns={1}
        value={[mode]}
        onChange={(v) => v[0] && setMode(v[0])}
        options={LENDING_MODES.map((m) => ({ value: m, label: t(`lending.mode.${m}`) }))}
        data-testid="lending-mode-pick"
      />
      <ModeHelp mode={mode} summary={summary} />
      <Checkbox
        checked={accepted}
        onChange={(v) => {
          setAccepted(v);
          setError(null);
        }}
        style={{ marginTop: 10, '--font-size': '14px', '--icon-size': '18px' } as CSSProperties}
        data-testid="lending-accept"
      >
        {t('lending.accept')}
      </Checkbox>
      {!summary.rules.channelOpen && (
        <p className={styles.error} data-testid="lending-channel-closed">
          {t('lending.channelClosed')}
        </p>
      )}
      <Refusal text={error} testId="lending-error" style={{ marginTop: 8 }} />
      <Button
        block
        color="primary"
        style={{ marginTop: 10 }}
        loading={isLoading}
        disabled={!summary.rules.channelOpen}
        onClick={() => void submit()}
        data-testid="lending-opt-in-submit"
      >
        {t('lending.optIn')}
      </Button>
    </section>
  );
}

function EnrolledCard({ summary }: { summary: LendingSummary }) {
  const { t, lang } = useFundsText();
  const [setMode, settingMode] = useLendingSetModeMutation();
  const [optOut, optingOut] = useLendingOptOutMutation();
  const [error, setError] = useState<string | null>(null);
  const other: LendingMode = summary.mode === 'rights-first' ? 'interest-first' : 'rights-first';

  async function switchMode() {
    const confirmed = await Dialog.confirm({
      content: (
        <>
          <p>{t('lending.switchConfirm')}</p>
          <ModeHelp mode={other} summary={summary} />
        </>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    const answer = await setMode({ mode: other });
    setError('error' in answer && answer.error ? errorMessage(answer.error) || null : null);
  }

  async function leave() {
    const confirmed = await Dialog.confirm({ content: t('lending.optOutConfirm'), confirmText: t('common.confirm'), cancelText: t('common.cancel') });
    if (!confirmed) return;
    const answer = await optOut();
    setError('error' in answer && answer.error ? errorMessage(answer.error) || null : null);
  }

  return (
    <section className={styles.card} data-testid="lending-enrolled" data-mode={summary.mode}>
      <p className={styles.intro}>
        {t('lending.enrolledSince', { at: summary.optedInAt ? formatDateTime(summary.optedInAt, lang) : '—', mode: t(`lending.mode.${summary.mode}`) })}
      </p>
      <ModeHelp mode={summary.mode} summary={summary} />
      <Refusal text={error} testId="lending-error" style={{ marginTop: 8 }} />
      <div className={styles.actions} style={{ marginTop: 10 }}>
        <Button size="small" color="primary" fill="outline" loading={settingMode.isLoading} onClick={() => void switchMode()} data-testid="lending-switch-mode">
          {t('lending.switchTo', { mode: t(`lending.mode.${other}`) })}
        </Button>
        <Button size="small" color="danger" fill="outline" loading={optingOut.isLoading} onClick={() => void leave()} data-testid="lending-opt-out">
          {t('lending.optOut')}
        </Button>
      </div>
    </section>
  );
}

function Totals({ summary }: { summary: LendingSummary }) {
  const { t, lang } = useFundsText();
  return (
    <section className={styles.card} data-testid="lending-totals">
      <p className={styles.label}>{t('lending.totals')}</p>
      <div className={styles.row}>
        <span>{t('lending.lentValue')}</span>
        <span className={styles.value}>{formatMoneyText(summary.totals.lentValue)}</span>
      </div>
      <div className={styles.row}>
        <span>{t('lending.accrued')}</span>
        <span className={styles.value} data-testid="lending-total-accrued">
          {formatMoneyText(summary.totals.accrued)}
        </span>
      </div>
      <div className={styles.row}>
        <span>{t('lending.paid')}</span>
        <span className={styles.value} data-testid="lending-total-paid">
          {formatMoneyText(summary.totals.paid)}
        </span>
      </div>
      {summary.lastStepDate && <p className={styles.muted}>{t('lending.lastStep', { date: formatDateKey(summary.lastStepDate, lang) })}</p>}
      <p className={styles.muted}>{t('lending.nextPayment', { date: formatDateKey(summary.nextPaymentDate, lang) })}</p>
    </section>
  );
}

function HoldingRow({ holding }: { holding: LendingHolding }) {
  const { t, lang } = useFundsText();
  const rate = rateLine(holding);
  return (
    <div className={styles.item} data-testid="lending-holding" data-code={holding.code} data-status={holding.status} data-lent={holding.lentQuantity}>
      <div className={styles.row}>
        <span>
          {holding.code} {nameIn(holding.name, lang)}
        </span>
        <span className={styles.badge} data-state={holding.status === 'lent' ? 'approved' : holding.status === 'recalled' ? 'pending' : holding.status}>
          {t(`lending.status.${holding.status}`)}
        </span>
      </div>
      <span className={styles.muted}>
        {t('lending.quantities', { held: groupAmount(String(holding.heldQuantity)), lent: groupAmount(String(holding.lentQuantity)), lot: holding.lotSize })}
      </span>
      <span className={styles.muted} data-testid="lending-holding-rate">
        {rate.kind === 'short' ? t('lending.rateShort', { rate: '0 %', published: rate.published }) : t('lending.rate', { rate: rate.rate })} ·{' '}
        {t(`lending.demand.${holding.demand}`)}
      </span>
      <span className={styles.muted} data-testid="lending-holding-fees">
        {t('lending.fees', { accrued: formatMoneyText(holding.accrued), paid: formatMoneyText(holding.paid) })}
      </span>
      {holding.excludedReason && (
        <span className={styles.tag} data-testid="lending-holding-excluded">
          {holding.excludedMessage ? translateMessage(holding.excludedMessage, lang) : t(`lending.excluded.${holding.excludedReason}`)}
        </span>
      )}
      {holding.nextLastCumDate && holding.nextRecordDate && (
        <span className={styles.muted} data-testid="lending-holding-rights">
          {t('lending.rights', { lastCum: formatDateKey(holding.nextLastCumDate, lang), record: formatDateKey(holding.nextRecordDate, lang) })}
        </span>
      )}
    </div>
  );
}

function Rules({ summary }: { summary: LendingSummary }) {
  const { t } = useFundsText();
  const { rules } = summary;
  return (
    <section className={styles.card} data-testid="lending-rules">
      <p className={styles.label}>{t('lending.rules')}</p>
      <p className={styles.muted}>{t('lending.rule.rate', { min: rateText(rules.minRateBp), dayCount: rules.dayCount })}</p>
      <p className={styles.muted}>{t('lending.rule.quota', { perCustomer: rateText(rules.perCustomerQuotaBp), total: rateText(rules.totalQuotaBp) })}</p>
      <p className={styles.muted}>{t('lending.rule.payment', { day: rules.paymentBusinessDay })}</p>
      <p className={styles.muted}>{t('lending.rule.recall')}</p>
    </section>
  );
}

function RecordRow({ record }: { record: LendingRecord }) {
  const { t, lang } = useFundsText();
  const what =
    record.kind === 'accrual'
      ? t('lending.record.accrual', {
          code: record.code ?? '',
          quantity: groupAmount(String(record.quantity ?? 0)),
          close: groupAmount(record.closePrice ?? '0'),
          rate: rateText(record.rateBp ?? 0),
          days: record.days ?? 1,
        })
      : t('lending.record.payment', { month: record.month ?? '' });
  return (
    <div className={styles.item} data-testid="lending-record" data-kind={record.kind}>
      <div className={styles.row}>
        <span>{t(`lending.record.kind.${record.kind}`)}</span>
        <span className={styles.value}>{formatMoneyText(record.amount)}</span>
      </div>
      <span className={styles.muted}>{what}</span>
      <span className={styles.muted}>
        {formatDateKey(record.businessDate, lang)} · {t('lending.record.journal', { id: record.journalId })}
      </span>
    </div>
  );
}

function Records() {
  const { t } = useFundsText();
  const [trigger] = useLazyGetLendingRecordsQuery();
  const fetchPage = useCallback((page: number) => trigger({ page, size: 20 }).unwrap(), [trigger]);
  const list = usePagedList<LendingRecord, LendingRecordsPage>(fetchPage);
  return (
    <section className={styles.card} data-testid="lending-records">
      <p className={styles.label}>{t('lending.records')}</p>
      <PagedListView
        list={list}
        testId="lending-record-list"
        emptyText={t('lending.recordsEmpty')}
        itemKey={(r) => r.id}
        renderItem={(r) => <RecordRow record={r} />}
      />
    </section>
  );
}

export default function LendingPage() {
  const { t } = useFundsText();
  const navigate = useNavigate();
  const query = useGetLendingSummaryQuery();
  if (!isLoaded(query)) return <QueryState query={query} page />;
  const summary = query.data;
  return (
    <div className={styles.page} data-testid="lending" data-enrolled={summary.enrolled ? 'yes' : 'no'}>
      <p className={styles.note} data-testid="lending-simulated">
        {t('lending.simulated')}
      </p>
      {summary.enrolled ? <EnrolledCard summary={summary} /> : <OptInCard summary={summary} />}
      <Totals summary={summary} />
      <section className={styles.card} data-testid="lending-holdings">
        <p className={styles.label}>{t('lending.holdings')}</p>
        {summary.holdings.length === 0 && <p className={styles.muted}>{t('lending.holdingsEmpty')}</p>}
        {summary.holdings.map((holding) => (
          <HoldingRow key={holding.code} holding={holding} />
        ))}
      </section>
      <Rules summary={summary} />
      <Records />
      <Button block fill="outline" onClick={() => void navigate(ROUTES.creditLoan)} data-testid="link-credit-loan">
        {t('lending.toCredit')}
      </Button>
    </div>
  );
}
