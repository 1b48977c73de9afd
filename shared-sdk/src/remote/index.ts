// Node-safe entry '@kabuto/shared-sdk/remote': contract types and SDK_CONTRACT only
// (contract.ts imports React's ComponentType as a type, which is erased).
export {
  SDK_CONTRACT,
  SDK_VERSION,
  isCompatibleContract,
  isProvidedSdkNewEnough,
  type RemotePage,
  type RemoteRegistryDocument,
  type RemoteRegistryEntry,
  type RemoteRoutesModule,
} from './contract';
export { WIDGETS, type OrderTicketProps, type RemoteWidgetModule, type WidgetName, type WidgetProps } from './widgets';
