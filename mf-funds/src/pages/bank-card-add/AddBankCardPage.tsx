// Add a bank card (ROUTES.bankCardAdd): bank and branch from zengin-code, the
// holder name in katakana (it must be the verified name's reading), a 7-digit account
// number, ordinary or current; a passkey step-up, then the card is bound.
import { Button, Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import {
  ROUTES,
  MSG,
  TOAST_MS,
  errorMessage,
  getHost,
  messageText,
  translateMessage,
  useGetRealNameStatusQuery,
  usePasskeyStepUp,
  QueryState,
  isLoaded,
} from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { BANK_ACCOUNT_TYPES, bankCardFormSchema, firstErrorKey, type BankAccountType, type BankInfo } from '@kabuto/shared-sdk/schemas';
import { useBankCardAddMutation } from '../../api/funds';
import { SubmitFooter, useAskStepUpCode } from '@kabuto/shared-sdk/ui';
import { useFundsText } from '../../common/texts';
import { BankPicker, BranchPicker } from './ZenginPicker';
import { kit as styles } from '@kabuto/shared-sdk/ui';

function CardForm({ nameKana }: { nameKana: string }) {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  const [add, { isLoading }] = useBankCardAddMutation();
  const askForCode = useAskStepUpCode();
  const stepUp = usePasskeyStepUp('bank-card', { askForCode });
  const [bank, setBank] = useState<BankInfo | null>(null);
  const [branch, setBranch] = useState<BankInfo | null>(null);
  const [holderName, setHolderName] = useState(nameKana);
  const [accountNumber, setAccountNumber] = useState('');
  const [accountType, setAccountType] = useState<BankAccountType>('ordinary');
  const [error, setError] = useState<string | null>(null);

  // A branch belongs to its bank: choosing another bank clears it.
  function chooseBank(next: BankInfo | null) {
    setBank(next);
    if (next !== bank) setBranch(null);
  }

  async function submit() {
    const form = { holderName, bankCode: bank?.code ?? '', branchCode: branch?.code ?? '', accountNumber: accountNumber.trim(), accountType };
    const checked = bankCardFormSchema.safeParse(form);
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    const granted = await stepUp();
    if (!granted.ok) return;
    const answer = await add(form);
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || null);
      return;
    }
    getHost().toast(messageText('bindSuccess', lang), TOAST_MS);
    void navigate(ROUTES.bankCards, { replace: true });
  }

  return (
    <Form
      layout="vertical"
      onFinish={() => void submit()}
      footer={<SubmitFooter error={error} loading={isLoading} label={t('card.submit')} testId="card-submit" />}
    >
      <Form.Item>
        <BankPicker label={t('card.bank')} placeholder={t('card.bankSearch')} selected={bank} onSelect={chooseBank} testId="card-bank" />
      </Form.Item>
      <Form.Item>
        {bank ? (
          <BranchPicker
            key={bank.code}
            bankCode={bank.code}
            label={t('card.branch')}
            placeholder={t('card.branchSearch')}
            selected={branch}
            onSelect={setBranch}
            testId="card-branch"
          />
        ) : (
          <p className={styles.muted}>{t('card.bankFirst')}</p>
        )}
      </Form.Item>
      <Form.Item label={t('card.holder')} description={nameKana ? t('card.holderHint', { kana: nameKana }) : t('card.holderHintNoReading')}>
        <Input value={holderName} onChange={setHolderName} aria-label={t('card.holder')} placeholder="ヤマダ タロウ" data-testid="card-holder" />
      </Form.Item>
      <Form.Item label={t('card.accountNumber')}>
        <Input
          value={accountNumber}
          onChange={setAccountNumber}
          inputMode="numeric"
          maxLength={7}
          aria-label={t('card.accountNumber')}
          placeholder="1234567"
          data-testid="card-number"
        />
      </Form.Item>
      <Form.Item label={t('card.accountType')}>
        <Selector
          columns={2}
          value={[accountType]}
          onChange={(values) => values[0] && setAccountType(values[0])}
          options={BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accountType.${type}`) }))}
          data-testid="card-type"
        />
      </Form.Item>
    </Form>
  );
}

export default function AddBankCardPage() {
  const { t } = useFundsText();
  const navigate = useNavigate();
  const query = useGetRealNameStatusQuery();
  if (!isLoaded(query)) return <QueryState query={query} page />;
  const status = query.data;
  return (
    <div className={styles.page} data-testid="bind-card">
      <p className={styles.intro}>{t('card.intro')}</p>
      {status.state !== 'verified' ? (
        <section className={styles.card} data-testid="card-needs-kyc">
          <p className={styles.intro}>{t('card.needVerified')}</p>
          <Button color="primary" onClick={() => navigate(ROUTES.identityVerification)}>
            {t('out.verify')}
          </Button>
        </section>
      ) : (
        <CardForm nameKana={status.nameKana ?? ''} />
      )}
    </div>
  );
}
