// /preview-image?src=…: shows an image of this site only, so the page cannot be
// used to dress up someone else's content under Kabuto's name.
import styles from './pages.module.css';
import { useSearchParams } from 'react-router-dom';
import { useShellTexts } from '../i18n/i18n';

/** The absolute URL of `src` if it is on this page's origin, else null. */
export function sameOriginImageUrl(src: string | null, pageHref: string): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, pageHref);
    return url.origin === new URL(pageHref).origin ? url.href : null;
  } catch {
    return null;
  }
}

export function PreviewImagePage() {
  const { t } = useShellTexts();
  const [params] = useSearchParams();
  const src = params.get('src');
  const url = sameOriginImageUrl(src, window.location.href);
  if (url) {
    return (
      <div className={styles.preview}>
        <img src={url} alt={t('preview.alt')} className={styles.previewImage} />
      </div>
    );
  }
  return (
    <div className={styles.centered}>
      <p className={styles.message} role="alert">
        {t(src ? 'preview.foreign' : 'preview.missing')}
      </p>
    </div>
  );
}
