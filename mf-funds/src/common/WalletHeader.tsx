// The wallet (spec §3): total assets, balance, available, frozen, USD amount. Every
// figure opens the postings behind it (ARCHITECTURE §7.1: every yen is in the ledger and
// the customer can see every posting behind a balance).
import { useState } from 'react';
import type { Wallet, WalletFigure } from '@kabuto/shared-sdk/schemas';
import { useGetWalletQuery } from '../api/funds';
import { PageState, formatDateKey, formatDateTime, formatMoneyText, holdSourceName } from '@kabuto/shared-sdk';
import { PostingsSheet } from './PostingsSheet';
import { useFundsText } from './texts';
import { FIGURE_LABELS } from './labels';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import wallet from './wallet.module.css';

const SHOWN: readonly Exclude<WalletFigure, 'cash' | 'totalAssets'>[] = ['balance', 'available', 'frozen', 'usdAmount'];

function FigureButton({ figure, data, onOpen, large = false }: { figure: WalletFigure; data: Wallet; onOpen(figure: WalletFigure): void; large?: boolean }) {
  const { t } = useFundsText();
  const money = figure === 'cash' ? data.balance : data[figure];
  return (
    <button type="button" className={large ? wallet.total : wallet.figure} onClick={() => onOpen(figure)} data-testid={`wallet-${figure}`}>
      <span className={wallet.figureLabel}>{t(FIGURE_LABELS[figure])}</span>
      <span className={wallet.figureValue} data-testid={`wallet-${figure}-value`}>
        {formatMoneyText(money)}
      </span>
    </button>
  );
}

export function WalletHeader() {
  const { t, lang } = useFundsText();
  const { data, isLoading, isError, refetch } = useGetWalletQuery();
  const [open, setOpen] = useState<WalletFigure | null>(null);

  if (isLoading)
    return (
      <section className={styles.card}>
        <PageState status="loading" />
      </section>
    );
  if (isError || !data) {
    return (
      <section className={styles.card}>
        <PageState status="failed" onRetry={() => void refetch()} />
      </section>
    );
  }
  return (
    <section className={`${styles.card} ${wallet.wallet}`} data-testid="wallet">
      <FigureButton figure="totalAssets" data={data} onOpen={setOpen} large />
      <div className={wallet.grid}>
        {SHOWN.map((figure) => (
          <FigureButton key={figure} figure={figure} data={data} onOpen={setOpen} />
        ))}
      </div>
      {data.holds.length > 0 && (
        <p className={styles.muted}>
          {data.holds.map((hold) => t('wallet.held', { source: holdSourceName(hold.source, lang), amount: formatMoneyText(hold.amount) })).join(' · ')}
        </p>
      )}
      {/* Escrowed money (IPO applications) left the balance but not the customer: its own line. */}
      {(data.escrow ?? []).map((line) => (
        <div className={wallet.escrow} key={line.source} data-testid="wallet-escrow" data-source={line.source}>
          <span className={wallet.figureLabel}>{holdSourceName(line.source, lang)}</span>
          <span className={wallet.escrowValue} data-testid="wallet-escrow-value">
            {formatMoneyText(line.amount)}
          </span>
          <span className={wallet.escrowNote}>{t('wallet.escrowNote')}</span>
        </div>
      ))}
      {/* A server from before the field answers without it. */}
      {(data.unsettled ?? []).map((line) => (
        <p className={styles.muted} key={line.settlesOn} data-testid="wallet-unsettled">
          {t('wallet.unsettled', { amount: formatMoneyText(line.amount), date: formatDateKey(line.settlesOn, lang) })}
        </p>
      ))}
      <p className={styles.muted}>{t('wallet.tapHint')}</p>
      <p className={styles.muted}>{t('wallet.ratesNote', { date: formatDateTime(data.rates.asOf, lang) })}</p>
      <PostingsSheet figure={open} onClose={() => setOpen(null)} />
    </section>
  );
}
