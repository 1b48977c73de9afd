// Node-safe entry '@kabuto/shared-sdk/messages': no React or Redux here.
export {
  CATALOGUE,
  MESSAGE_ALIASES,
  MESSAGE_GROUPS,
  MSG,
  lookupMessage,
  type MessageGroup,
  type MessageKey,
  type MessageName,
  type MessageTranslation,
} from './catalogue';
export {
  depositMaxMessage,
  depositMinMessage,
  depositWindowMessage,
  notSellableMessage,
  parseSpecialMessage,
  renderSpecialMessage,
  withdrawBlockedPositionsMessage,
  withdrawHeldMessage,
  withdrawMaxMessage,
  withdrawMinMessage,
  withdrawWindowMessage,
  type SpecialMessage,
  type WithdrawHold,
} from './special';
export { catalogueLang, containsChinese, messageText, translateMessage } from './translate';
