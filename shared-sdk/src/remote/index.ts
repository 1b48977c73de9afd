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
export {
  WIDGETS,
  orderTicketFormKey,
  type DailySignInProps,
  type OrderTicketProps,
  type RemoteWidgetModule,
  type WidgetName,
  type WidgetProps,
} from './widgets';
export {
  BUSINESS_CLOCK_CALL,
  FRAME_FIRST_CALLS,
  FIRST_CALLS_GLOBAL,
  FIRST_CALLS_MAX,
  FIRST_CALL_LANGS,
  FIRST_CALL_MAX_AGE_MS,
  FIRST_CALL_PARAMS_MAX,
  firstCallKey,
  type EarlyAnswer,
  type FirstCall,
  type FirstCallParam,
  type FirstCallsByRoute,
} from './first-calls';
