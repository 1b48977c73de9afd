// '@kabuto/shared-sdk': the front-end surface. The server imports only the Node-safe
// subpaths (messages, schemas, format, routes, remote, market-rules, constants), never this entry.
export * from './constants';
export * from './i18n/index';
export * from './routes/index';
export * from './remote/index';
export * from './messages/index';
export * from './format/index';
export * from './session/index';
export * from './protocol/index';
export * from './upload/index';
export * from './api/index';
export * from './identity/index';
export * from './ws/index';
// In ui/ with the other shared UI pieces, but exported here: it needs the store's hooks,
// which the light '/ui' entry must not pull into page chunks.
export { applyLanguage, useChangeLanguage } from './ui/language';
export { PageState, QueryState, isLoaded, type PageStateProps, type PageStatus, type QueryLike, type QueryStateProps } from './ui/page-state';
export { TabBar, type TabBarItem, type TabBarProps } from './ui/tab-bar';
export { ImageUploadField, type ImageUploadFieldProps } from './ui/image-upload-field';
export { AreaErrorBoundary, type AreaErrorBoundaryProps } from './ui/area-error-boundary';
export { RemoteWidget, type RemoteWidgetProps } from './ui/remote-widget';
export * from './state/index';
