// Start-up after the federation boundary, cut into one task per step (no
// long task on a phone). Evaluating the libraries is most of the work, so each big one is
// evaluated in its own task, in the order the next steps need them; `webpackMode: "eager"`
// keeps them in the chunks index.html already preloads (no extra request), only their
// evaluation waits. Only shared modules (never tree-shaken anyway) and our own code are
// imported this way: a namespace import of a library keeps all of it.
// Between steps the browser may paint and answer input.
import './styles/global.css';

/** Ends the current task; the next step runs in a new one. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-redux');
  await nextTask();
  // The SDK's subpaths the remotes import, each in its own task ahead of the SDK's index (which
  // re-exports the same modules, so they are evaluated once). Imported here, the shell also
  // provides them: a remote then takes the shell's copy from the share scope instead of
  // downloading and evaluating its own fallback (mf-market's format and constants on home,
  // mf-trade's message catalogue on the trade tab).
  await import(/* webpackMode: "eager" */ '@kabuto/shared-sdk/constants');
  await import(/* webpackMode: "eager" */ '@kabuto/shared-sdk/routes');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@kabuto/shared-sdk/format');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@kabuto/shared-sdk/messages');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@kabuto/shared-sdk');
  await nextTask();
  const shell = await import(/* webpackMode: "eager" */ './start');
  await nextTask();
  const store = shell.setUpStore();
  await nextTask();
  const texts = shell.setUpLanguage(store);
  await nextTask();
  const remoteLoader = shell.setUpRemotes(store);
  await nextTask();
  const router = shell.setUpRouter(store, remoteLoader);
  // The language's texts, asked for at setUpLanguage. If they cannot be had (offline), the frame
  // renders anyway, its texts by their keys, and the remote areas show their retry.
  await texts.catch(() => undefined);
  await nextTask();
  shell.renderApp(store, router, remoteLoader);
}

// `void`: a failed start stays an unhandled rejection, which the browser reports.
void start();
