// UI pieces the SDK shares with every remote. Test helpers (test-utils/) are not
// exported here: they import jest and testing-library and are reached by path in tests.
export { PagePending, registerSdkUiTexts, SDK_UI_NAMESPACE, SDK_UI_TEXTS } from './page-pending';
export { namespaceResources, type NamespaceResources } from './namespace-resources';
export { renderStandalone } from './standalone-host';
