// The list states of spec §8 (loading / no more / load failed), from the SDK catalogue.
import { messageText } from '@kabuto/shared-sdk/messages';
import { useLang } from './use-lang';
import { useMarketText } from './texts';
import styles from './market.module.css';

export type ListStatus = 'loading' | 'noMore' | 'failed' | 'empty';

export function ListState({ status, onRetry, emptyText }: { status: ListStatus; onRetry?: () => void; emptyText?: string }) {
  const lang = useLang();
  const { t } = useMarketText();
  const text =
    status === 'loading'
      ? messageText('listLoading', lang)
      : status === 'noMore'
        ? messageText('listNoMore', lang)
        : status === 'failed'
          ? messageText('listLoadFailed', lang)
          : (emptyText ?? t('common.empty'));
  return (
    <div className={styles.listState} data-testid={`list-${status}`}>
      {text}
      {status === 'failed' && onRetry && (
        <>
          {' · '}
          <button type="button" className={styles.link} onClick={onRetry}>
            {t('common.retry')}
          </button>
        </>
      )}
    </div>
  );
}
