// The one image field of every form (identity documents, deposit proof): one image through
// the SDK's upload flow (compressed, POST policy, progress and failures toasted), reported
// as its upload key, or '' when removed.
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { uploadKeyOf } from '../upload/key';
import type { UploadPurpose } from '../upload/policy';
import { uploadImage } from '../upload/upload';

// The named export: under the CommonJS build a dynamic import's `default` is the whole module.
const ImageUploadView = lazy(async () => ({ default: (await import('./image-upload-view.js')).ImageUploadView }));

export interface ImageUploadFieldProps {
  /** The upload key of the current image ('' for none). */
  value: string;
  onChange(key: string): void;
  /** What the image is for (the server binds the upload to it). */
  purpose: UploadPurpose;
  /** Shown above the picker; leave it out where the form item carries the label. */
  label?: string;
  /**
   * How to show an image the field did not upload itself (e.g. a key the server returned):
   * its URL for the owner. Without it such a key shows no preview.
   */
  previewUrl?(key: string): string | null;
  testId: string;
}

// Inline (the SDK is compiled by tsc, without CSS); colours come from the shell's theme.
const labelStyle: CSSProperties = { margin: '4px 0 6px', color: 'var(--kabuto-text-secondary, rgba(255, 255, 255, 0.7))', fontSize: 13 };

export function ImageUploadField({ value, onChange, purpose, label, previewUrl, testId }: ImageUploadFieldProps) {
  // The URL of the image this field uploaded, kept with its key for the preview.
  const [uploaded, setUploaded] = useState<{ key: string; url: string } | null>(null);
  const url = !value ? null : uploaded?.key === value ? uploaded.url : (previewUrl?.(value) ?? null);

  async function upload(file: File): Promise<string> {
    const uploadedUrl = await uploadImage(file, file.name, { purpose, onSuccess: () => undefined });
    const key = uploadKeyOf(uploadedUrl) ?? '';
    setUploaded({ key, url: uploadedUrl });
    onChange(key);
    return uploadedUrl;
  }

  return (
    <div data-testid={testId}>
      {label && <p style={labelStyle}>{label}</p>}
      <Suspense fallback={null}>
        <ImageUploadView url={url} upload={upload} onRemoved={() => onChange('')} />
      </Suspense>
    </div>
  );
}
