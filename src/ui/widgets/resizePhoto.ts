// Phone photos are brought down in the browser before they are sent, so an 8 MB picture takes
// seconds, not a minute, on mobile data: the longest edge at most 2560 px, JPEG at quality 0.85
// (plenty to see damage; the service re-encodes again and strips metadata anyway). PDFs go as
// they are. A HEIC photo (iPhones) always becomes a JPEG where the browser can draw it (Safari):
// the service's image library cannot read HEVC-coded HEIC, so one the browser cannot draw is
// refused when chosen rather than after the claim is filed (isHeic).

export const MAX_EDGE = 2560;
export const JPEG_QUALITY = 0.85;

/** The size a photo is drawn at: within MAX_EDGE on its longest side, never enlarged. */
export function fitWithin(width: number, height: number, maxEdge = MAX_EDGE) {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** A HEIC or HEIF photo, by its type or, where the browser gives none, its name. */
export function isHeic(file: File): boolean {
  return /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
}

export async function resizePhoto(file: File): Promise<{ blob: Blob; name: string }> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') {
    return { blob: file, name: file.name };
  }
  try {
    // from-image: the phone's EXIF orientation is applied, so the photo stands the right way up.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return { blob: file, name: file.name };
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    // A smaller original (already compressed) is sent as it is, but never a HEIC one.
    if (!blob || (blob.size >= file.size && !isHeic(file))) return { blob: file, name: file.name };
    return { blob, name: `${file.name.replace(/\.[^.]*$/, '')}.jpg` };
  } catch {
    return { blob: file, name: file.name };
  }
}
