// Stock details (ROUTES.stockDetail?code=7203): the live quote and the spec §3
// fields, the chart in nine intervals and three adjustments, the best five bids and asks,
// watchlist add/remove, and buy/sell entries into the trade screens.
import { PageState } from '@kabuto/shared-sdk';
import { useSearchParams } from 'react-router-dom';
import { useGetQuoteQuery } from '../../api/market';
import { useMarketText } from '../../common/texts';
import { ChartPanel } from './ChartPanel';
import { DepthBook } from './DepthBook';
import { QuoteHeader } from './QuoteHeader';
import { TradeBar } from './TradeBar';
import { StockAlerts } from '../../price-alerts/StockAlerts';
import { stockCodeFrom } from './detail-fields';
import common from '../../common/market.module.css';

export default function StockDetailPage() {
  const { t } = useMarketText();
  const [params] = useSearchParams();
  const code = stockCodeFrom(params.get('code'));
  const { data: quote, isLoading, isError, error, refetch } = useGetQuoteQuery({ code: code ?? '' }, { skip: code === null });

  // The SDK's page state, not antd-mobile's ErrorBlock: its illustrations were 44 KB of this
  // page's first load for a state few customers see.
  if (code === null) return <PageState status="empty" emptyText={t('detail.unknownCode')} testId="unknown-code" />;
  if (isLoading) return <PageState status="loading" />;
  if (isError || !quote) {
    const refused = error && 'failure' in error && error.failure === 'rejected';
    return refused ? (
      <PageState status="empty" emptyText={`${error.message || t('detail.unknownCode')} · ${code}`} testId="unknown-code" />
    ) : (
      <PageState status="failed" onRetry={() => void refetch()} />
    );
  }

  return (
    <div className={common.page} data-testid="shares-details" data-code={code}>
      <QuoteHeader quote={quote} />
      <ChartPanel code={code} />
      <DepthBook code={code} previousClose={quote.previousClose} />
      <p className={common.note}>{t('common.simulatedNote')}</p>
      <StockAlerts code={code} quote={quote} />
      <TradeBar code={code} quote={quote} />
    </div>
  );
}
