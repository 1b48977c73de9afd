// Image selection is limited to compressed images (spec §5): before upload, a picture is
// redrawn as JPEG no larger than 1600 px on its long side. Where the browser cannot
// (no createImageBitmap or canvas, e.g. tests or old WebViews) the file goes as it is.

export const MAX_IMAGE_SIDE = 1600;
export const JPEG_QUALITY = 0.85;

/** Scales (width, height) down to fit `maxSide`, keeping the aspect ratio; never scales up. */
export function scaledSize(width: number, height: number, maxSide: number = MAX_IMAGE_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const ratio = maxSide / longest;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

export async function compressImage(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const size = scaledSize(bitmap.width, bitmap.height);
  const resized = size.width !== bitmap.width || size.height !== bitmap.height;
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  // JPEG has no transparency: paint white under PNG/WebP alpha instead of black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!jpeg) return file;
  // Re-encoding a small, already compressed picture can make it bigger: keep the original then.
  return resized || jpeg.size < file.size ? jpeg : file;
}
