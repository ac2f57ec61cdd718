// Photos are evidence and personal data: every image is decoded and written anew by sharp, which
// drops EXIF/XMP/IPTC (location, camera, owner) unless asked to keep them. The orientation is
// applied to the pixels first so the stored photo still stands the right way up. Very large
// images are brought down to a size that still shows damage in detail.

import sharp from 'sharp';

const MAX_EDGE = 3000;

export class UnreadableImage extends Error {}

export async function reencodeImage(bytes: Uint8Array): Promise<{ bytes: Buffer; mime: string }> {
  try {
    const out = await sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return { bytes: out, mime: 'image/jpeg' };
  } catch (error) {
    // A file that claims to be an image by its first bytes but cannot be decoded (truncated,
    // crafted, or HEVC HEIC this libvips build cannot read) is refused, not stored as is.
    throw new UnreadableImage((error as Error).message);
  }
}
