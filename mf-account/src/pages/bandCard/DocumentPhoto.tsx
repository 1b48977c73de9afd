// One document photo through the SDK's upload flow (compressed, POST policy); reports
// the upload key, or '' when removed.
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useState } from 'react';
import { uploadImage } from '@kabuto/shared-sdk';
import { uploadKeyOf } from './upload-key';
import common from '../../common/page.module.css';

interface DocumentPhotoProps {
  label: string;
  testId: string;
  onKey(key: string): void;
}

export function DocumentPhoto({ label, testId, onKey }: DocumentPhotoProps) {
  const [items, setItems] = useState<ImageUploadItem[]>([]);

  async function upload(file: File): Promise<ImageUploadItem> {
    // uploadImage compresses first and toasts progress and failures itself.
    const url = await uploadImage(file, file.name, { onSuccess: () => undefined });
    onKey(uploadKeyOf(url) ?? '');
    return { url };
  }

  return (
    <div data-testid={testId}>
      <p className={common.label}>{label}</p>
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
