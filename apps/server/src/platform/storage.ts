import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';

/**
 * Where uploaded files live: a directory (DATA_DIR/files) by default, an S3-compatible bucket when
 * S3_BUCKET is set (what several instances need). Keys are made by the server (a UUID and an
 * extension chosen from the content), never from a client's file name.
 */
export type FileStorage = {
  put(data: Buffer, extension: string): Promise<string>;
  read(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
  /** Throws a StorageUnavailableError when the storage cannot be used (checked at start). */
  check(): Promise<void>;
  close(): Promise<void>;
};

export class StorageUnavailableError extends Error {}

const KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}

const newKey = (extension: string) => checkedKey(`${randomUUID()}.${extension}`);

export function directoryStorage(dir: string): FileStorage {
  const pathOf = (key: string) => path.join(dir, key.slice(0, 2), checkedKey(key));
  return {
    async put(data, extension) {
      const key = newKey(extension);
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data, { flag: 'wx' });
      return key;
    },
    async read(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async check() {
      try {
        await fs.mkdir(dir, { recursive: true });
        await fs.access(dir, fs.constants.W_OK);
      } catch (error) {
        throw new StorageUnavailableError(
          `Cannot write uploaded files to ${dir}: ${(error as Error).message}`,
        );
      }
    },
    async close() {},
  };
}

/** The AWS SDK, loaded only when S3 is configured: it adds ~200 ms and ~20 MB to a start. */
function loadS3Sdk(): typeof S3 {
  return createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof S3;
}

/** Files as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2 …), under the same keys. */
export function s3Storage(config: S3Config): FileStorage {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = loadS3Sdk();
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    maxAttempts: 3,
    // Checksums only where S3 requires them: many S3-compatible servers reject the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    async put(data, extension) {
      const Key = newKey(extension);
      await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.length }));
      return Key;
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        if (!object.Body) return undefined;
        const bytes = await object.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const reason =
          status === 404
            ? 'no such bucket'
            : status === 403 || status === 401
              ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
              : error instanceof Error
                ? error.message || error.name
                : String(error);
        const where = config.endpoint ? ` at ${config.endpoint}` : '';
        throw new StorageUnavailableError(`Cannot use the S3 bucket ${Bucket}${where}: ${reason}`);
      }
    },
    async close() {
      client.destroy();
    },
  };
}
