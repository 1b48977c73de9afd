// Deposit through support (support/depositRequest): the channel transferred to, the amount and
// the transfer receipt (purpose deposit-proof), checked with the shared deposit form; the server
// makes the funds deposit request itself and adds a deposit-request message to the chat, whose
// state then follows the `deposit` live event. Refusals (window, bounds, proof) show translated
// above the button.
import { Form, Input, Popup, Selector } from 'antd-mobile';
import { useState } from 'react';
import { ImageUploadField, MSG, errorMessage, formatMoneyText, translateMessage } from '@kabuto/shared-sdk';
import { supportDepositRequestFormSchema, type DepositChannel, type SupportDepositRequestResult } from '@kabuto/shared-sdk/schemas';
import { PageState } from '@kabuto/shared-sdk';
import { Refusal, SubmitFooter, kit } from '@kabuto/shared-sdk/ui';
import { useGetSupportDepositChannelsQuery, useRequestSupportDepositMutation } from '../../api/support';
import { useAccountText } from '../../common/texts';
import styles from './support-chat.module.css';
import { useChatRequest } from './use-chat-request';

function channelName(channel: DepositChannel, lang: string): string {
  return lang === 'tw' ? channel.names.tw : lang === 'jp' ? channel.names.jp : channel.names.en;
}

function DepositForm({ channels, onDone }: { channels: DepositChannel[]; onDone(result: SupportDepositRequestResult): void }) {
  const { t, lang } = useAccountText();
  const [request, { isLoading }] = useRequestSupportDepositMutation();
  const { error, setError, submit: send } = useChatRequest(supportDepositRequestFormSchema, request, onDone);
  const [channelId, setChannelId] = useState(channels[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [proofKey, setProofKey] = useState('');
  const channel = channels.find((c) => c.id === channelId);

  const submit = () => send({ channelId, amount: amount.trim(), proofKey });

  return (
    <Form
      layout="vertical"
      onFinish={() => void submit()}
      footer={<SubmitFooter error={error} loading={isLoading} label={t('sc.deposit.submit')} testId="chat-deposit-submit" />}
    >
      <Form.Item label={t('sc.deposit.channel')}>
        <Selector
          columns={1}
          value={[channelId]}
          onChange={(value) => {
            if (value[0]) setChannelId(value[0]);
            setError(null);
          }}
          options={channels.map((c) => ({ label: channelName(c, lang), value: c.id }))}
          data-testid="chat-deposit-channel"
        />
      </Form.Item>
      {channel && (
        <Form.Item
          label={t('sc.deposit.amount', { currency: channel.currency })}
          description={t('sc.deposit.limits', { min: formatMoneyText(channel.min), max: formatMoneyText(channel.max) })}
        >
          <Input
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(null);
            }}
            inputMode="decimal"
            placeholder={channel.min.amount}
            aria-label={t('sc.deposit.amount', { currency: channel.currency })}
            data-testid="chat-deposit-amount"
          />
        </Form.Item>
      )}
      <Form.Item label={t('sc.deposit.proof')}>
        <ImageUploadField
          testId="chat-deposit-proof"
          purpose="deposit-proof"
          value={proofKey}
          onChange={(key) => {
            setProofKey(key);
            setError(null);
          }}
        />
      </Form.Item>
    </Form>
  );
}

function DepositSheetBody({ onDone }: { onDone(result: SupportDepositRequestResult): void }) {
  const { t, lang } = useAccountText();
  const query = useGetSupportDepositChannelsQuery();
  return (
    <div className={styles.sheet} data-testid="chat-deposit-sheet">
      <p className={kit.intro}>{t('sc.deposit.intro')}</p>
      {query.isLoading ? (
        <PageState status="loading" />
      ) : query.error ? (
        <Refusal text={errorMessage(query.error) || translateMessage(MSG.systemBusy, lang)} testId="chat-deposit-unavailable" />
      ) : query.data ? (
        <DepositForm channels={query.data.channels} onDone={onDone} />
      ) : null}
    </div>
  );
}

export interface DepositRequestSheetProps {
  visible: boolean;
  onClose(): void;
  onDone(result: SupportDepositRequestResult): void;
}

export function DepositRequestSheet({ visible, onClose, onDone }: DepositRequestSheetProps) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      {visible && <DepositSheetBody onDone={onDone} />}
    </Popup>
  );
}
