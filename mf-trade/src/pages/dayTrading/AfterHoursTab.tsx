// The after-hours tab: the simulated PTS night session (modelled on Japannext, 16:30–06:00
// JST): its state and hours, the PTS board of a stock (its own book and tape), a PTS limit
// buy (limit orders only; cash only at night, as PTS margin orders match only in TSE hours)
// and the customer's PTS orders, which are ordinary positions shared with the TSE.
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { PageState, formatDateKey, formatDateTime, selectIsLoggedIn, useAppSelector } from '@kabuto/shared-sdk';
import type { DepthLevel, PtsBoard, TradePosition } from '@kabuto/shared-sdk/schemas';
import { Refusal, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { useGetPositionsQuery, useGetTicketQuery, usePlaceOrderMutation, type PlaceArgs } from '../../api/trading';
import { formatTenths } from '../../common/format';
import { useTradeText } from '../../common/texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { PositionRow } from '../../common/PositionRow';
import { refusalText } from '../../common/refusal';
import { BOOK_POLL_MS, useGetPtsBoardQuery, useGetPtsSessionQuery } from './api';

/** A few liquid names to start from; any code can be typed. */
const SUGGESTED = ['7203', '6758', '9984', '8306'] as const;

const tenthsText = (tenths: number) => `${Math.trunc(tenths / 10)}${tenths % 10 ? `.${Math.abs(tenths % 10)}` : ''}`;

function Levels({ title, levels, testId }: { title: string; levels: DepthLevel[]; testId: string }) {
  return (
    <div data-testid={testId} style={{ flex: 1 }}>
      <div className={styles.muted}>{title}</div>
      {levels.length === 0 && <div className={styles.muted}>--</div>}
      {levels.map((l) => (
        <div className={styles.row} key={l.price}>
          <span>{formatTenths(l.price)}</span>
          <span className={styles.muted}>{l.quantity.toLocaleString('en-US')}</span>
        </div>
      ))}
    </div>
  );
}

function Board({ board }: { board: PtsBoard }) {
  const { t, lang } = useTradeText();
  const name = lang === 'tw' || lang === 'jp' ? board.name[lang] : board.name.en;
  return (
    <section className={styles.card} data-testid="pts-board" data-code={board.code}>
      <div className={styles.rowHead}>
        <span>{t('pts.board', { name, code: board.code })}</span>
        <span className={styles.tag}>{t('venue.pts')}</span>
      </div>
      <p className={styles.muted}>{t('pts.figuresOf', { date: formatDateKey(board.figuresOf, lang) })}</p>
      <div className={styles.grid}>
        <div>
          <div className={styles.muted}>{t('pts.last')}</div>
          <div data-testid="pts-last">{formatTenths(board.last)}</div>
        </div>
        <div>
          <div className={styles.muted}>{t('pts.base')}</div>
          <div>{formatTenths(board.basePrice)}</div>
        </div>
        <div>
          <div className={styles.muted}>{t('pts.volume')}</div>
          <div>{board.volume.toLocaleString('en-US')}</div>
        </div>
        <div>
          <div className={styles.muted}>{t('pts.limits')}</div>
          <div>
            {formatTenths(board.lowerLimit)} – {formatTenths(board.upperLimit)}
          </div>
        </div>
        <div>
          <div className={styles.muted}>{t('pts.lot')}</div>
          <div>{t('common.shares', { quantity: board.lot })}</div>
        </div>
      </div>
      <div style={{ display: 'flex', gap: 16, marginTop: 8 }}>
        <Levels title={t('pts.asks')} levels={[...board.asks].reverse()} testId="pts-asks" />
        <Levels title={t('pts.bids')} levels={board.bids} testId="pts-bids" />
      </div>
      <p className={styles.label}>{t('pts.tape')}</p>
      {board.trades.length === 0 && <p className={styles.muted}>{t('pts.noTrades')}</p>}
      {[...board.trades]
        .reverse()
        .slice(0, 6)
        .map((tr) => (
          <div className={styles.row} key={tr.id} data-testid="pts-trade">
            <span className={styles.muted}>{formatDateTime(new Date(tr.at).toISOString(), lang)}</span>
            <span>
              {formatTenths(tr.price)} × {tr.quantity.toLocaleString('en-US')}
            </span>
          </div>
        ))}
    </section>
  );
}

function PtsOrderForm({ board, open }: { board: PtsBoard; open: boolean }) {
  const { t, lang } = useTradeText();
  const { data: ticket } = useGetTicketQuery({ code: board.code });
  const start = board.asks[0]?.price ?? board.last ?? board.basePrice;
  const [price, setPrice] = useState(tenthsText(start));
  const [lots, setLots] = useState('1');
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<TradePosition | null>(null);
  const [place, placing] = usePlaceOrderMutation();
  const keys = useSubmissionKeys();

  async function submit() {
    setError(null);
    const order = { code: board.code, side: 'buy' as const, product: 'cash' as const, orderType: 'limit' as const, price, lots: Number(lots), leverage: '1' };
    // The venue rides along with the ticket's fields (orderBase.venue of the shared schema).
    const args: PlaceArgs & { venue: 'pts' } = {
      ...order,
      venue: 'pts',
      ...(ticket?.skipFundPassword ? {} : { fundPassword }),
      idempotencyKey: keys.keyFor({ ...order, venue: 'pts' }),
    };
    const answer = await place(args);
    if ('error' in answer && answer.error) {
      setError(refusalText(answer.error, t, lang) || null);
      return;
    }
    keys.settle();
    setFundPassword('');
    setPlaced(answer.data ?? null);
  }

  return (
    <section className={styles.card} data-testid="pts-order">
      <div className={styles.rowHead}>
        <span>{t('pts.order')}</span>
        <span className={styles.tag}>{t('venue.pts')}</span>
      </div>
      <p className={styles.muted}>{t('pts.rules')}</p>
      <label className={styles.field}>
        <span className={styles.label}>{t('pts.price')}</span>
        <Input value={price} onChange={setPrice} inputMode="decimal" data-testid="pts-price" aria-label={t('pts.price')} />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('pts.lots', { lot: board.lot })}</span>
        <Input value={lots} onChange={setLots} inputMode="numeric" data-testid="pts-lots" aria-label={t('pts.lots', { lot: board.lot })} />
      </label>
      {ticket && !ticket.skipFundPassword && (
        <label className={styles.field}>
          <span className={styles.label}>{t('pts.fundPassword')}</span>
          <Input
            type="password"
            value={fundPassword}
            onChange={setFundPassword}
            data-testid="pts-fund-password"
            aria-label={t('pts.fundPassword')}
            autoComplete="off"
          />
        </label>
      )}
      {!open && <p className={styles.muted}>{t('pts.closedNote')}</p>}
      <Refusal text={error} testId="pts-error" />
      {placed && (
        <p className={styles.note} data-testid="pts-placed">
          {t('pts.placed', { orderNo: placed.orderNo })}
        </p>
      )}
      <Button block color="primary" loading={placing.isLoading} onClick={() => void submit()} data-testid="pts-submit" style={{ marginTop: 8 }}>
        {t('pts.submit')}
      </Button>
    </section>
  );
}

function MyPtsOrders() {
  const { t } = useTradeText();
  const { data, isLoading, isError, refetch } = useGetPositionsQuery({ tab: 'competition', page: 1, size: 50 }, { pollingInterval: BOOK_POLL_MS });
  const rows = data?.list.filter((row) => row.venue === 'pts') ?? [];
  return (
    <section className={styles.card} data-testid="pts-mine">
      <p className={styles.label}>{t('pts.mine')}</p>
      {isLoading ? (
        <PageState status="loading" testId="pts-mine-state" />
      ) : isError || !data ? (
        <PageState status="failed" onRetry={() => void refetch()} testId="pts-mine-state" />
      ) : rows.length === 0 ? (
        <PageState status="empty" emptyText={t('pts.mineEmpty')} testId="pts-mine-state" />
      ) : (
        rows.map((row) => <PositionRow key={row.id} row={row} />)
      )}
    </section>
  );
}

export function AfterHoursTab() {
  const { t, lang } = useTradeText();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [code, setCode] = useState<string>(SUGGESTED[0]);
  const [typed, setTyped] = useState('');
  const session = useGetPtsSessionQuery(undefined, { pollingInterval: 30_000 });
  const board = useGetPtsBoardQuery({ code }, { pollingInterval: BOOK_POLL_MS });
  const s = session.data;
  return (
    <>
      {/* Until the session answers, neither open nor closed is claimed. */}
      <section className={styles.card} data-testid="pts-session" data-open={s ? (s.open ? '1' : '0') : undefined} aria-busy={!s}>
        <div className={styles.rowHead}>
          <span>{s ? (s.open ? t('pts.open') : t('pts.closed')) : '\u00a0'}</span>
          <span className={styles.tag}>{t('venue.pts')}</span>
        </div>
        {s && (
          <p className={styles.intro}>
            {s.open
              ? t('pts.sessionOpen', { open: s.hours.open, close: s.hours.close, until: formatDateTime(s.closesAt, lang) })
              : t('pts.sessionClosed', { open: s.hours.open, close: s.hours.close, from: formatDateTime(s.opensAt, lang) })}
          </p>
        )}
      </section>
      <section className={styles.card}>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {SUGGESTED.map((c) => (
            <Button key={c} size="small" color={c === code ? 'primary' : 'default'} onClick={() => setCode(c)} data-testid={`pts-code-${c}`}>
              {c}
            </Button>
          ))}
        </div>
        <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
          <Input value={typed} onChange={setTyped} placeholder={t('pts.code')} aria-label={t('pts.code')} data-testid="pts-code-input" />
          <Button
            size="small"
            onClick={() => {
              if (typed.trim()) setCode(typed.trim().toUpperCase());
            }}
            data-testid="pts-code-go"
          >
            {t('pts.show')}
          </Button>
        </div>
      </section>
      {board.isLoading ? (
        <PageState status="loading" testId="pts-board-state" />
      ) : board.isError || !board.data ? (
        <PageState status="failed" onRetry={() => void board.refetch()} testId="pts-board-state" />
      ) : (
        <>
          <Board board={board.data} />
          {loggedIn ? <PtsOrderForm key={board.data.code} board={board.data} open={s?.open ?? false} /> : null}
        </>
      )}
      {loggedIn ? <MyPtsOrders /> : <p className={styles.muted}>{t('day.loginForOrders')}</p>}
    </>
  );
}
