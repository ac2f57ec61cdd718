// The upload store on an S3-compatible object store (AWS S3, MinIO, Ceph, Wasabi …), chosen by
// UPLOAD_S3_BUCKET: several instances then share customers' files without a shared folder. The
// bytes are the same as on disk (re-encoded, metadata stripped); the database row keeps the key.
// Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a role).

import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { FileStore } from './store';

export interface S3StoreConfig {
  bucket: string;
  /** Another S3-compatible service than AWS (https://minio.example:9000); absent: AWS. */
  endpoint?: string;
  region: string;
  /** Put before every key ("claims/"), so one bucket can serve several uses. */
  prefix: string;
  /** bucket in the path (most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
  /** Only for tests against a local fake; in service the SDK's chain finds them. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function s3Store(config: S3StoreConfig): FileStore & { client: S3Client } {
  const options: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  };
  const client = new S3Client(options);
  const Bucket = config.bucket;
  const keyOf = (key: string) => `${config.prefix}${key}`;
  return {
    client,
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: bytes,
          // A key is written once (as on disk): a clash is a bug, never an overwrite of someone's file.
          IfNoneMatch: '*',
          ServerSideEncryption: config.endpoint ? undefined : 'AES256',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
