// Shows another remote's widget (remote/widgets.ts) inside this page. The shell loads it
// (HostPort.loadWidget); while it loads the area is empty, and if the remote is down,
// incompatible or the widget throws, only this area shows the translated load-failed
// state with retry: the rest of the page keeps working.
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { getHost } from '../protocol/host';
import { WIDGETS, type WidgetName, type WidgetProps } from '../remote/widgets';
import { AreaErrorBoundary } from './area-error-boundary';
import { PageState } from './page-state';

type WidgetState<P> = { kind: 'loading' } | { kind: 'ready'; Component: ComponentType<P> } | { kind: 'failed' };
/** The outcome of one load: which widget, which attempt. */
type Outcome<P> = { widget: WidgetName; attempt: number; state: WidgetState<P> };

export interface RemoteWidgetProps<W extends WidgetName> {
  widget: W;
  props: WidgetProps[W];
}

export function RemoteWidget<W extends WidgetName>({ widget, props }: RemoteWidgetProps<W>) {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<WidgetProps[W]> | null>(null);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const { remote, expose } = WIDGETS[widget];
    const load = getHost().loadWidget;
    let current = true;
    // Without a shell (a remote's standalone dev host, tests) there is nothing to load from.
    (load ? load(remote, expose) : Promise.reject(new Error('no shell to load widgets'))).then(
      (module) => current && setOutcome({ widget, attempt, state: { kind: 'ready', Component: module.Component as ComponentType<WidgetProps[W]> } }),
      () => current && setOutcome({ widget, attempt, state: { kind: 'failed' } }),
    );
    return () => {
      current = false;
    };
  }, [widget, attempt]);
  // Until this widget's current attempt has an outcome, it is loading.
  const state: WidgetState<WidgetProps[W]> = outcome?.widget === widget && outcome.attempt === attempt ? outcome.state : { kind: 'loading' };

  const fallback = <PageState status="failed" onRetry={retry} testId={`widget-fallback-${widget}`} />;
  let content: ReactNode = null;
  if (state.kind === 'failed') content = fallback;
  else if (state.kind === 'ready') {
    const Widget = state.Component;
    content = (
      <AreaErrorBoundary key={attempt} area={`widget ${widget}`} fallback={fallback}>
        <Widget {...props} />
      </AreaErrorBoundary>
    );
  }
  return (
    <div data-testid={`widget-${widget}`} data-state={state.kind}>
      {content}
    </div>
  );
}
