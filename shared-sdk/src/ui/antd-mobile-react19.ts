// antd-mobile 5 renders its imperative UI (Toast, Dialog.confirm, ...) with
// ReactDOM.render, which React 19 removed; its documented bridge is unstableSetRender.
// antd-mobile is not a federation singleton (a shared module cannot be tree-shaken, and
// the whole kit is 171 KiB gzip on the first load; docs/development.md), so every
// package carries its own copy of the components it uses and bridges that copy once,
// at the top of its entry module: the shell in bootstrap, a remote in its ./routes.
import type { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type SetRender = typeof unstableSetRender;

/** Makes one antd-mobile copy render its imperative UI through React 19 roots. */
export function bridgeAntdMobileToReact19(setRender: SetRender): void {
  const roots = new WeakMap<Element | DocumentFragment, Root>();
  setRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      // Let the closing animation's last frame commit before the root goes.
      await new Promise((resolve) => setTimeout(resolve, 0));
      roots.get(container)?.unmount();
      roots.delete(container);
    };
  });
}
