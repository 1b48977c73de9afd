// New share subscription (ROUTES.ipoSubscribe, spec §3 / §4): the issues by status, each
// with its range, dates, units and the funds one lot needs; an issue in book-building takes
// an application of whole lots, confirmed with the fund password as the order ticket does.
// Applying holds lots × lot × the range's upper bound until the draw (docs/api/ipo.md).
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { PageState, formatMoneyText, routeTo, translateMessage } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  IPO_ISSUE_STATUSES,
  firstErrorKey,
  fundPasswordSchema,
  ipoQuantitySchema,
  type IpoApplication,
  type IpoIssueItem,
  type IpoIssueStatus,
  type Money,
} from '@kabuto/shared-sdk/schemas';
import { Refusal, fieldRow, kit as styles, readKeptForm, useKeptForm, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { FundPasswordConfirm, FundPasswordNotice } from '@kabuto/shared-sdk/ui/forms';
import { useApplyIpoMutation, useGetIpoBuyingPowerQuery, useGetIpoIssuesQuery } from '../../api/ipo';
import { IpoLinks } from '../../common/IpoLinks';
import { day, formatPrice, nameIn, stepLots, when } from '../../common/format';
import { refusalText } from '../../common/refusal';
import { useIpoText } from '../../common/texts';

const yenTimes = (money: Money, times: number): Money => {
  const minor = (BigInt(money.minor) * BigInt(times)).toString();
  return { currency: money.currency, minor, amount: minor };
};

function BuyingPowerLine() {
  const { t } = useIpoText();
  const { data } = useGetIpoBuyingPowerQuery();
  if (!data) return null;
  return (
    <p className={styles.muted} data-testid="ipo-buying-power">
      {t('subscribe.buyingPower', { amount: formatMoneyText(data.buyingPower) })}
    </p>
  );
}

/** The application form's kept values (useKeptForm), by issue. */
const applyFormKey = (code: string) => `ipo-apply:${code}`;

function ApplyForm({ issue, onDone }: { issue: IpoIssueItem; onDone: (row: IpoApplication) => void }) {
  const { t, lang } = useIpoText();
  const maxLots = Math.floor(issue.maxQuantity / issue.lotShares);
  // Kept while the customer leaves to set a fund password (FundPasswordNotice).
  const [{ lots }, setForm, keep] = useKeptForm(applyFormKey(issue.code), { lots: 1 });
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [apply, applying] = useApplyIpoMutation();
  const { data: power } = useGetIpoBuyingPowerQuery();
  const keys = useSubmissionKeys();
  const hold = yenTimes(issue.requiredPerLot, lots);
  const after = power ? { ...hold, minor: (BigInt(power.buyingPower.minor) - BigInt(hold.minor)).toString() } : null;

  const change = (next: number) => {
    setForm({ lots: next });
    setError(null);
    setConfirming(false);
  };

  async function submit() {
    const quantity = ipoQuantitySchema.safeParse(lots * issue.lotShares);
    if (!quantity.success) {
      setError(translateMessage(firstErrorKey(quantity) ?? MSG.invalidParams, lang));
      return;
    }
    // Above the per-customer maximum: the server refuses with its catalogue message (it checks the issue).
    if (!confirming) {
      setConfirming(true);
      return;
    }
    if (!fundPasswordSchema.safeParse(password).success) {
      setError(translateMessage(MSG.fundPasswordRequiredForOrder, lang));
      return;
    }
    const answer = await apply({
      code: issue.code,
      quantity: quantity.data,
      fundPassword: password,
      idempotencyKey: keys.keyFor({ code: issue.code, quantity: quantity.data }),
    });
    if ('error' in answer && answer.error) {
      setError(refusalText(answer.error, t) || null);
      return;
    }
    keys.settle();
    setPassword('');
    if (answer.data) onDone(answer.data);
  }

  return (
    <div data-testid="ipo-apply-form" data-code={issue.code}>
      <FundPasswordNotice testId="ipo-apply" keep={keep} />
      <p className={styles.label}>{t('apply.lots', { lot: issue.lotShares })}</p>
      <div className={styles.stepper}>
        <button type="button" className={styles.stepButton} aria-label={t('apply.lotsDown')} onClick={() => change(stepLots(lots, -1, maxLots))}>
          −
        </button>
        <Input
          className={styles.field}
          value={String(lots)}
          onChange={(text) => change(/^\d+$/.test(text) ? Number(text) : 0)}
          inputMode="numeric"
          aria-label={t('apply.lots', { lot: issue.lotShares })}
          data-testid="ipo-apply-lots"
        />
        <button type="button" className={styles.stepButton} aria-label={t('apply.lotsUp')} onClick={() => change(stepLots(lots, 1, maxLots))}>
          +
        </button>
      </div>
      <p className={styles.muted}>{t('common.shares', { quantity: (lots * issue.lotShares).toLocaleString('en-US') })}</p>
      <div className={styles.row}>
        <span className={styles.muted}>{t('apply.escrow')}</span>
        <span className={styles.value} data-testid="ipo-apply-hold">
          {formatMoneyText(hold)}
        </span>
      </div>
      {after && (
        <div className={styles.row}>
          <span className={styles.muted}>{t('apply.buyingPowerAfter')}</span>
          <span className={`${styles.value} ${after.minor.startsWith('-') ? styles.negative : ''}`} data-testid="ipo-apply-after">
            {formatMoneyText({ ...after, amount: after.minor })}
          </span>
        </div>
      )}
      {confirming && (
        <FundPasswordConfirm
          value={password}
          onChange={(v) => {
            setPassword(v);
            setError(null);
          }}
          testId="ipo-apply"
          style={{ marginTop: 10 }}
        />
      )}
      <Refusal text={error} testId="ipo-apply-error" />
      <Button block color="primary" style={{ marginTop: 10 }} loading={applying.isLoading} onClick={() => void submit()} data-testid="ipo-apply-submit">
        {confirming ? t('common.confirm') : t('apply.submit')}
      </Button>
    </div>
  );
}

function IssueCard({ issue }: { issue: IpoIssueItem }) {
  const { t, lang } = useIpoText();
  const navigate = useNavigate();
  // Open again when the customer comes back to an application they had started (kept form).
  const [open, setOpen] = useState(() => readKeptForm(applyFormKey(issue.code)) !== null);
  const [done, setDone] = useState<IpoApplication | null>(null);
  const name = nameIn(issue.name, lang);
  const line = fieldRow;
  const canApply = issue.actions.includes('apply') && done === null;
  return (
    <section className={styles.card} data-testid="ipo-issue" data-code={issue.code} data-status={issue.status}>
      <div className={styles.rowHead}>
        <span>
          {name} <span className={styles.muted}>{issue.code}</span>
        </span>
        <span>
          {issue.simulated && <span className={styles.tag}>{t('common.simulatedTag')}</span>}{' '}
          <span className={styles.tag} data-testid="ipo-issue-status">
            {t(`issueStatus.${issue.status}`)}
          </span>
        </span>
      </div>
      {line(t('issue.market'), t(`market.${issue.market}`))}
      {line(t('issue.range'), `${formatPrice(issue.priceLower)} – ${formatPrice(issue.priceUpper)}`, 'ipo-issue-range')}
      {issue.offerPrice !== null && line(t('issue.offerPrice'), formatPrice(issue.offerPrice), 'ipo-issue-offer')}
      {line(t('issue.bookBuilding'), `${when(issue.bookStartAt, lang)} – ${when(issue.bookEndAt, lang)}`)}
      {line(t('issue.lottery'), when(issue.lotteryAt, lang))}
      {line(t('issue.paymentDeadline'), t('common.jstTime', { time: when(issue.paymentDeadlineAt, lang) }), 'ipo-issue-deadline')}
      {line(t('issue.listing'), day(issue.listingDate, lang), 'ipo-issue-listing')}
      {line(t('issue.unitsAvailable'), t('common.shares', { quantity: (issue.lotsAvailable * issue.lotShares).toLocaleString('en-US') }))}
      {line(t('issue.maxPerCustomer'), t('common.shares', { quantity: issue.maxQuantity.toLocaleString('en-US') }))}
      {line(t('issue.requiredFunds'), formatMoneyText(issue.requiredPerLot), 'ipo-issue-required')}
      {line(t('issue.lotteryModel'), t(issue.lotteryModel === 'weighted' ? 'issue.model.weighted' : 'issue.model.perCustomer'))}
      {issue.commitment && line(t('issue.commitment'), `${issue.commitment.slice(0, 16)}…`, 'ipo-issue-commitment')}
      {issue.myApplication && (
        <p className={styles.note} data-testid="ipo-issue-applied">
          {t('issue.applied', { quantity: issue.myApplication.quantity.toLocaleString('en-US') })} · {t(`status.${issue.myApplication.status}`)}
        </p>
      )}
      {done && (
        <p className={styles.note} data-testid="ipo-applied" data-id={done.id}>
          {t('apply.done', { no: done.applicationNo, amount: formatMoneyText(done.escrowed) })}
        </p>
      )}
      {canApply &&
        (open ? (
          <ApplyForm issue={issue} onDone={setDone} />
        ) : (
          <Button block color="primary" style={{ marginTop: 10 }} onClick={() => setOpen(true)} data-testid="ipo-apply-open">
            {t('apply.open')}
          </Button>
        ))}
      {(issue.status === 'drawn' || issue.status === 'listed') && (
        <Button
          block
          size="small"
          style={{ marginTop: 10 }}
          onClick={() => navigate(routeTo('ipoVerify', { code: issue.code }))}
          data-testid="ipo-issue-verify"
        >
          {t('issue.verify')}
        </Button>
      )}
    </section>
  );
}

function IssueList({ status }: { status: IpoIssueStatus }) {
  const { t } = useIpoText();
  const { data, isLoading, isError, refetch } = useGetIpoIssuesQuery({ status });
  if (isLoading) return <PageState status="loading" testId="ipo-issues-state" />;
  if (isError || !data) return <PageState status="failed" onRetry={() => void refetch()} testId="ipo-issues-state" />;
  if (data.list.length === 0) return <PageState status="empty" emptyText={t('subscribe.empty')} testId="ipo-issues-state" />;
  return (
    <>
      {data.list.map((issue) => (
        <IssueCard issue={issue} key={issue.code} />
      ))}
    </>
  );
}

export default function SubscribePage() {
  const { t } = useIpoText();
  const [status, setStatus] = useState<IpoIssueStatus>('applying');
  return (
    <div className={styles.page} data-testid="ipo-subscribe-page">
      <IpoLinks current="subscribe" />
      <p className={styles.note}>{t('common.simulated')}</p>
      <BuyingPowerLine />
      <div className={styles.actions} role="tablist" data-testid="ipo-status-filter">
        {IPO_ISSUE_STATUSES.map((key) => (
          <button
            type="button"
            role="tab"
            aria-selected={status === key}
            key={key}
            className={styles.tag}
            style={{
              padding: '6px 10px',
              fontSize: 13,
              border: 0,
              ...(status === key ? { background: 'var(--kabuto-accent, #3ecf8e)', color: '#0b1410' } : {}),
            }}
            onClick={() => setStatus(key)}
            data-testid={`ipo-status-${key}`}
          >
            {t(`issueStatus.${key}`)}
          </button>
        ))}
      </div>
      <IssueList key={status} status={status} />
    </div>
  );
}
