// The part of the screen a remote owns for one route. Everything that can go wrong
// with a remote (not released, wrong contract, slow, broken chunk, render error)
// ends here as a fallback inside this area only.
import { Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import { AreaErrorBoundary, i18n, uiSlice, useAppDispatch, type RemoteName, type RemoteRoutesModule } from '@kabuto/shared-sdk';
import { DelayedPlaceholder } from './DelayedPlaceholder';
import { RemoteIncompatibleError } from './errors';
import { RemoteFallback } from './RemoteFallback';
import { useRemoteLoader } from './remote-loader-context';
import styles from './remotes.module.css';
import { useShellTexts } from '../i18n/i18n';

type AreaState = { kind: 'loading' } | { kind: 'ready'; module: RemoteRoutesModule } | { kind: 'failed' } | { kind: 'incompatible' };

interface RemoteAreaProps {
  remote: RemoteName;
  /** The route path as registered, e.g. ROUTES.market. */
  path: string;
}

export function RemoteArea({ remote, path }: RemoteAreaProps) {
  const loader = useRemoteLoader();
  const dispatch = useAppDispatch();
  const { t, lang } = useShellTexts();
  const [attempt, setAttempt] = useState(0);
  // How the load for this loader, remote and attempt ended. Until it has, the area is
  // what the loader already holds: the module, or loading.
  const [settled, setSettled] = useState<{ loader: typeof loader; remote: RemoteName; attempt: number; state: AreaState } | null>(null);
  const isSettled = settled !== null && settled.loader === loader && settled.remote === remote && settled.attempt === attempt;
  const peeked = isSettled ? null : loader.peek(remote);
  const state: AreaState = isSettled ? settled.state : peeked ? { kind: 'ready', module: peeked } : { kind: 'loading' };
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // Whether this render already shows the loaded module. Checked at render, not in the
  // effect: with a time-sliced render the load can finish between this render
  // and its effect, and the area must still leave the placeholder.
  const shownFromPeek = Boolean(peeked);

  useEffect(() => {
    if (shownFromPeek) return undefined;
    let current = true;
    // A transition: the remote page's first render is done in slices of a few milliseconds,
    // not in one long task (TBT); the placeholder stays until it commits.
    const settle = (settledState: AreaState) => {
      if (current) startTransition(() => setSettled({ loader, remote, attempt, state: settledState }));
    };
    loader.load(remote).then(
      (loadedModule) => settle({ kind: 'ready', module: loadedModule }),
      (error: unknown) => settle({ kind: error instanceof RemoteIncompatibleError ? 'incompatible' : 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [loader, remote, attempt, shownFromPeek]);

  const module = state.kind === 'ready' ? state.module : null;
  const page = module?.routes.find((route) => route.path === path) ?? null;

  // The header shows the remote page's own title, in the remote's namespace.
  useEffect(() => {
    const title = module && page ? i18n.getFixedT(lang, module.namespace)(page.titleKey) : '';
    dispatch(uiSlice.actions.setHeader({ title }));
  }, [dispatch, module, page, lang]);

  let content;
  if (state.kind === 'loading') {
    content = <DelayedPlaceholder />;
  } else if (state.kind === 'failed') {
    content = <RemoteFallback message={t('remote.failed')} onRetry={retry} />;
  } else if (state.kind === 'incompatible') {
    content = <RemoteFallback message={t('remote.incompatible')} hint={t('remote.incompatibleHint')} />;
  } else if (!page) {
    content = <RemoteFallback message={t('remote.pageMissing')} />;
  } else {
    const Page = page.Component;
    content = (
      // Keyed by attempt: Retry after a render error mounts a fresh boundary.
      <AreaErrorBoundary key={attempt} area={remote} fallback={<RemoteFallback message={t('remote.failed')} onRetry={retry} />}>
        <Suspense fallback={<DelayedPlaceholder />}>
          <Page />
        </Suspense>
      </AreaErrorBoundary>
    );
  }

  return (
    <section className={styles.area} data-testid={`remote-area-${remote}`}>
      {content}
    </section>
  );
}
