// Texts the client shows on its own (spec §8 upload and page-loading texts, list states).
// They live in the catalogue so one `translateMessage` covers every text.
import type { MessageKeys } from './types';

export const clientMessages = {
  imageUploading: '圖片上傳中',
  /** Prefix of the upload failure toast; the HTTP status code is appended. */
  networkErrorCode: '網路錯誤，狀態碼：',
  loadingChunkFailed: '頁面載入失敗',
  listLoading: '載入中...',
  listNoMore: '沒有更多了',
  listLoadFailed: '載入失敗',
} as const satisfies MessageKeys;
