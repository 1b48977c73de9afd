// The client messages in Japanese, by name (the names and the catalogue keys: ../client.ts).
import type { clientMessages } from '../client';
import type { MessageTexts } from '../types';

export const clientMessagesJp: MessageTexts<typeof clientMessages> = {
  imageUploading: '画像をアップロード中',
  /** Prefix of the upload failure toast; the HTTP status code is appended. */
  networkErrorCode: 'ネットワークエラー、ステータスコード：',
  loadingChunkFailed: 'ページの読み込みに失敗しました',
  listLoading: '読み込み中...',
  listNoMore: 'これ以上ありません',
  listLoadFailed: '読み込みに失敗しました',
};
