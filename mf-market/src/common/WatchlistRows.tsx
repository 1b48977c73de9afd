// The signed-in user's watchlist as live rows (the market page's watchlist tab).
import { Button } from 'antd-mobile';
import { PageState, ROUTES, selectIsLoggedIn, useAppSelector } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { useGetWatchlistQuery } from '../api/market';
import { QuoteRow } from './QuoteRow';
import { useMarketText } from './texts';
import common from './market.module.css';

export function LoginToSee() {
  const { t } = useMarketText();
  const navigate = useNavigate();
  return (
    <div className={common.listState} data-testid="watchlist-login">
      <p>{t('common.loginToSee')}</p>
      <Button size="small" color="primary" onClick={() => navigate(ROUTES.login)}>
        {t('common.login')}
      </Button>
    </div>
  );
}

export function WatchlistRows() {
  const { t } = useMarketText();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { data, isLoading, isError, refetch } = useGetWatchlistQuery(undefined, { skip: !loggedIn });
  if (!loggedIn) return <LoginToSee />;
  if (isLoading) return <PageState status="loading" />;
  if (isError || !data) return <PageState status="failed" onRetry={() => void refetch()} />;
  if (data.length === 0) return <PageState status="empty" emptyText={t('watchlist.empty')} />;
  return (
    <>
      {data.map((item) => (
        <QuoteRow key={item.code} row={item.quote} />
      ))}
    </>
  );
}
