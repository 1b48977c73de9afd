// Verify a draw (ROUTES.ipoVerify, a lottery anyone can verify): the published
// commitment, revealed seed, algorithm, pseudonymous applications and winners of one issue;
// the page recomputes the winners with the same pure function the server used and says
// plainly whether they match. The customer's own pseudonymous id is highlighted.
import { Fragment, useMemo } from 'react';
import { PageState } from '@kabuto/shared-sdk';
import { useSearchParams } from 'react-router-dom';
import type { IpoDrawEntry, IpoDrawPublication } from '@kabuto/shared-sdk/schemas';
import { useGetIpoDrawQuery, useGetIpoIssuesQuery, useGetMyIpoApplicationsQuery } from '../../api/ipo';
import { IpoLinks } from '../../common/IpoLinks';
import { nameIn } from '../../common/format';
import { useIpoText } from '../../common/texts';
import { checkDraw } from './verify-draw';
import { kit as styles } from '@kabuto/shared-sdk/ui';

function Verdict({ ok, good, bad, testId }: { ok: boolean; good: string; bad: string; testId: string }) {
  return (
    <p className={ok ? styles.note : styles.error} role={ok ? 'status' : 'alert'} data-testid={testId} data-ok={ok ? 'true' : 'false'}>
      {ok ? '✓ ' : '✗ '}
      {ok ? good : bad}
    </p>
  );
}

function PidList({ list, mine, testId }: { list: readonly IpoDrawEntry[]; mine: string | null; testId: string }) {
  const { t } = useIpoText();
  return (
    <div style={{ maxHeight: 220, overflowY: 'auto' }} data-testid={testId}>
      {list.map((a) => (
        <div
          className={styles.row}
          key={a.id}
          data-testid={`${testId}-row`}
          data-pid={a.id}
          data-mine={a.id === mine ? 'true' : undefined}
          style={a.id === mine ? { background: 'rgba(62, 207, 142, 0.15)', borderRadius: 6, padding: '4px 6px' } : undefined}
        >
          <span style={{ fontFamily: 'monospace', fontSize: 12 }}>
            {a.id}
            {a.id === mine ? ` · ${t('verify.you')}` : ''}
          </span>
          <span className={styles.muted}>{t('verify.lots', { quantity: a.lots.toLocaleString('en-US') })}</span>
        </div>
      ))}
    </div>
  );
}

const MONO = { fontFamily: 'monospace', fontSize: 12, margin: 0 } as const;

/**
 * A long hex value (commitment, seed) that may wrap only between groups of eight characters:
 * <wbr> marks the break points without adding characters, so a copied value stays exact.
 */
function HexText({ value, testId }: { value: string; testId: string }) {
  const groups = value.match(/.{1,8}/g) ?? [value];
  return (
    <p style={MONO} data-testid={testId}>
      {groups.map((group, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {group}
        </Fragment>
      ))}
    </p>
  );
}

function DrawView({ draw, mine }: { draw: IpoDrawPublication; mine: string | null }) {
  const { t, lang } = useIpoText();
  const { seed, applications, winners } = draw;
  // The server's own draw function (from the SDK), pure and synchronous.
  const check = useMemo(
    () => (seed === null || applications === null || winners === null ? null : checkDraw({ ...draw, seed, applications, winners })),
    [draw, seed, applications, winners],
  );
  return (
    <section className={styles.card} data-testid="ipo-draw" data-code={draw.code}>
      <div className={styles.rowHead}>
        <span>
          {nameIn(draw.name, lang)} <span className={styles.muted}>{draw.code}</span>
        </span>
        <span className={styles.tag}>{t('common.simulatedTag')}</span>
      </div>
      <p className={styles.label}>{t('verify.commitment')}</p>
      <HexText value={draw.commitment} testId="ipo-draw-commitment" />
      {check === null || seed === null || applications === null || winners === null ? (
        <p className={styles.note} style={{ marginTop: 10 }} data-testid="ipo-draw-pending">
          {t('verify.notDrawn')}
        </p>
      ) : (
        <>
          <p className={styles.label}>{t('verify.seed')}</p>
          <HexText value={seed} testId="ipo-draw-seed" />
          <p className={styles.label}>{t('verify.algorithm')}</p>
          <p style={{ margin: 0, fontSize: 13 }} data-testid="ipo-draw-algorithm">
            {draw.algorithm} · {t(draw.model === 'weighted' ? 'issue.model.weighted' : 'issue.model.perCustomer')}
          </p>
          <div style={{ marginTop: 10, display: 'flex', flexDirection: 'column', gap: 6 }}>
            <Verdict ok={check.commitmentMatches} good={t('verify.commitmentOk')} bad={t('verify.commitmentBad')} testId="ipo-verify-commitment" />
            <Verdict ok={check.winnersMatch} good={t('verify.match')} bad={t('verify.mismatch')} testId="ipo-verify-result" />
          </div>
          {mine && (
            <p className={styles.muted} style={{ marginTop: 8 }} data-testid="ipo-draw-my-pid">
              {t('verify.yourId', { id: mine })}
            </p>
          )}
          <p className={styles.label}>{t('verify.winners', { count: winners.length })}</p>
          <PidList list={winners} mine={mine} testId="ipo-draw-winners" />
          <p className={styles.label}>{t('verify.applications', { count: applications.length })}</p>
          <PidList list={applications} mine={mine} testId="ipo-draw-applications" />
        </>
      )}
    </section>
  );
}

function DrawOf({ code }: { code: string }) {
  const { data, isLoading, isError, refetch } = useGetIpoDrawQuery({ code });
  // My pseudonymous id in this draw, from my own application (the draw itself names nobody).
  const { data: mine } = useGetMyIpoApplicationsQuery({ size: 50 });
  if (isLoading) return <PageState status="loading" testId="ipo-draw-state" />;
  if (isError || !data) return <PageState status="failed" onRetry={() => void refetch()} testId="ipo-draw-state" />;
  return <DrawView draw={data} mine={mine?.list.find((row) => row.code === code)?.drawId ?? null} />;
}

export default function VerifyPage() {
  const { t, lang } = useIpoText();
  const [params, setParams] = useSearchParams();
  const asked = params.get('code');
  const drawn = useGetIpoIssuesQuery({ status: 'drawn' });
  const listed = useGetIpoIssuesQuery({ status: 'listed' });
  const issues = [...(drawn.data?.list ?? []), ...(listed.data?.list ?? [])].filter((issue, i, all) => all.findIndex((x) => x.code === issue.code) === i);
  const code = asked ?? issues[0]?.code ?? null;
  const loading = drawn.isLoading || listed.isLoading;
  return (
    <div className={styles.page} data-testid="ipo-verify-page">
      <IpoLinks current="verify" />
      <p className={styles.intro}>{t('verify.intro')}</p>
      {issues.length > 0 && (
        <div className={styles.actions} role="tablist" data-testid="ipo-verify-issues">
          {issues.map((issue) => (
            <button
              type="button"
              role="tab"
              key={issue.code}
              aria-selected={issue.code === code}
              className={styles.tag}
              style={{
                padding: '6px 10px',
                fontSize: 13,
                border: 0,
                ...(issue.code === code ? { background: 'var(--kabuto-accent, #3ecf8e)', color: '#0b1410' } : {}),
              }}
              onClick={() => setParams({ code: issue.code })}
              data-testid={`ipo-verify-issue-${issue.code}`}
            >
              {nameIn(issue.name, lang)}
            </button>
          ))}
        </div>
      )}
      {code ? (
        <DrawOf key={code} code={code} />
      ) : loading ? (
        <PageState status="loading" testId="ipo-draw-state" />
      ) : drawn.isError || listed.isError ? (
        <PageState
          status="failed"
          onRetry={() => {
            void drawn.refetch();
            void listed.refetch();
          }}
          testId="ipo-draw-state"
        />
      ) : (
        <PageState status="empty" emptyText={t('verify.noneDrawn')} testId="ipo-draw-state" />
      )}
    </div>
  );
}
