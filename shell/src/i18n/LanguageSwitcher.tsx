// The five languages of the switcher, each named in its own language (spec §1).
import { useId } from 'react';
import { HTML_LANG, LANG_NAMES, SWITCHER_LANGS, isLang, useChangeLanguage } from '@kabuto/shared-sdk';
import { useShellTexts } from './i18n';
import styles from './language-switcher.module.css';

export function LanguageSwitcher() {
  const { t, lang } = useShellTexts();
  const id = useId();
  const changeLanguage = useChangeLanguage();
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className={styles.label}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={lang}
        onChange={(event) => {
          if (isLang(event.target.value)) void changeLanguage(event.target.value);
        }}
        data-testid="language-switcher"
      >
        {SWITCHER_LANGS.map((option) => (
          <option key={option} value={option} lang={HTML_LANG[option]}>
            {LANG_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
