// Node-safe entry '@kabuto/shared-sdk/messages': no React or Redux here. The catalogue's jp and
// en texts are fetched on demand (loadMessageTexts, or the page's loadLanguage).
export {
  MESSAGE_ALIASES,
  MESSAGE_GROUPS,
  MSG,
  messageNameOf,
  type MessageKey,
  type MessageKeys,
  type MessageName,
  type MessageTexts,
  type MessageTextsByName,
  type MessageTranslation,
} from './catalogue';
export {
  creditScoreWithdrawMessage,
  depositMaxMessage,
  depositMinMessage,
  depositWindowMessage,
  holdSourceName,
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
export { MESSAGES_NAMESPACE, catalogueLang, containsChinese, loadMessageTexts, messageText, translateMessage } from './translate';
