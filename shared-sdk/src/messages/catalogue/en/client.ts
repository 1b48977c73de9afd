// The client messages in English, by name (the names and the catalogue keys: ../client.ts).
import type { clientMessages } from '../client';
import type { MessageTexts } from '../types';

export const clientMessagesEn: MessageTexts<typeof clientMessages> = {
  imageUploading: 'image uploading',
  /** Prefix of the upload failure toast; the HTTP status code is appended. */
  networkErrorCode: 'network error code=',
  loadingChunkFailed: 'Loading chunk failed',
  listLoading: 'Loading...',
  listNoMore: 'No more',
  listLoadFailed: 'Load failed',
};
