// The margin account application (trade/marginStatus, trade/marginApply): what is required
// and whether it is met, the suitability questionnaire (適合性) and the margin agreement
// (信用取引約諾書). The server decides; its refusal is shown as it says it.
import { Button, Checkbox, Selector } from 'antd-mobile';
import { useState } from 'react';
import { PageState, errorMessage, formatMoneyText } from '@kabuto/shared-sdk';
import { ASSET_BANDS, EXPERIENCE_LEVELS, INCOME_BANDS, OBJECTIVES, type MarginApplyForm } from '@kabuto/shared-sdk/schemas';
import { useGetMarginStatusQuery, useMarginApplyMutation } from '../../api/trading';
import { useTradeText } from '../../common/texts';
import type { TradeTextKey } from '../../texts/en';
import { Refusal, kit as styles } from '@kabuto/shared-sdk/ui';

type Choice<K extends keyof MarginApplyForm> = NonNullable<MarginApplyForm[K]>;

export function MarginApplication() {
  const { t } = useTradeText();
  const { data: status, isLoading, isError, refetch } = useGetMarginStatusQuery();
  const [apply, applying] = useMarginApplyMutation();
  const [experience, setExperience] = useState<Choice<'stockExperience'> | null>(null);
  const [assets, setAssets] = useState<Choice<'financialAssets'> | null>(null);
  const [income, setIncome] = useState<Choice<'annualIncome'> | null>(null);
  const [objective, setObjective] = useState<Choice<'objective'> | null>(null);
  const [risk, setRisk] = useState(false);
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (isLoading) return <PageState status="loading" />;
  if (isError || !status) return <PageState status="failed" onRetry={() => void refetch()} />;
  if (status.enabled) return <p className={styles.note}>{t('margin.enabled')}</p>;

  async function submit() {
    const answer = await apply({
      stockExperience: experience ?? '',
      financialAssets: assets ?? '',
      annualIncome: income ?? '',
      objective: objective ?? '',
      riskAcknowledged: risk,
      agree,
    } as MarginApplyForm);
    if ('error' in answer && answer.error) setError(errorMessage(answer.error) || null);
    else setError(null);
  }

  const question = <V extends string>(label: TradeTextKey, prefix: string, values: readonly V[], value: V | null, set: (v: V) => void, testId: string) => (
    <>
      <p className={styles.label}>{t(label)}</p>
      <Selector
        columns={2}
        value={value === null ? [] : [value]}
        onChange={(v) => {
          if (v[0]) set(v[0]);
          setError(null);
        }}
        options={values.map((v) => ({ value: v, label: t(`${prefix}.${v}` as TradeTextKey) }))}
        data-testid={testId}
      />
    </>
  );

  return (
    <div data-testid="margin-application">
      <p className={styles.label}>{t('margin.title')}</p>
      <p className={styles.intro}>{t('margin.intro')}</p>
      <p className={styles.label}>{t('margin.requirements')}</p>
      {status.requirements.map((req) => (
        <div className={styles.row} key={req.rule} data-testid={`margin-req-${req.rule}`} data-met={req.met ? 'true' : 'false'}>
          <span>{t(`margin.req.${req.rule}`, { amount: req.amount ? formatMoneyText(req.amount) : '' })}</span>
          <span className={req.met ? styles.positive : styles.negative}>{t(req.met ? 'margin.met' : 'margin.notMet')}</span>
        </div>
      ))}
      {question('margin.experience', 'margin.exp', EXPERIENCE_LEVELS, experience, setExperience, 'margin-experience')}
      {question('margin.assets', 'margin.assets', ASSET_BANDS, assets, setAssets, 'margin-assets')}
      {question('margin.income', 'margin.income', INCOME_BANDS, income, setIncome, 'margin-income')}
      {question('margin.objective', 'margin.obj', OBJECTIVES, objective, setObjective, 'margin-objective')}
      <Checkbox checked={risk} onChange={setRisk} style={{ display: 'flex', marginTop: 10, '--font-size': '13px' }} data-testid="margin-risk">
        {t('margin.risk')}
      </Checkbox>
      <Checkbox checked={agree} onChange={setAgree} style={{ display: 'flex', marginTop: 8, '--font-size': '13px' }} data-testid="margin-agree">
        {t('margin.agree')}
      </Checkbox>
      <Refusal text={error} testId="margin-error" style={{ marginTop: 8 }} />
      <Button block color="primary" style={{ marginTop: 10 }} loading={applying.isLoading} onClick={() => void submit()} data-testid="margin-submit">
        {t('margin.submit')}
      </Button>
    </div>
  );
}
