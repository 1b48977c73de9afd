// Deposit channel (ROUTES.depositChannel?channel=<id>): where to transfer to, the
// amount within the channel's limits, the transfer receipt (required, spec §5), then the
// deposit request. Nothing is credited until it is approved; demo mode says when it
// will be approved automatically.
import { Button, Form, Input, Result } from 'antd-mobile';
import { useState } from 'react';
import {
  ImageUploadField,
  routeTo,
  MSG,
  depositMaxMessage,
  depositMinMessage,
  errorMessage,
  groupThousands,
  translateMessage,
  formatDateTime,
  formatMoneyText,
  QueryState,
  isLoaded,
} from '@kabuto/shared-sdk';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  CURRENCIES,
  depositFormSchema,
  firstErrorKey,
  parseAmountToMinor,
  type DepositChannel,
  type DepositInfo,
  type DepositRecord,
} from '@kabuto/shared-sdk/schemas';
import { useDepositMutation, useGetDepositInfoQuery } from '../../api/funds';
import { SubmitFooter, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { useFundsText } from '../../common/texts';
import { CustomerServiceEntry, DepositRules } from '../../common/DepositRules';
import { kit as styles } from '@kabuto/shared-sdk/ui';

function grouped(amount: string): string {
  const [int = '', frac] = amount.split('.');
  return frac ? `${groupThousands(int)}.${frac}` : groupThousands(int);
}

/** The refusal of an amount outside the channel's limits, naming the bound (the server checks the same). */
function boundRefusal(minor: bigint, channel: DepositChannel): string | null {
  if (minor < BigInt(channel.min.minor)) return depositMinMessage(grouped(channel.min.amount), channel.currency);
  if (minor > BigInt(channel.max.minor)) return depositMaxMessage(grouped(channel.max.amount), channel.currency);
  return null;
}

function Payee({ channel }: { channel: DepositChannel }) {
  const { t, lang } = useFundsText();
  const { payee } = channel;
  // The transfer needs the Japanese names; readers of en, hi and id also get them romanised.
  const roma = lang === 'tw' || lang === 'jp' ? null : payee.roma;
  const named = (japanese: string, romanised: string | undefined) => (romanised ? `${japanese} · ${romanised}` : japanese);
  const rows: [string, string][] = [
    [t('payee.bank'), named(payee.bankName, roma?.bankName)],
    [t('payee.branch'), named(payee.branchName, roma?.branchName)],
    [t('payee.accountType'), t(payee.accountType === 'current' ? 'accountType.current' : 'accountType.ordinary')],
    [t('payee.accountNumber'), payee.accountNumber],
    [t('payee.holder'), named(payee.holderName, roma?.holderName)],
  ];
  return (
    <section className={styles.card} data-testid="payee">
      <p className={styles.label}>{t('payee.title')}</p>
      <p className={styles.muted} data-testid="payee-fictitious">
        {t('payee.fictitious')}
      </p>
      {rows.map(([label, value]) => (
        <div className={styles.row} key={label}>
          <span className={styles.muted}>{label}</span>
          <span className={styles.value}>{value}</span>
        </div>
      ))}
    </section>
  );
}

function Submitted({ record, onAnother }: { record: DepositRecord; onAnother(): void }) {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid="deposit-submitted">
      <Result
        status="waiting"
        title={t('deposit.submitted', { id: record.id, amount: formatMoneyText(record.amount) })}
        description={t(`depositState.${record.state}`)}
      />
      <p className={styles.note}>{t('deposit.creditedOnApproval')}</p>
      {record.autoApproveAt && (
        <p className={styles.note} data-testid="deposit-auto-approve">
          {t('deposit.autoApproveAt', { time: formatDateTime(record.autoApproveAt, lang) })}
        </p>
      )}
      <Button block color="primary" onClick={() => navigate(routeTo('fundRecords', { tab: 'deposit' }))}>
        {t('nav.records')}
      </Button>
      <Button block onClick={onAnother}>
        {t('deposit.another')}
      </Button>
    </div>
  );
}

function DepositForm({ info, channel }: { info: DepositInfo; channel: DepositChannel }) {
  const { t, lang } = useFundsText();
  const [deposit, { isLoading }] = useDepositMutation();
  const keys = useSubmissionKeys();
  const [amount, setAmount] = useState('');
  const [proofKey, setProofKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [record, setRecord] = useState<DepositRecord | null>(null);

  async function submit() {
    // Fields in the order they appear: the amount (its form, then the channel's bounds,
    // named with amount and unit), then the receipt.
    const parsed = parseAmountToMinor(amount, CURRENCIES[channel.currency].decimals);
    if (!parsed.ok) {
      setError(translateMessage(parsed.error, lang));
      return;
    }
    const bound = boundRefusal(parsed.minor, channel);
    if (bound) {
      setError(translateMessage(bound, lang));
      return;
    }
    const form = {
      channelId: channel.id,
      amount: amount.trim(),
      proofKey,
      idempotencyKey: keys.keyFor({ channelId: channel.id, amount: amount.trim(), proofKey }),
    };
    const checked = depositFormSchema.safeParse(form);
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    const answer = await deposit(checked.data);
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || null);
      return;
    }
    keys.settle();
    setRecord(answer.data);
  }

  if (record) {
    return (
      <Submitted
        record={record}
        onAnother={() => {
          setRecord(null);
          setAmount('');
        }}
      />
    );
  }
  return (
    <div className={styles.page} data-testid="capital-channel">
      <DepositRules info={info} />
      <Payee channel={channel} />
      <Form
        layout="vertical"
        onFinish={() => void submit()}
        footer={<SubmitFooter error={error} loading={isLoading} label={t('deposit.submit')} testId="deposit-submit" />}
      >
        <Form.Item
          label={t('deposit.amount', { currency: channel.currency })}
          description={t('deposit.limits', { min: formatMoneyText(channel.min), max: formatMoneyText(channel.max) })}
        >
          <Input
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            placeholder={channel.min.amount}
            aria-label={t('deposit.amount', { currency: channel.currency })}
            data-testid="deposit-amount"
          />
        </Form.Item>
        <Form.Item label={t('deposit.proof')} description={t('deposit.proofHint')}>
          <ImageUploadField
            testId="deposit-proof"
            purpose="deposit-proof"
            value={proofKey}
            onChange={(key) => {
              setProofKey(key);
              setError(null);
            }}
          />
        </Form.Item>
      </Form>
      <CustomerServiceEntry info={info} />
    </div>
  );
}

export default function DepositChannelPage() {
  const { lang } = useFundsText();
  const [params] = useSearchParams();
  const query = useGetDepositInfoQuery();
  if (!isLoaded(query)) return <QueryState query={query} page />;
  const info = query.data;
  const wanted = params.get('channel');
  const channel = info.channels.find((c) => c.id === wanted) ?? info.channels[0];
  if (!channel) return <p className={styles.page}>{translateMessage(MSG.depositChannelNotFound, lang)}</p>;
  return <DepositForm key={channel.id} info={info} channel={channel} />;
}
