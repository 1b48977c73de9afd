// Price alerts (ROUTES.priceAlerts): every alert of mine on every stock with its state
// (active, or fired with the trade's time and price) and delete. Alerts are set and edited on the
// stock's page (mf-market), which each row links to.
import { Button, Dialog, List, Toast } from 'antd-mobile';
import { PageState, formatDateTime, routeTo } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { groupThousands } from '@kabuto/shared-sdk/format';
import type { PriceAlertView } from '@kabuto/shared-sdk/schemas';
import { useDeleteMyAlertMutation, useGetMyAlertsQuery } from '../../api/price-alerts';
import { useAccountText } from '../../common/texts';
import { kit as common } from '@kabuto/shared-sdk/ui';
import styles from './price-alerts.module.css';

/** '2790.5' → '2,790.5'. */
function yenAmount(text: string | null): string {
  if (text === null) return '--';
  const [int = '', frac] = text.split('.');
  return frac ? `${groupThousands(int)}.${frac}` : groupThousands(int);
}

function stockName(names: PriceAlertView['names'], lang: string): string {
  return lang === 'tw' ? names.tw : lang === 'jp' ? names.jp : names.en;
}

export default function PriceAlertsPage() {
  const { t, lang } = useAccountText();
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useGetMyAlertsQuery();
  const [remove] = useDeleteMyAlertMutation();

  function ruleText(a: PriceAlertView): string {
    if (a.kind === 'move') return t(`pa.rule.move.${a.direction ?? 'both'}`, { pct: a.movePercent ?? '' });
    return t(`pa.rule.${a.kind}`, { price: yenAmount(a.price) });
  }

  async function confirmDelete(a: PriceAlertView) {
    if (!(await Dialog.confirm({ content: t('pa.deleteConfirm'), confirmText: t('pa.delete'), cancelText: t('common.cancel') }))) return;
    const result = await remove({ id: a.id });
    Toast.show({ content: 'error' in result ? (result.error as { message?: string }).message || '' : t('pa.deleted') });
  }

  if (isLoading)
    return (
      <div className={common.page}>
        <PageState status="loading" />
      </div>
    );
  if (isError || !data)
    return (
      <div className={common.page}>
        <PageState status="failed" onRetry={() => void refetch()} />
      </div>
    );
  return (
    <div className={common.page} data-testid="price-alerts-page">
      <p className={common.intro}>{t('pa.intro')}</p>
      <p className={styles.count} data-testid="price-alerts-count">
        {t('pa.count', { active: data.active, max: data.maxActive })}
      </p>
      {data.list.length === 0 ? (
        <p className={common.intro}>{t('pa.empty')}</p>
      ) : (
        <List>
          {data.list.map((a) => (
            <List.Item
              key={a.id}
              data-testid="price-alert-row"
              data-id={a.id}
              data-state={a.state}
              data-code={a.code}
              description={
                <span className={a.state === 'fired' ? styles.fired : styles.active} data-testid="price-alert-state">
                  {a.state === 'fired' ? t('pa.fired', { time: formatDateTime(a.firedAt, lang), price: yenAmount(a.firedPrice) }) : t('pa.active')}
                </span>
              }
              extra={
                <div className={styles.actions}>
                  <Button size="mini" onClick={() => navigate(routeTo('stockDetail', { code: a.code }))} data-testid="price-alert-open">
                    {t('pa.open')}
                  </Button>
                  <Button size="mini" color="danger" fill="outline" onClick={() => void confirmDelete(a)} data-testid="price-alert-delete">
                    {t('pa.delete')}
                  </Button>
                </div>
              }
            >
              <div className={styles.title}>
                {stockName(a.names, lang)} <span className={styles.code}>{a.code}</span>
              </div>
              <div className={styles.rule}>{ruleText(a)}</div>
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
