// The postings behind one wallet figure (funds/walletPostings): their sum per currency,
// which is exactly the figure before conversion, and for `available` the holds that
// are subtracted from it.
import { Popup } from 'antd-mobile';
import { useCallback } from 'react';
import type { PostingItem, WalletFigure, WalletPostingsPage } from '@kabuto/shared-sdk/schemas';
import { useLazyGetWalletPostingsQuery } from '../api/funds';
import { formatMoneyText, holdSourceName } from '@kabuto/shared-sdk';
import { usePagedList } from './paged-list';
import { PagedListView } from './PagedListView';
import { PostingRow } from './PostingRow';
import { useFundsText } from './texts';
import { FIGURE_LABELS } from './labels';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import wallet from './wallet.module.css';

function FigurePostings({ figure }: { figure: WalletFigure }) {
  const { t, lang } = useFundsText();
  const [trigger] = useLazyGetWalletPostingsQuery();
  const fetchPage = useCallback((page: number) => trigger({ figure, page, size: 20 }).unwrap(), [trigger, figure]);
  const list = usePagedList<PostingItem, WalletPostingsPage>(fetchPage);
  const last = list.last;
  return (
    <div data-testid="postings-sheet" data-figure={figure}>
      <h3 className={wallet.sheetTitle}>{t('postings.title', { figure: t(FIGURE_LABELS[figure]) })}</h3>
      {last && (
        <div className={styles.card} data-testid="postings-sum">
          {last.sum.map((money) => (
            <div className={styles.row} key={money.currency}>
              <span>{t('postings.sum', { currency: money.currency })}</span>
              <span className={styles.value}>{formatMoneyText(money)}</span>
            </div>
          ))}
          {figure === 'available' &&
            last.holds.map((hold) => (
              <div className={styles.row} key={hold.source}>
                <span>{t('postings.hold', { source: holdSourceName(hold.source, lang) })}</span>
                <span className={styles.value}>-{formatMoneyText(hold.amount)}</span>
              </div>
            ))}
          {figure === 'available' && <p className={styles.muted}>{t('postings.availableNote')}</p>}
          {figure === 'totalAssets' && <p className={styles.muted}>{t('postings.totalNote')}</p>}
          <p className={styles.muted}>{t('postings.count', { count: last.total })}</p>
        </div>
      )}
      <PagedListView list={list} testId="postings-list" itemKey={(posting) => posting.id} renderItem={(posting) => <PostingRow posting={posting} />} />
    </div>
  );
}

export function PostingsSheet({ figure, onClose }: { figure: WalletFigure | null; onClose(): void }) {
  return (
    <Popup visible={figure !== null} onMaskClick={onClose} onClose={onClose} showCloseButton destroyOnClose bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className={wallet.sheet}>{figure && <FigurePostings figure={figure} />}</div>
    </Popup>
  );
}
