import { PHOTO_MAX_CHARS } from '../../domain/field';

/** The longest side of a delivery photo the phone sends, in pixels. */
export const PHOTO_MAX_SIDE = 1280;
const FIRST_QUALITY = 0.7;

type Drawable = { width: number; height: number; close?(): void } & CanvasImageSource;

/** The picture in a file, decoded (createImageBitmap where there is one, else an <img>). */
async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') {
    return (await createImageBitmap(file)) as Drawable;
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return Object.assign(image, { width: image.naturalWidth, height: image.naturalHeight });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * A camera photo as the JPEG data URL a delivery proof carries (D28): scaled down to at most
 * PHOTO_MAX_SIDE on its longer side at quality 0.7, smaller again until it fits PHOTO_MAX_CHARS
 * (a 12-megapixel photo is several megabytes; the weak network pays for every byte). Throws when
 * the file is no picture this browser can read.
 */
export async function deliveryPhoto(file: Blob, maxChars = PHOTO_MAX_CHARS): Promise<string> {
  const picture = await decode(file);
  try {
    let side = PHOTO_MAX_SIDE;
    let quality = FIRST_QUALITY;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const scale = Math.min(1, side / Math.max(picture.width, picture.height, 1));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(picture.width * scale));
      canvas.height = Math.max(1, Math.round(picture.height * scale));
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No 2D canvas');
      context.drawImage(picture, 0, 0, canvas.width, canvas.height);
      const url = canvas.toDataURL('image/jpeg', quality);
      // A browser that cannot write JPEG gives PNG, which the proof does not take.
      if (!url.startsWith('data:image/jpeg;base64,')) throw new Error('No JPEG encoder');
      if (url.length <= maxChars) return url;
      side = Math.round(side * 0.75);
      quality = Math.max(0.5, quality - 0.1);
    }
    throw new Error('Photo too large');
  } finally {
    picture.close?.();
  }
}
