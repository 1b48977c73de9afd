// Stands in for antd-mobile's own render of its imperative UI (es/utils/render.js, which is
// rc-util's React 16-18 render: React 19 has no ReactDOM.render). Every package replaces that
// render at its entry with bridgeAntdMobileToReact19(unstableSetRender) (shared-sdk
// ui/antd-mobile-react19.ts), so the original was dead weight in each package's first load:
// rc-util's render and Babel's regenerator runtime, about 3 KiB gzip. Without the
// bridge, Toast or Dialog now fails with this message instead of failing inside rc-util.
function bridgeMissing() {
  throw new Error('antd-mobile: call bridgeAntdMobileToReact19(unstableSetRender) at the package entry before Toast, Dialog or other imperative UI');
}

export const render = bridgeMissing;
export const unmount = bridgeMissing;
