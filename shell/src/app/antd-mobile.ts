// antd-mobile 5 renders its static UI (Toast, Dialog, ...) with ReactDOM.render, which
// React 19 removed; its documented bridge is unstableSetRender. antd-mobile is a page
// singleton, so setting it once here serves the shell and every remote. Loaded on
// first need, never on the first paint.
import { createRoot, type Root } from 'react-dom/client';

type AntdMobile = typeof import('antd-mobile');

let loading: Promise<AntdMobile> | null = null;

function bridgeReact19Render(antd: AntdMobile): void {
  const roots = new WeakMap<Element | DocumentFragment, Root>();
  antd.unstableSetRender((node, container) => {
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

export function loadAntdMobile(): Promise<AntdMobile> {
  loading ??= import('antd-mobile').then((antd) => {
    bridgeReact19Render(antd);
    return antd;
  });
  // A failed chunk must not poison later attempts.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
