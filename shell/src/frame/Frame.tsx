// The frame around every page (spec §2): header, the routed page with its
// entrance motion, and the bottom menu on the five tab pages only.
import { useEffect, useState, type ReactElement } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { SIGNED_IN_PAGES, isUnauthorizedRedirectPending, logonPath, selectIsLoggedIn, uiSlice, useAppDispatch, useAppSelector } from '@kabuto/shared-sdk';
import { closeImperativeDialogs } from '@kabuto/shared-sdk/ui';
import { tablePathOf } from '../app/table-route';
import { BottomMenu } from './BottomMenu';
import { Header } from './Header';
import { chromeFor } from './route-chrome';
import styles from './frame.module.css';
import { useShellTexts } from '../i18n/i18n';

/**
 * The route's page. An address that names it in another case or with a trailing slash moves to
 * the table's own spelling first, so the chrome, the tab mark and index.html's boot data (all
 * keyed by that spelling) agree with the page shown. A visitor on a page of the customer's own
 * data (SIGNED_IN_PAGES) goes to logon as its first answer would send them, before its code loads.
 */
function pageFor(tablePath: string | null, pathname: string, search: string, loggedIn: boolean): ReactElement {
  // An unknown address: the catch-all route sends it to the start.
  if (tablePath === null) return <Outlet />;
  if (tablePath !== pathname) return <Navigate to={tablePath + search} replace />;
  // Not when a session has just ended on the page: the unauthorised answer's own redirect (v=1) is on its way.
  if (!loggedIn && SIGNED_IN_PAGES.includes(tablePath) && !isUnauthorizedRedirectPending()) return <Navigate to={logonPath(2)} replace />;
  return <Outlet />;
}

/** The route table's routes render inside it (shell/src/app/routes.tsx). */
export function Frame() {
  const { pathname, search, key: locationKey } = useLocation();
  const tablePath = tablePathOf(useMatches());
  const chrome = chromeFor(pathname);
  const dispatch = useAppDispatch();
  const { t } = useShellTexts();
  const headerVisible = useAppSelector((state) => state.ui.headerVisible);
  const bottomMenuVisible = useAppSelector((state) => state.ui.bottomMenuVisible);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // The entrance motion is for page changes (spec §2). The page the app opens on was already
  // painted by index.html's static frame: animating it in would hide the header for 400 ms and
  // fade the page from nothing, and its frames are drawn while the app is still starting.
  const [openedOn] = useState(pathname);
  const [changedPage, setChangedPage] = useState(false);
  // Remembered from the first change on, so coming back to the first page animates too.
  if (!changedPage && pathname !== openedOn) setChangedPage(true);
  const entrance = changedPage || pathname !== openedOn;

  // The route decides the chrome. Remote pages set their own title (RemoteArea), so
  // the title is only written here for shell pages.
  useEffect(() => {
    dispatch(uiSlice.actions.setBottomMenuVisible(chrome.tab !== null));
    if (chrome.shellTitleKey) {
      dispatch(uiSlice.actions.setHeader({ visible: chrome.header !== 'hidden', title: t(chrome.shellTitleKey) }));
    } else {
      dispatch(uiSlice.actions.setHeader({ visible: chrome.header !== 'hidden' }));
    }
  }, [dispatch, chrome.tab, chrome.header, chrome.shellTitleKey, t]);

  // A dialog belongs to its page: every navigation (Back included) closes the open ones,
  // whichever package's antd-mobile opened them.
  useEffect(() => {
    closeImperativeDialogs();
  }, [locationKey]);

  const showHeader = headerVisible && chrome.header !== 'hidden';
  const showMenu = bottomMenuVisible && chrome.tab !== null;
  return (
    <div className={styles.app}>
      {showHeader && chrome.header !== 'hidden' && <Header mode={chrome.header} isTab={chrome.tab !== null} entrance={entrance} />}
      <main className={styles.main} data-with-header={showHeader ? 'true' : 'false'} data-with-menu={showMenu ? 'true' : 'false'}>
        {/* Keyed by path: every page change replays the entrance animation. */}
        <div key={pathname} className={entrance ? `${styles.page} kabuto-page-enter` : styles.page}>
          {pageFor(tablePath, pathname, search, loggedIn)}
        </div>
      </main>
      {showMenu && <BottomMenu activePath={pathname} />}
    </div>
  );
}
