// Bank cards (ROUTES.bankCards): the bound cards (at most `max`), delete one
// after a passkey step-up (history keeps a snapshot of it), add another.
import { Button, Dialog, List, SwipeAction } from 'antd-mobile';
import { QueryState, ROUTES, isLoaded, TOAST_MS, errorMessage, getHost, messageText, usePasskeyStepUp } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { type BankCard } from '@kabuto/shared-sdk/schemas';
import { useBankCardDeleteMutation, useGetBankCardsQuery } from '../../api/funds';
import { useAskStepUpCode } from '@kabuto/shared-sdk/ui';
import { useFundsText } from '../../common/texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';

export default function BankCardsPage() {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  const query = useGetBankCardsQuery();
  const [remove] = useBankCardDeleteMutation();
  const askForCode = useAskStepUpCode();
  const stepUp = usePasskeyStepUp('bank-card', { askForCode });

  async function removeCard(card: BankCard) {
    const sure = await Dialog.confirm({ content: t('cards.deleteConfirm'), confirmText: t('cards.delete'), cancelText: t('common.cancel') });
    if (!sure) return;
    const granted = await stepUp();
    if (!granted.ok) return;
    const answer = await remove({ id: card.id });
    if ('error' in answer && answer.error) {
      getHost().toast(errorMessage(answer.error), TOAST_MS);
      return;
    }
    getHost().toast(messageText('deleteSuccess', lang), TOAST_MS);
  }

  if (!isLoaded(query)) return <QueryState query={query} page />;
  const { data } = query;
  return (
    <div className={styles.page} data-testid="bank-cards">
      <p className={styles.muted}>{t('cards.count', { count: data.list.length, max: data.max })}</p>
      {data.list.length === 0 ? (
        <p className={styles.intro}>{t('cards.empty')}</p>
      ) : (
        <List>
          {data.list.map((card) => (
            <SwipeAction key={card.id} rightActions={[{ key: 'delete', text: t('cards.delete'), color: 'danger', onClick: () => void removeCard(card) }]}>
              <List.Item
                data-testid="bank-card"
                description={`${card.holderName} · ${t(`accountType.${card.accountType}`)}`}
                extra={
                  <Button size="mini" fill="outline" color="danger" onClick={() => void removeCard(card)} data-testid="bank-card-delete">
                    {t('cards.delete')}
                  </Button>
                }
              >
                {card.bankName} {card.branchName} {card.accountNumberMasked}
              </List.Item>
            </SwipeAction>
          ))}
        </List>
      )}
      {data.list.length < data.max && (
        <Button block color="primary" onClick={() => navigate(ROUTES.bankCardAdd)} data-testid="bank-card-add">
          {t('nav.addCard')}
        </Button>
      )}
    </div>
  );
}
