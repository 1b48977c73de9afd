// Texts the client shows on its own (spec §8 upload and page-loading texts, list states).
// They live in the catalogue so one `translateMessage` covers every text.
import type { MessageGroup } from './types';

export const clientMessages = {
  imageUploading: { tw: '圖片上傳中', jp: '画像をアップロード中', en: 'image uploading' },
  /** Prefix of the upload failure toast; the HTTP status code is appended. */
  networkErrorCode: { tw: '網路錯誤，狀態碼：', jp: 'ネットワークエラー、ステータスコード：', en: 'network error code=' },
  loadingChunkFailed: { tw: '頁面載入失敗', jp: 'ページの読み込みに失敗しました', en: 'Loading chunk failed' },
  listLoading: { tw: '載入中...', jp: '読み込み中...', en: 'Loading...' },
  listNoMore: { tw: '沒有更多了', jp: 'これ以上ありません', en: 'No more' },
  listLoadFailed: { tw: '載入失敗', jp: '読み込みに失敗しました', en: 'Load failed' },
} as const satisfies MessageGroup;
