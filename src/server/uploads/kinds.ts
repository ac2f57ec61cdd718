// What each kind of upload may be, recognised by its content (file-type reads the magic bytes),
// never by the name or the Content-Type the browser claims.

export type UploadKind = 'document' | 'photo';

export interface KindRule {
  /** MIME types file-type may detect for this kind. */
  mimes: readonly string[];
  /** Largest accepted upload in bytes (before any re-encoding). */
  maxBytes: number;
}

export interface UploadLimits {
  documentMaxBytes: number;
  photoMaxBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  documentMaxBytes: 10 * 1024 * 1024,
  photoMaxBytes: 15 * 1024 * 1024,
};

/** Images the server re-encodes (and so strips of location and camera data) before storing. */
export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp'] as const;

export function kindRules(limits: UploadLimits): Record<UploadKind, KindRule> {
  return {
    // Certificates and claim documents: a scan (pdf) or a photo of the paper.
    document: { mimes: ['application/pdf', 'image/jpeg', 'image/png'], maxBytes: limits.documentMaxBytes },
    // Claim photos: what phones take (HEIC on iPhones when sharp's libvips can decode it).
    photo: { mimes: IMAGE_MIMES, maxBytes: limits.photoMaxBytes },
  };
}

/** The extension the stored file gets from its detected type. */
export function extensionOf(mime: string): string {
  return (
    { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }[mime] ?? 'bin'
  );
}
