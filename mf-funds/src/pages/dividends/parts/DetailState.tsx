// A detail page opened without a usable id in its hash query says so (and links back to its
// list) instead of asking the server for nothing.
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useFundsText } from '../../../common/texts';

export function MissingRecord({ back }: { back: string }) {
  const { t } = useFundsText();
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid="dividend-missing">
      <p className={styles.error}>{t('div.notFound')}</p>
      <Button block fill="outline" onClick={() => void navigate(back)}>
        {t('nav.dividends')}
      </Button>
    </div>
  );
}
