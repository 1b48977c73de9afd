// The custom header every page uses (spec §2): back on non-tab pages, a bell for
// site messages with the unread count, a search box on home or the page title
// elsewhere, and a gear that remembers where the user was before opening the
// personal centre.
import { useState, type CSSProperties } from 'react';
import { ROUTES, selectIsLoggedIn, uiSlice, useAppDispatch, useAppSelector, useGetMessageUnreadQuery } from '@kabuto/shared-sdk';
import { useLocation, useNavigate } from 'react-router-dom';
import { BackIcon, BellIcon, GearIcon, SearchIcon } from './tab-icons';
import { HOME_PATH, type HeaderMode } from './route-chrome';
import { rememberTargetPath } from './target-path';
import { SimulatedClock } from './SimulatedClock';
import styles from './frame.module.css';
import { useShellTexts } from '../i18n/i18n';

export const MESSAGES_PATH = ROUTES.messages;
export const SEARCH_PATH = ROUTES.search;
export const MINE_PATH = ROUTES.mine;

/** How often the bell asks for the unread count while a page with the bell is open. */
export const UNREAD_POLL_MS = 60_000;

// Inline: the badge is the only new piece of the frame's look and needs no theme file.
const bellStyle: CSSProperties = { position: 'relative' };
const badgeStyle: CSSProperties = {
  position: 'absolute',
  top: 2,
  right: 0,
  minWidth: 16,
  height: 16,
  padding: '0 4px',
  borderRadius: 8,
  background: 'var(--kabuto-red)',
  color: '#fff',
  fontSize: 10,
  fontWeight: 700,
  lineHeight: '16px',
  textAlign: 'center',
  boxSizing: 'border-box',
};

/** The badge text: nothing for 0, the count up to 99, then 99+. */
export function unreadBadgeText(unread: number | undefined): string | null {
  if (!unread || unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}

interface HeaderProps {
  mode: Exclude<HeaderMode, 'hidden'>;
  isTab: boolean;
  /** Whether a page change brought this header: it then appears after the spec's delay. */
  entrance: boolean;
}

export function Header({ mode, isTab, entrance }: HeaderProps) {
  const { t } = useShellTexts();
  const navigate = useNavigate();
  const location = useLocation();
  // Decided when the header mounts: the class added later would start the animation then.
  const [appearsLate] = useState(entrance);
  const dispatch = useAppDispatch();
  const title = useAppSelector((state) => state.ui.headerTitle);
  const isHome = location.pathname === HOME_PATH;
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // Only where the bell is shown, and only with a session: the count is the user's.
  const { data: unread } = useGetMessageUnreadQuery(undefined, {
    skip: mode !== 'full' || !loggedIn,
    pollingInterval: UNREAD_POLL_MS,
  });
  const badge = loggedIn ? unreadBadgeText(unread?.unread) : null;
  // An access page opened directly (after start's redirect, or a link) has nothing behind it.
  const canGoBack = !isTab && !(mode === 'plain' && location.key === 'default');

  function goBack() {
    // A deep link has no history entry to return to; home is the sensible "back".
    if (location.key === 'default') void navigate(HOME_PATH, { replace: true });
    else void navigate(-1);
  }

  function openPersonalCentre() {
    const here = location.pathname + location.search;
    rememberTargetPath(here);
    dispatch(uiSlice.actions.setTargetPath(here));
    void navigate(MINE_PATH);
  }

  return (
    <header className={appearsLate ? `${styles.header} kabuto-header-enter` : styles.header} data-testid="app-header">
      <div className={styles.headerSide}>
        {canGoBack && (
          <button type="button" className={styles.iconButton} onClick={goBack} aria-label={t('header.back')}>
            <BackIcon />
          </button>
        )}
        {mode === 'full' && (
          <button
            type="button"
            className={styles.iconButton}
            style={bellStyle}
            onClick={() => void navigate(MESSAGES_PATH)}
            aria-label={badge ? `${t('header.messages')} (${badge})` : t('header.messages')}
            data-testid="header-bell"
          >
            <BellIcon />
            {badge && (
              <span style={badgeStyle} data-testid="unread-badge" aria-hidden="true">
                {badge}
              </span>
            )}
          </button>
        )}
      </div>
      <h1 className={isHome && mode === 'full' ? 'kabuto-visually-hidden' : styles.title} data-testid="header-title">
        {title}
      </h1>
      {isHome && mode === 'full' && (
        <button type="button" className={styles.searchBox} onClick={() => void navigate(SEARCH_PATH)} data-testid="header-search">
          <SearchIcon />
          <span>{t('header.search')}</span>
        </button>
      )}
      <div className={`${styles.headerSide} ${styles.headerSideEnd}`}>
        {mode === 'full' && (
          <button type="button" className={styles.iconButton} onClick={openPersonalCentre} aria-label={t('header.settings')}>
            <GearIcon />
          </button>
        )}
      </div>
      <SimulatedClock />
    </header>
  );
}
