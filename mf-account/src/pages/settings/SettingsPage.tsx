// Settings (ROUTES.settings): language (the five of the switcher), the up/down colours,
// login and fund passwords, passkeys, the agreement, sign out.
import { Button, CheckList, List } from 'antd-mobile';
import {
  ROUTES,
  HTML_LANG,
  LANG_NAMES,
  PRICE_COLOURS,
  SWITCHER_LANGS,
  isLang,
  isPriceColours,
  priceColoursChanged,
  selectPriceColours,
  useAppDispatch,
  useAppSelector,
  useChangeLanguage,
  useGetUserInfoQuery,
} from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { useAccountText } from '../../common/texts';
import { useSignOut } from '../../common/use-sign-out';
import { PasskeysSection } from './PasskeysSection';
import { kit as common } from '@kabuto/shared-sdk/ui';

export default function SettingsPage() {
  const { t } = useAccountText();
  const navigate = useNavigate();
  const lang = useAppSelector((state) => state.session.lang);
  const changeLanguage = useChangeLanguage();
  const dispatch = useAppDispatch();
  const priceColours = useAppSelector(selectPriceColours);
  const signOut = useSignOut();
  const { data: user } = useGetUserInfoQuery();

  return (
    <div className={common.page} data-testid="settings-page">
      <List header={t('setting.language')}>
        <CheckList
          value={[lang]}
          onChange={(values) => {
            const chosen = values[0];
            if (isLang(chosen)) void changeLanguage(chosen);
          }}
          data-testid="language-list"
        >
          {SWITCHER_LANGS.map((option) => (
            <CheckList.Item key={option} value={option}>
              <span lang={HTML_LANG[option]}>{LANG_NAMES[option]}</span>
            </CheckList.Item>
          ))}
        </CheckList>
      </List>

      <List header={t('setting.priceColours')}>
        <CheckList
          value={[priceColours]}
          onChange={(values) => {
            const chosen = values[0];
            if (isPriceColours(chosen)) dispatch(priceColoursChanged(chosen));
          }}
          data-testid="price-colours-list"
        >
          {PRICE_COLOURS.map((option) => (
            <CheckList.Item key={option} value={option} data-testid={`price-colours-${option}`}>
              {t(`setting.priceColours.${option}`)}
            </CheckList.Item>
          ))}
        </CheckList>
      </List>

      {!user?.supportOnly && (
        <List header={t('setting.security')}>
          <List.Item onClick={() => void navigate(ROUTES.loginPassword)}>{t('setting.loginPassword')}</List.Item>
          <List.Item
            onClick={() => void navigate(ROUTES.fundPassword)}
            extra={user ? (user.hasFundPassword ? t('setting.fundPasswordSet') : t('setting.fundPasswordNotSet')) : undefined}
          >
            {t('setting.fundPassword')}
          </List.Item>
        </List>
      )}

      {!user?.supportOnly && <PasskeysSection />}

      <List header={t('setting.about')}>
        <List.Item onClick={() => void navigate(ROUTES.agreement)}>{t('setting.agreement')}</List.Item>
      </List>

      <Button block color="danger" fill="outline" onClick={() => void signOut()} data-testid="sign-out">
        {t('common.signOut')}
      </Button>
    </div>
  );
}
