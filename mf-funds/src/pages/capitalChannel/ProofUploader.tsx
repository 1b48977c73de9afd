// The deposit proof (the bank transfer's receipt): one image through the SDK's upload
// flow (compressed, POST policy); reports the upload key, or '' when removed.
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useState } from 'react';
import { uploadImage } from '@kabuto/shared-sdk';
import { uploadKeyOf } from '../../common/upload-key';

export function ProofUploader({ onKey }: { onKey(key: string): void }) {
  const [items, setItems] = useState<ImageUploadItem[]>([]);

  async function upload(file: File): Promise<ImageUploadItem> {
    // uploadImage compresses first and toasts progress and failures itself.
    const url = await uploadImage(file, file.name, { onSuccess: () => undefined });
    onKey(uploadKeyOf(url) ?? '');
    return { url };
  }

  return (
    <div data-testid="deposit-proof">
      <ImageUploader
        value={items}
        onChange={(next) => {
          setItems(next);
          if (next.length === 0) onKey('');
        }}
        upload={upload}
        maxCount={1}
        accept="image/jpeg,image/png,image/webp"
      />
    </div>
  );
}
