// Loan repayment through support (support/repayRequest): the amount and the fund password; the
// server repays with credit's own repayment (from cash, interest first, with postings) and adds a
// loan-repayment message with what it left owed. Refusals (no loan, more than owed, cash short,
// fund password) show translated above the button; the loan page (mf-funds) shows the details.
import { Form, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { supportRepayRequestFormSchema, type SupportRepayRequestResult } from '@kabuto/shared-sdk/schemas';
import { SubmitFooter, kit } from '@kabuto/shared-sdk/ui';
import { FundPasswordConfirm } from '@kabuto/shared-sdk/ui/forms';
import { useRequestSupportRepaymentMutation } from '../../api/support';
import { useAccountText } from '../../common/texts';
import styles from './support-chat.module.css';
import { useChatRequest } from './use-chat-request';

function RepayForm({ onDone }: { onDone(result: SupportRepayRequestResult): void }) {
  const { t } = useAccountText();
  const [request, { isLoading }] = useRequestSupportRepaymentMutation();
  const { error, setError, submit: send } = useChatRequest(supportRepayRequestFormSchema, request, onDone);
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');

  const submit = () => send({ amount: amount.trim() }, { fundPassword });

  return (
    <Form
      layout="vertical"
      onFinish={() => void submit()}
      footer={<SubmitFooter error={error} loading={isLoading} label={t('sc.repay.submit')} testId="chat-repay-submit" />}
    >
      <Form.Item label={t('sc.repay.amount')}>
        <Input
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setError(null);
          }}
          inputMode="numeric"
          aria-label={t('sc.repay.amount')}
          data-testid="chat-repay-amount"
        />
      </Form.Item>
      <FundPasswordConfirm
        value={fundPassword}
        onChange={(value) => {
          setFundPassword(value);
          setError(null);
        }}
        testId="chat-repay"
      />
    </Form>
  );
}

export interface RepayRequestSheetProps {
  visible: boolean;
  onClose(): void;
  onDone(result: SupportRepayRequestResult): void;
}

export function RepayRequestSheet({ visible, onClose, onDone }: RepayRequestSheetProps) {
  const { t } = useAccountText();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      {visible && (
        <div className={styles.sheet} data-testid="chat-repay-sheet">
          <p className={kit.intro}>{t('sc.repay.intro')}</p>
          <RepayForm onDone={onDone} />
        </div>
      )}
    </Popup>
  );
}
