/**
 * The S3 driver of platform/storage.ts: one bucket of any S3-compatible store (AWS, MinIO, R2, ...)
 * through the AWS SDK v3 client, shared by every server instance. Objects are put without an ACL, so
 * they keep the bucket's private default; browsers read them through this server only.
 */
import type { S3Settings } from '../config.ts';
import { publicUrl, type Storage, safeKey, typeOf } from './storage.ts';

type Sdk = typeof import('@aws-sdk/client-s3');

function s3Client(sdk: Sdk, s: S3Settings) {
  return new sdk.S3Client({
    endpoint: s.endpoint,
    region: s.region,
    credentials: s.credentials,
    forcePathStyle: s.forcePathStyle,
    // Checksums only where S3 demands them: many S3-compatible stores reject the SDK's default CRC headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A stuck store must fail a request, not hold it (and its upload) open forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
}

export async function s3Storage(s: S3Settings): Promise<Storage> {
  // Loaded here, not at the top: a shop on local disk never loads the SDK (esbuild keeps this import lazy too).
  const sdk: Sdk = await import('@aws-sdk/client-s3');
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3ServiceException } = sdk;
  const client = s3Client(sdk, s);
  const isMissing = (err: unknown) =>
    err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
  const Bucket = s.bucket;
  return {
    driver: 's3',
    async check() {
      // A one-key listing: answers only when the bucket exists and these credentials may read it.
      await client.send(new ListObjectsV2Command({ Bucket, MaxKeys: 1 }));
    },
    async put(key, body, contentType) {
      // No ACL: objects take the bucket's (private) default; browsers read them through this server.
      await client.send(new PutObjectCommand({ Bucket, Key: safeKey(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: safeKey(key) }));
        if (!res.Body) return null;
        return { body: Buffer.from(await res.Body.transformToByteArray()), contentType: typeOf(key) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: safeKey(key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: safeKey(key) }));
    },
    async *list(prefix = '') {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    publicUrl,
  };
}
