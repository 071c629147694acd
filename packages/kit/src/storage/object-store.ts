import type { Provider } from '@nestjs/common';
import type { BucketItem, Client } from 'minio';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { Readiness } from '../health/readiness.js';
import { CONFIG } from '../lifecycle/tokens.js';

/** The variables of a process that reads or writes the object store; its config schema extends these. */
export const objectStoreConfigSchema = z.object({
  /** The S3 endpoint: http(s)://host[:port], addressed path style (bucket in the path, not the host name). */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }),
  S3_ACCESS_KEY: z.string().min(3),
  S3_SECRET_KEY: z.string().min(8),
  /** S3 bucket naming rules (lower-case letters, digits, dots and hyphens, 3 to 63). */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Where the gateway serves the objects (GET <path>/<key>); publicUrl() builds on it. */
  MEDIA_PUBLIC_PATH: z
    .string()
    .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'must be an absolute path or an http(s) URL')
    .default('/media'),
});

export type ObjectStoreConfig = z.infer<typeof objectStoreConfigSchema>;

/**
 * Keys the platform writes and serves: path segments of letters, digits, `_`, `.` and `-`, no empty segment, no
 * `.` or `..` segment, at most 512 characters. The gateway's /media route refuses every other key before asking
 * the store.
 */
export function isValidObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > 512 || !/^[A-Za-z0-9/_.-]+$/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** What the ObjectStore needs of the minio client (a strict double in unit tests). */
export type S3Client = Pick<
  Client,
  | 'bucketExists'
  | 'makeBucket'
  | 'putObject'
  | 'statObject'
  | 'getObject'
  | 'removeObject'
  | 'listObjectsV2'
  | 'removeObjects'
>;

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * The minio client is loaded by the processes that make an ObjectStore, when they make it: every service imports the
 * kit, and minio with its XML parsers holds about 10 MiB of V8 heap in each process that loads it (issue #19, memory).
 */
function loadMinio(): typeof import('minio') {
  return createRequire(import.meta.url)('minio') as typeof import('minio');
}

/** S3 error codes that mean "no such object" (HEAD answers carry no body, hence NotFound). */
const MISSING = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject']);

function isMissing(error: unknown): boolean {
  return MISSING.has(String((error as { code?: unknown }).code));
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export class ObjectStore {
  private readonly publicBase: string;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly region: string,
    publicPath: string,
  ) {
    this.publicBase = publicPath.replace(/\/+$/, '');
  }

  /**
   * The store of the settings; minio is loaded and its client made at the store's first call (the gateway, which only
   * reads pictures, loads it with the first one it serves; the services at start, where they create the bucket).
   */
  static fromConfig(config: ObjectStoreConfig): ObjectStore {
    const endpoint = new URL(config.S3_ENDPOINT);
    const useSSL = endpoint.protocol === 'https:';
    let client: S3Client | undefined;
    const make = () => {
      const { Client: MinioClient } = loadMinio();
      return new MinioClient({
        endPoint: endpoint.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
        useSSL,
        accessKey: config.S3_ACCESS_KEY,
        secretKey: config.S3_SECRET_KEY,
        region: config.S3_REGION,
        // Self-hosted stores (versitygw, MinIO, Ceph) rarely have a DNS name per bucket.
        pathStyle: true,
      });
    };
    const lazy = new Proxy({} as S3Client, {
      get: (_target, name) => {
        const real = (client ??= make());
        const value = real[name as keyof S3Client] as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real) : value;
      },
    });
    return new ObjectStore(lazy, config.S3_BUCKET, config.S3_REGION, config.MEDIA_PUBLIC_PATH);
  }

  /** Creates the bucket when it does not exist yet (another process creating it at the same time is fine). */
  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      const code = String((error as { code?: unknown }).code);
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, checkedKey(key), body, body.length, { 'Content-Type': contentType });
  }

  /** The object and its content type, or undefined when there is none under the key. */
  async get(key: string): Promise<StoredObject | undefined> {
    const name = checkedKey(key);
    try {
      const stat = await this.client.statObject(this.bucket, name);
      const body = await readAll(await this.client.getObject(this.bucket, name));
      const contentType = (stat.metaData as Record<string, unknown> | undefined)?.['content-type'];
      return {
        body,
        contentType: typeof contentType === 'string' && contentType ? contentType : 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Removes the object; removing a key that holds nothing is not an error (S3 semantics). */
  async remove(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, checkedKey(key));
  }

  /**
   * Removes every object under a folder prefix (it must end with `/`, so `users/1/` never reaches `users/10/`) and
   * answers how many there were: ListObjectsV2, then DeleteObjects (the client sends 1000 keys per request). The
   * store answers the keys it could not delete instead of failing the request; any such key fails the call.
   */
  async removePrefix(prefix: string): Promise<number> {
    const folder = checkedPrefix(prefix);
    const names: string[] = [];
    // A BucketStream is a Node readable in object mode; its typing only knows strings and buffers.
    for await (const item of this.client.listObjectsV2(this.bucket, folder, true) as AsyncIterable<BucketItem>) {
      if (item.name) names.push(item.name);
    }
    if (names.length === 0) return 0;
    const refused = (await this.client.removeObjects(this.bucket, names)).filter(Boolean);
    if (refused.length > 0) throw new Error(`${refused.length} of ${names.length} objects not removed`);
    return names.length;
  }

  /** The URL browsers load the object from (through the gateway's media route). */
  publicUrl(key: string): string {
    return `${this.publicBase}/${checkedKey(key)}`;
  }

  /** Readiness: the store answers and the bucket is there. */
  async ping(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`bucket ${this.bucket} does not exist`);
  }
}

function checkedKey(key: string): string {
  if (!isValidObjectKey(key)) throw new Error('invalid object key');
  return key;
}

function checkedPrefix(prefix: string): string {
  if (!prefix.endsWith('/') || !isValidObjectKey(prefix.slice(0, -1))) throw new Error('invalid object prefix');
  return prefix;
}

/**
 * The ObjectStore of a service whose config includes objectStoreConfigSchema: the bucket is created at start (the
 * service does not start without its store) and readiness checks the store.
 */
export const objectStoreProvider: Provider = {
  provide: ObjectStore,
  inject: [CONFIG, Readiness],
  useFactory: async (config: ObjectStoreConfig, readiness: Readiness) => {
    const store = ObjectStore.fromConfig(config);
    await store.ensureBucket();
    readiness.add({ name: 'objectStore', check: () => store.ping() });
    return store;
  },
};
