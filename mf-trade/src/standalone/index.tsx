// Team dev mode only (npm run dev): dynamic imports are the async boundary federation needs before shared singletons.
// antd-mobile's global styles (its theme variables) and the SDK's UI kit (design tokens, `kb-`
// classes): in the app the shell loads them, once for every remote.
import 'antd-mobile/es/global';
void Promise.all([import('@kabuto/shared-sdk/ui/kit.css'), import('@kabuto/shared-sdk/ui'), import('../routes')]).then(([, sdk, remote]) =>
  sdk.renderStandalone(remote),
);
