// The daily sign-in: today's state, the streak and its calendar, the published reward table and
// the button. One tap signs in for today's business date; the server makes taps one (its unique
// index), so a double tap answers "already" and gives no second reward. Used by the coupons page
// (full) and by the home widget (compact: today's state and the way to the page).
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryState, ROUTES, errorMessage, groupAmount, isLoaded, type Lang } from '@kabuto/shared-sdk';
import type { SignInRewardRow, SignInStatus } from '@kabuto/shared-sdk/schemas';
import { Refusal, kit as styles } from '@kabuto/shared-sdk/ui';
import { useGetSignInStatusQuery, useSignInMutation } from '../api/rewards';
import { useTradeText } from './texts';

/** A calendar cell's day and month, in the order formatDateKey uses for the language (day first in en). */
function shortDate(key: string, lang: Lang): string {
  const [, month = '', day = ''] = key.split('-');
  return lang === 'en' ? `${day}/${month}` : `${month}/${day}`;
}

function RewardTable({ rows }: { rows: SignInRewardRow[] }) {
  const { t } = useTradeText();
  return (
    <div data-testid="reward-table" style={{ marginTop: 12 }}>
      <p className={styles.label}>{t('rewards.table.title')}</p>
      <div className={styles.row}>
        <span className={styles.muted}>{t('rewards.table.streak')}</span>
        <span className={styles.muted}>{t('rewards.table.reward')}</span>
      </div>
      {rows.map((r) => (
        <div className={styles.row} key={r.streak} data-testid={`reward-row-${r.streak}`}>
          <span>{r.streak === 1 ? t('rewards.table.everyDay') : t('rewards.table.days', { streak: String(r.streak) })}</span>
          <span className={styles.value}>
            {r.coupon
              ? t('rewards.table.coupon', {
                  points: String(r.points),
                  coupon: t(`rewards.kind.${r.coupon.kind}`, { value: groupAmount(r.coupon.value.amount) }),
                  days: String(r.coupon.validDays),
                })
              : t('rewards.table.points', { points: String(r.points) })}
          </span>
        </div>
      ))}
    </div>
  );
}

function TodayLine({ status }: { status: SignInStatus }) {
  const { t } = useTradeText();
  const text = status.signedInToday ? t('rewards.signIn.done') : status.businessDay ? t('rewards.signIn.notYet') : t('rewards.signIn.closed');
  return (
    <p className={styles.row} data-testid="sign-in-today" data-state={status.signedInToday ? 'done' : status.businessDay ? 'open' : 'closed'}>
      <span>{text}</span>
      <span className={styles.muted} data-testid="sign-in-streak">
        {t('rewards.signIn.streak', { streak: String(status.streak), points: String(status.points) })}
      </span>
    </p>
  );
}

export function DailySignIn({ compact = false }: { compact?: boolean }) {
  const { t, lang } = useTradeText();
  const query = useGetSignInStatusQuery();
  const [signIn, signing] = useSignInMutation();
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!isLoaded(query)) return <QueryState query={query} />;
  const status = query.data;

  if (compact) {
    return (
      <div className={styles.card} data-testid="daily-sign-in-widget">
        <p className={styles.label}>{t('rewards.signIn.title')}</p>
        <TodayLine status={status} />
        <Link to={ROUTES.coupons} data-testid="daily-sign-in-open">
          {t('rewards.widget.open')}
        </Link>
      </div>
    );
  }

  async function tap() {
    setError(null);
    const answer = await signIn();
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error));
      return;
    }
    const done = answer.data;
    if (!done) return;
    setResult(
      done.coupon
        ? t('rewards.signIn.earnedCoupon', { streak: String(done.streak), value: groupAmount(done.coupon.value.amount) })
        : t('rewards.signIn.earned', { streak: String(done.streak), points: String(done.points) }),
    );
  }

  return (
    <section className={styles.card} data-testid="daily-sign-in">
      <p className={styles.label}>{t('rewards.signIn.title')}</p>
      <TodayLine status={status} />
      <p className={styles.muted}>{t('rewards.signIn.calendar', { count: status.calendar.length })}</p>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }} data-testid="sign-in-calendar">
        {status.calendar.map((d) => (
          <span
            key={d.date}
            className={styles.badge}
            data-state={d.signedIn ? 'verified' : 'pending'}
            data-signed={d.signedIn}
            data-testid={`sign-in-day-${d.date}`}
            style={{ textAlign: 'center', fontSize: 11 }}
          >
            {shortDate(d.date, lang)}
            <br />
            {d.signedIn ? '✓' : '·'}
          </span>
        ))}
      </div>
      <Button
        block
        color="primary"
        disabled={status.signedInToday || !status.businessDay}
        loading={signing.isLoading}
        onClick={() => void tap()}
        style={{ marginTop: 12 }}
        data-testid="sign-in-button"
      >
        {status.signedInToday ? t('rewards.signIn.done') : t('rewards.signIn.button')}
      </Button>
      {result && (
        <p className={styles.note} data-testid="sign-in-result">
          {result}
        </p>
      )}
      <Refusal text={error} testId="sign-in-error" />
      <RewardTable rows={status.rewards} />
      <p className={styles.muted}>{t('rewards.signIn.rules')}</p>
    </section>
  );
}
