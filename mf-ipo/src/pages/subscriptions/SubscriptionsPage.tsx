// My subscriptions (ROUTES.ipoSubscriptions, spec §3 / §4): each application with its status,
// winning quantity, lots, total price, amount paid and what is held or was returned; a won
// application is paid or waived before the deadline, confirmed with the fund password. The
// escrow, refund and settlement postings are the wallet's: linked to the fund records.
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { PageState, formatMoneyText, routeTo, translateMessage } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@kabuto/shared-sdk/messages';
import { fundPasswordSchema, type IpoApplication } from '@kabuto/shared-sdk/schemas';
import { Refusal, kit as styles, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { FundPasswordConfirm, FundPasswordNotice } from '@kabuto/shared-sdk/ui/forms';
import { useGetMyIpoApplicationsQuery, usePayIpoMutation, useWaiveIpoMutation } from '../../api/ipo';
import { IpoLinks } from '../../common/IpoLinks';
import { formatPrice, nameIn, when } from '../../common/format';
import { refusalText } from '../../common/refusal';
import { useIpoText } from '../../common/texts';

type Decision = 'pay' | 'waive';

function DecideForm({ row, decision, onClose }: { row: IpoApplication; decision: Decision; onClose: () => void }) {
  const { t, lang } = useIpoText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pay, paying] = usePayIpoMutation();
  const [waive, waiving] = useWaiveIpoMutation();
  const keys = useSubmissionKeys();
  const name = nameIn(row.name, lang);
  const count = row.wonQuantity.toLocaleString('en-US');

  async function submit() {
    // Paying moves money out of the escrow at the offer price: the fund password, as an order.
    // Waiving only returns the escrow: a confirmation is enough (docs/api/ipo.md).
    if (decision === 'pay' && !fundPasswordSchema.safeParse(password).success) {
      setError(translateMessage(MSG.fundPasswordRequiredForOrder, lang));
      return;
    }
    const answer =
      decision === 'pay'
        ? await pay({ id: row.id, fundPassword: password, idempotencyKey: keys.keyFor({ id: row.id, decision }) })
        : await waive({ id: row.id });
    if ('error' in answer && answer.error) {
      setError(refusalText(answer.error, t) || null);
      return;
    }
    keys.settle();
    onClose();
  }

  return (
    <div data-testid={`ipo-${decision}-form`}>
      <p className={styles.note} style={{ marginTop: 10 }}>
        {decision === 'pay'
          ? t('subs.confirmPay', { name, quantity: count, amount: formatMoneyText(row.totalPrice) })
          : t('subs.confirmWaive', { name, quantity: count })}
      </p>
      {decision === 'pay' && (
        <>
          <FundPasswordNotice testId="ipo-pay" />
          <FundPasswordConfirm
            value={password}
            onChange={(v) => {
              setPassword(v);
              setError(null);
            }}
            testId="ipo-pay"
            style={{ marginTop: 10 }}
          />
        </>
      )}
      <Refusal text={error} testId={`ipo-${decision}-error`} />
      <div className={styles.actions} style={{ marginTop: 10 }}>
        <Button
          color={decision === 'pay' ? 'primary' : 'danger'}
          size="small"
          loading={paying.isLoading || waiving.isLoading}
          onClick={() => void submit()}
          data-testid={`ipo-${decision}-submit`}
        >
          {t('common.confirm')}
        </Button>
        <Button size="small" onClick={onClose} data-testid={`ipo-${decision}-cancel`}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}

function SubscriptionRow({ row }: { row: IpoApplication }) {
  const { t, lang } = useIpoText();
  const navigate = useNavigate();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const cell = (label: string, value: string, testId?: string) => (
    <div>
      <div className={styles.muted}>{label}</div>
      <div data-testid={testId}>{value}</div>
    </div>
  );
  return (
    <section className={styles.card} data-testid="ipo-subscription" data-id={row.id} data-code={row.code} data-status={row.status}>
      <div className={styles.rowHead}>
        <span>
          {nameIn(row.name, lang)} <span className={styles.muted}>{row.code}</span>
        </span>
        <span>
          {row.simulated && <span className={styles.tag}>{t('common.simulatedTag')}</span>}{' '}
          <span className={styles.tag} data-testid="ipo-subscription-status">
            {t(`status.${row.status}`)}
          </span>
        </span>
      </div>
      <div className={styles.muted} style={{ marginTop: 4 }}>
        {row.applicationNo} · {when(row.appliedAt, lang)}
      </div>
      <div className={styles.grid}>
        {cell(t('list.applicationQuantity'), t('common.shares', { quantity: row.quantity.toLocaleString('en-US') }), 'ipo-subscription-applied')}
        {cell(t('subs.winning'), t('common.shares', { quantity: row.wonQuantity.toLocaleString('en-US') }), 'ipo-subscription-won')}
        {cell(t('subs.lots'), `${row.wonLots} / ${row.lots}`, 'ipo-subscription-lots')}
        {cell(t('list.issuePrice'), formatPrice(row.offerPrice))}
        {cell(t('subs.totalPrice'), formatMoneyText(row.totalPrice), 'ipo-subscription-total')}
        {cell(t('subs.amountPaid'), formatMoneyText(row.amountPaid), 'ipo-subscription-paid')}
        {cell(t('subs.held'), formatMoneyText(row.escrowed), 'ipo-subscription-held')}
        {cell(t('subs.refunded'), formatMoneyText(row.refunded), 'ipo-subscription-refunded')}
        {cell(t('issue.lottery'), when(row.lotteryAt, lang))}
      </div>
      {/* Won and not paid yet: the date and time it must be paid by (the win notice and reminders name it too). */}
      {(row.status === 'won' || row.status === 'awaitingPayment') && (
        <p className={styles.note} style={{ marginTop: 6 }} data-testid="ipo-subscription-deadline">
          {t('subs.deadline', { time: when(row.paymentDeadlineAt, lang) })}
        </p>
      )}
      {deciding ? (
        <DecideForm row={row} decision={deciding} onClose={() => setDeciding(null)} />
      ) : (
        <div className={styles.actions} style={{ marginTop: 10 }}>
          {row.actions.includes('pay') && (
            <Button color="primary" size="small" onClick={() => setDeciding('pay')} data-testid="ipo-pay">
              {t('subs.pay')}
            </Button>
          )}
          {row.actions.includes('waive') && (
            <Button size="small" onClick={() => setDeciding('waive')} data-testid="ipo-waive">
              {t('subs.waive')}
            </Button>
          )}
          <Button size="small" fill="none" onClick={() => navigate(routeTo('fundRecords', { tab: 'postings' }))} data-testid="ipo-postings-link">
            {t('subs.postings')}
          </Button>
        </div>
      )}
    </section>
  );
}

export default function SubscriptionsPage() {
  const { t } = useIpoText();
  const { data, isLoading, isError, refetch } = useGetMyIpoApplicationsQuery({ size: 50 });
  return (
    <div className={styles.page} data-testid="ipo-subscriptions-page">
      <IpoLinks current="subs" />
      <p className={styles.note}>{t('common.simulated')}</p>
      {isLoading ? (
        <PageState status="loading" testId="ipo-subscriptions-state" />
      ) : isError || !data ? (
        <PageState status="failed" onRetry={() => void refetch()} testId="ipo-subscriptions-state" />
      ) : data.list.length === 0 ? (
        <PageState status="empty" emptyText={t('subs.empty')} testId="ipo-subscriptions-state" />
      ) : (
        data.list.map((row) => <SubscriptionRow row={row} key={row.id} />)
      )}
    </div>
  );
}
