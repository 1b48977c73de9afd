// A route of the table carries the table's own spelling of its path: react-router matches an
// address in any case and with a trailing slash, and the frame moves such an address to it.
import type { UIMatch } from 'react-router-dom';

export interface TableRouteHandle {
  tablePath: string;
}

/** The table's spelling of the matched route, or null for an address the table does not know. */
export function tablePathOf(matches: readonly Pick<UIMatch, 'handle'>[]): string | null {
  const handle = matches[matches.length - 1]?.handle as Partial<TableRouteHandle> | undefined;
  return handle?.tablePath ?? null;
}
