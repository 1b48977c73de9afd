// What the frame shows around each route (spec §2): the header's mode, the page
// title of shell-owned pages, and whether the bottom menu belongs there.
import { ROUTES, ROUTE_OWNERS, TABS, routeNamesOwnedBy, type RouteNameOf, type TabKey } from '@kabuto/shared-sdk';
import type { ShellTextKey } from '../i18n/shell-texts';

/**
 * hidden: splash-like pages (start, loading).
 * plain: access and system pages: back button and title only; bell and gear would
 *   lead to pages that need a session.
 * full: the product's pages: bell, search box (home) or title, gear.
 */
export type HeaderMode = 'hidden' | 'plain' | 'full';

export interface RouteChrome {
  header: HeaderMode;
  /** The bottom-menu tab this path is, if it is one. */
  tab: TabKey | null;
  /** Title of a shell-owned page; remote pages set theirs from their titleKey. */
  shellTitleKey: ShellTextKey | null;
}

export const HOME_PATH = ROUTES.home;

const SHELL_TITLES: Readonly<Record<RouteNameOf<'shell'>, ShellTextKey>> = {
  root: 'title.start',
  start: 'title.start',
  loading: 'title.loading',
  sessionEnded: 'title.logon',
  login: 'title.login',
  register: 'title.register',
  agreement: 'title.agreement',
  previewImage: 'title.previewImage',
  chooseLocation: 'title.notOnWeb',
  openLocation: 'title.notOnWeb',
};

const SHELL_TITLE_BY_PATH = new Map<string, ShellTextKey>(routeNamesOwnedBy('shell').map((name) => [ROUTES[name], SHELL_TITLES[name]]));

const HEADERLESS = new Set<string>([ROUTES.root, ROUTES.start, ROUTES.loading]);

export function tabOf(path: string): TabKey | null {
  return TABS.find((tab) => tab.path === path)?.key ?? null;
}

export function chromeFor(path: string): RouteChrome {
  const owner = ROUTE_OWNERS[path];
  const shellTitleKey = SHELL_TITLE_BY_PATH.get(path) ?? null;
  let header: HeaderMode = 'full';
  if (HEADERLESS.has(path)) header = 'hidden';
  else if (owner === 'shell') header = 'plain';
  return { header, tab: tabOf(path), shellTitleKey };
}
