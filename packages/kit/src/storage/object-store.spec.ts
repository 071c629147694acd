import { strictMock, type StrictMock } from '@pencraft/testing';
import { Readable } from 'node:stream';
import { parseConfig } from '../config/config.js';
import { isValidObjectKey, ObjectStore, objectStoreConfigSchema, type S3Client } from './object-store.js';

const BUCKET = 'pencraft-media';

function storeWith(client: StrictMock<S3Client>, publicPath = '/media') {
  return new ObjectStore(client, BUCKET, 'us-east-1', publicPath);
}

const s3Error = (code: string) => Object.assign(new Error(code), { code });

describe('isValidObjectKey', () => {
  it.each(['avatars/ab/cd.webp', 'a', 'x_y-z.1/2.png'])('accepts %s', (key) => {
    expect(isValidObjectKey(key)).toBe(true);
  });
  it.each(['', '../etc/passwd', 'a/../b', 'a//b', '/a', 'a/', './a', 'a b', 'a%2Fb', 'ü', 'a\\b', 'x'.repeat(513)])(
    'refuses %j',
    (key) => {
      expect(isValidObjectKey(key)).toBe(false);
    },
  );
});

describe('ObjectStore', () => {
  it('creates the bucket when it is missing, and only then', async () => {
    const client = strictMock<S3Client>('s3');
    client.bucketExists.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    client.makeBucket.mockResolvedValue(undefined);
    const store = storeWith(client);
    await store.ensureBucket();
    await store.ensureBucket();
    expect(client.makeBucket).toHaveBeenCalledTimes(1);
    expect(client.makeBucket).toHaveBeenCalledWith(BUCKET, 'us-east-1');
  });

  it('takes a bucket created by another process in the meantime as created', async () => {
    const client = strictMock<S3Client>('s3');
    client.bucketExists.mockResolvedValue(false);
    client.makeBucket.mockRejectedValue(s3Error('BucketAlreadyOwnedByYou'));
    await expect(storeWith(client).ensureBucket()).resolves.toBeUndefined();
    client.makeBucket.mockRejectedValue(s3Error('AccessDenied'));
    await expect(storeWith(client).ensureBucket()).rejects.toThrow('AccessDenied');
  });

  it('puts a buffer with its length and content type', async () => {
    const client = strictMock<S3Client>('s3');
    client.putObject.mockResolvedValue({ etag: 'e', versionId: null });
    const body = Buffer.from('image bytes');
    await storeWith(client).put('avatars/u1.webp', body, 'image/webp');
    expect(client.putObject).toHaveBeenCalledWith(BUCKET, 'avatars/u1.webp', body, body.length, {
      'Content-Type': 'image/webp',
    });
  });

  it('gets the body and content type, and undefined for a missing key', async () => {
    const client = strictMock<S3Client>('s3');
    client.statObject.mockResolvedValueOnce({
      size: 3,
      etag: 'e',
      lastModified: new Date(),
      metaData: { 'content-type': 'image/png' },
      versionId: null,
    });
    client.getObject.mockResolvedValueOnce(Readable.from([Buffer.from('ab'), Buffer.from('c')]));
    const store = storeWith(client);
    await expect(store.get('a/b.png')).resolves.toEqual({ body: Buffer.from('abc'), contentType: 'image/png' });
    client.statObject.mockRejectedValueOnce(s3Error('NotFound'));
    await expect(store.get('a/none.png')).resolves.toBeUndefined();
    client.statObject.mockRejectedValueOnce(s3Error('InternalError'));
    await expect(store.get('a/b.png')).rejects.toThrow('InternalError');
  });

  it('removes by key', async () => {
    const client = strictMock<S3Client>('s3');
    client.removeObject.mockResolvedValue(undefined);
    await storeWith(client).remove('a/b.png');
    expect(client.removeObject).toHaveBeenCalledWith(BUCKET, 'a/b.png');
  });

  it('removes every object under a folder prefix, in one DeleteObjects request', async () => {
    const client = strictMock<S3Client>('s3');
    client.listObjectsV2.mockReturnValue(
      Readable.from([
        { name: 'users/u1/avatar-a.jpg', size: 1, etag: 'e', lastModified: new Date() },
        { prefix: 'users/u1/old/', size: 0 },
        { name: 'users/u1/old/banner-b.jpg', size: 1, etag: 'e', lastModified: new Date() },
      ]) as never,
    );
    client.removeObjects.mockResolvedValue([]);
    await expect(storeWith(client).removePrefix('users/u1/')).resolves.toBe(2);
    expect(client.listObjectsV2).toHaveBeenCalledWith(BUCKET, 'users/u1/', true);
    expect(client.removeObjects).toHaveBeenCalledWith(BUCKET, ['users/u1/avatar-a.jpg', 'users/u1/old/banner-b.jpg']);
  });

  it('sends no delete request for an empty prefix, and fails when the store keeps any object', async () => {
    const client = strictMock<S3Client>('s3');
    client.listObjectsV2.mockReturnValueOnce(Readable.from([]) as never);
    await expect(storeWith(client).removePrefix('users/u2/')).resolves.toBe(0);
    expect(client.removeObjects).not.toHaveBeenCalled();

    client.listObjectsV2.mockReturnValueOnce(
      Readable.from([{ name: 'users/u3/a.jpg', size: 1, etag: 'e', lastModified: new Date() }]) as never,
    );
    client.removeObjects.mockResolvedValueOnce([{ Error: { Code: 'AccessDenied', Key: 'users/u3/a.jpg' } }]);
    await expect(storeWith(client).removePrefix('users/u3/')).rejects.toThrow('1 of 1 objects not removed');
  });

  it('fails when listing fails', async () => {
    const client = strictMock<S3Client>('s3');
    client.listObjectsV2.mockReturnValue(
      new Readable({
        objectMode: true,
        read() {
          this.destroy(s3Error('InternalError'));
        },
      }) as never,
    );
    await expect(storeWith(client).removePrefix('users/u1/')).rejects.toThrow('InternalError');
    expect(client.removeObjects).not.toHaveBeenCalled();
  });

  it.each(['users/u1', '', '/', 'users//', '../', 'users/../'])(
    'refuses the prefix %j before calling the store',
    async (prefix) => {
      const store = storeWith(strictMock<S3Client>('s3'));
      await expect(store.removePrefix(prefix)).rejects.toThrow('invalid object prefix');
    },
  );

  it('refuses an invalid key before calling the store', async () => {
    const store = storeWith(strictMock<S3Client>('s3'));
    await expect(store.put('../x', Buffer.from(''), 'image/png')).rejects.toThrow('invalid object key');
    await expect(store.get('a//b')).rejects.toThrow('invalid object key');
    await expect(store.remove('')).rejects.toThrow('invalid object key');
    expect(() => store.publicUrl('a/../b')).toThrow('invalid object key');
  });

  it('builds public URLs under the media path', () => {
    const client = strictMock<S3Client>('s3');
    expect(storeWith(client).publicUrl('avatars/u1.webp')).toBe('/media/avatars/u1.webp');
    expect(storeWith(client, 'https://cdn.example.test/media/').publicUrl('a.png')).toBe(
      'https://cdn.example.test/media/a.png',
    );
  });

  it('pings by asking for the bucket, failing when it is gone', async () => {
    const client = strictMock<S3Client>('s3');
    client.bucketExists.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    const store = storeWith(client);
    await expect(store.ping()).resolves.toBeUndefined();
    await expect(store.ping()).rejects.toThrow(`bucket ${BUCKET} does not exist`);
  });
});

describe('objectStoreConfigSchema', () => {
  const env = {
    S3_ENDPOINT: 'http://127.0.0.1:7070',
    S3_ACCESS_KEY: 'ACCESS',
    S3_SECRET_KEY: 'secret-secret',
    S3_BUCKET: BUCKET,
  };
  it('defaults the region and the media path', () => {
    expect(parseConfig(objectStoreConfigSchema, env)).toEqual({
      ...env,
      S3_REGION: 'us-east-1',
      MEDIA_PUBLIC_PATH: '/media',
    });
  });
  it('refuses a bad endpoint or bucket name', () => {
    expect(() => parseConfig(objectStoreConfigSchema, { ...env, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseConfig(objectStoreConfigSchema, { ...env, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
  });
});
