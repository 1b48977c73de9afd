// antd-mobile's ImageUploader behind ImageUploadField, in its own module so it loads with
// the first form that has an image field, not with every page.
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';

export interface ImageUploadViewProps {
  /** The shown image's URL, or null when there is none. */
  url: string | null;
  upload(file: File): Promise<string>;
  onRemoved(): void;
}

export function ImageUploadView({ url, upload, onRemoved }: ImageUploadViewProps) {
  const items: ImageUploadItem[] = url ? [{ url }] : [];
  return (
    <ImageUploader
      value={items}
      onChange={(next) => {
        if (next.length === 0) onRemoved();
      }}
      upload={async (file) => ({ url: await upload(file) })}
      maxCount={1}
      accept="image/jpeg,image/png,image/webp"
    />
  );
}

export default ImageUploadView;
