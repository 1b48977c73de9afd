// antd-mobile 5 renders its imperative UI (Toast, Dialog.confirm, ...) with
// ReactDOM.render, which React 19 removed; its documented bridge is unstableSetRender.
// antd-mobile is not a federation singleton (a shared module cannot be tree-shaken, and
// the whole kit is 171 KiB gzip on the first load; docs/development.md), so every
// package carries its own copy of the components it uses and bridges that copy once,
// at the top of its entry module: the shell in bootstrap, a remote in its ./routes.
import type { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type SetRender = typeof unstableSetRender;
type Container = Element | DocumentFragment;

// Every imperative root of every copy in the page (the SDK is one instance, so this one set
// sees the shell's and all remotes' dialogs): what closeImperativeDialogs reaches.
const openRoots = new Map<Container, Root>();

/** Makes one antd-mobile copy render its imperative UI through React 19 roots. */
export function bridgeAntdMobileToReact19(setRender: SetRender): void {
  setRender((node, container) => {
    let root = openRoots.get(container);
    if (!root) {
      root = createRoot(container);
      openRoots.set(container, root);
    }
    root.render(node);
    return async () => {
      // Let the closing animation's last frame commit before the root goes.
      await new Promise((resolve) => setTimeout(resolve, 0));
      openRoots.get(container)?.unmount();
      openRoots.delete(container);
    };
  });
}

// A toast is a notice, not a dialog: it may outlive the page that raised it ("saved", then Back).
const TOAST = '.adm-toast-mask';

/**
 * Closes every imperative dialog, sheet and popup (Dialog.alert, Dialog.show, Modal, ActionSheet…)
 * of every antd-mobile copy, toasts aside. A dialog belongs to its page: the shell calls this on
 * each route change, so Back never leaves a page's dialog over the next page.
 */
export function closeImperativeDialogs(): void {
  for (const [container, root] of [...openRoots]) {
    if ('querySelector' in container && container.querySelector(TOAST)) continue;
    openRoots.delete(container);
    root.unmount();
    // antd-mobile appended the container to <body>; its own close would have removed it.
    if (container instanceof Element) container.remove();
  }
}
