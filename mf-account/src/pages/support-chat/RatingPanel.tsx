// Once support has resolved the conversation: 1–5 stars and an optional comment
// (support/rate, once per resolution), or the rating already given.
import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { MSG, errorMessage, translateMessage } from '@kabuto/shared-sdk';
import { SUPPORT_COMMENT_MAX, firstErrorKey, supportRateFormSchema, type SupportConversationView } from '@kabuto/shared-sdk/schemas';
import { Refusal, kit } from '@kabuto/shared-sdk/ui';
import { useRateSupportMutation } from '../../api/support';
import { useAccountText } from '../../common/texts';
import styles from './support-chat.module.css';

const STARS = [1, 2, 3, 4, 5] as const;

export function RatingPanel({ conversation }: { conversation: SupportConversationView }) {
  const { t, lang } = useAccountText();
  const [rate, { isLoading }] = useRateSupportMutation();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (conversation.rating && !conversation.canRate) {
    return (
      <p className={`${kit.note} ${styles.rating}`} data-testid="chat-rated">
        {t('sc.rate.done', { stars: conversation.rating.stars })}
      </p>
    );
  }
  if (!conversation.canRate) return null;

  async function submit() {
    const checked = supportRateFormSchema.safeParse({ stars, comment });
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    const answer = await rate(checked.data);
    if ('error' in answer && answer.error) setError(errorMessage(answer.error) || translateMessage(MSG.systemBusy, lang));
  }

  return (
    <section className={`${kit.card} ${styles.rating}`} data-testid="chat-rating">
      <p className={kit.label}>{t('sc.rate.title')}</p>
      {/* Plain buttons: one tap (or key) per star, each named for screen readers. */}
      <div className={styles.stars} role="radiogroup" aria-label={t('sc.rate.title')}>
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={stars === n}
            aria-label={t('sc.rate.stars', { count: n })}
            className={n <= stars ? styles.starOn : styles.star}
            onClick={() => {
              setStars(n);
              setError(null);
            }}
            data-testid={`chat-star-${n}`}
          >
            ★
          </button>
        ))}
      </div>
      <TextArea
        value={comment}
        onChange={setComment}
        placeholder={t('sc.rate.comment')}
        maxLength={SUPPORT_COMMENT_MAX}
        autoSize={{ minRows: 1, maxRows: 3 }}
      />
      <Refusal text={error} testId="chat-rating-error" />
      <Button size="small" color="primary" loading={isLoading} onClick={() => void submit()} data-testid="chat-rate">
        {t('sc.rate.submit')}
      </Button>
    </section>
  );
}
