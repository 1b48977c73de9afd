// Price alerts on stock details: the bell opens a sheet with the form (above / below a
// price, or a % move from the previous close, either way or one) and this stock's alerts, each
// active or fired (time and price), to edit or delete. The sheet (AlertSheet.tsx) is loaded on
// the first tap: with the kit's popup, dialog and toast it brings their animation library, which
// the stock page's first screen does not need.
import { Button } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { ROUTES, selectIsLoggedIn, useAppSelector } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import type { MarketQuote } from '@kabuto/shared-sdk/schemas';
import { useGetStockAlertsQuery } from '../api/price-alerts';
import { LineIcon } from '../common/LineIcon';
import { useMarketText } from '../common/texts';
import styles from './price-alerts.module.css';

const AlertSheet = lazy(() => import(/* webpackChunkName: "price-alert-sheet" */ './AlertSheet'));

export function StockAlerts({ code, quote }: { code: string; quote: Pick<MarketQuote, 'last' | 'previousClose'> }) {
  const { t } = useMarketText();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing still plays the sheet's slide-out.
  const [opened, setOpened] = useState(false);
  const mine = useGetStockAlertsQuery({ code }, { skip: !loggedIn });
  const activeHere = mine.data?.list.filter((a) => a.state === 'active').length ?? 0;

  function openSheet() {
    if (!loggedIn) return navigate(ROUTES.login);
    setOpened(true);
    setOpen(true);
  }

  return (
    <div className={styles.bellRow}>
      <Button fill="outline" size="small" className={styles.bell} data-testid="alerts-bell" data-active={activeHere} onClick={openSheet}>
        {/* A line icon, not the 🔔 emoji: a phone or desktop without a colour-emoji font drew a missing-glyph box. */}
        <LineIcon className={styles.bellIcon} path="M6 16v-5a6 6 0 0112 0v5l2 2H4zM10 21a2 2 0 004 0" size={14} strokeWidth={2} /> {t('alerts.bell')}
        {activeHere > 0 && <span className={styles.badge}>{activeHere}</span>}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <AlertSheet code={code} quote={quote} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
