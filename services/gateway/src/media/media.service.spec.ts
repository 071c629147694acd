import type { ObjectStore } from '@pencraft/kit';
import { strictMock } from '@pencraft/testing';
import { declaredRoutes } from '../http/route.js';
import { acceptedModernFormats, MediaService } from './media.service.js';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('MediaService', () => {
  it('serves a stored JPEG, PNG or WebP under a valid key', async () => {
    const store = strictMock<ObjectStore>('store');
    store.get.mockResolvedValue({ body: png, contentType: 'image/png' });
    await expect(new MediaService(store).find('avatars/ab/cd.png')).resolves.toEqual({
      body: png,
      contentType: 'image/png',
      negotiated: false,
    });
    expect(store.get).toHaveBeenCalledWith('avatars/ab/cd.png');
    for (const type of ['image/jpeg', 'image/webp', 'IMAGE/WEBP']) {
      store.get.mockResolvedValueOnce({ body: png, contentType: type });
      await expect(new MediaService(store).find('a.img')).resolves.toMatchObject({ contentType: type.toLowerCase() });
    }
  });

  it.each(['../secret', 'a/../../b', 'a//b', '/a', 'a b', 'a?b', ''])(
    'refuses the key %j without asking the store',
    async (key) => {
      // A strict double: any call to the store would fail the test.
      await expect(new MediaService(strictMock<ObjectStore>('store')).find(key)).resolves.toBeUndefined();
    },
  );

  it.each(['text/html', 'image/svg+xml', 'application/octet-stream', 'image/gif'])(
    'does not serve a stored %s',
    async (contentType) => {
      const store = strictMock<ObjectStore>('store');
      store.get.mockResolvedValue({ body: Buffer.from('<svg onload=alert(1)>'), contentType });
      await expect(new MediaService(store).find('a/b.png')).resolves.toBeUndefined();
    },
  );

  it('answers nothing for a key that holds nothing', async () => {
    const store = strictMock<ObjectStore>('store');
    store.get.mockResolvedValue(undefined);
    await expect(new MediaService(store).find('a/none.webp')).resolves.toBeUndefined();
  });
});

describe('content negotiation of editor images', () => {
  const KEY = 'articles/u1/f1/1280.jpg';
  const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

  it.each([
    [CHROME, ['avif', 'webp']],
    ['image/webp,*/*', ['webp']],
    ['image/avif;q=0, image/webp;q=0.9', ['webp']],
    ['image/*', []],
    ['', []],
    [undefined, []],
  ])('reads %j as %j', (accept, formats) => {
    expect(acceptedModernFormats(accept)).toEqual(formats);
  });

  it('answers the AVIF sibling when the browser takes AVIF, and says it was negotiated', async () => {
    const store = strictMock<ObjectStore>('store');
    store.get.mockResolvedValue({ body: png, contentType: 'image/avif' });
    await expect(new MediaService(store).find(KEY, CHROME)).resolves.toEqual({
      body: png,
      contentType: 'image/avif',
      negotiated: true,
    });
    expect(store.get).toHaveBeenCalledWith('articles/u1/f1/1280.avif');
  });

  it('falls back to WebP, then to the original, when a sibling is missing', async () => {
    const store = strictMock<ObjectStore>('store');
    store.get
      .mockResolvedValueOnce(undefined)
      .mockResolvedValueOnce({ body: png, contentType: 'image/webp' })
      .mockResolvedValueOnce(undefined)
      .mockResolvedValueOnce(undefined)
      .mockResolvedValueOnce({ body: png, contentType: 'image/jpeg' });
    const media = new MediaService(store);
    await expect(media.find(KEY, CHROME)).resolves.toMatchObject({ contentType: 'image/webp', negotiated: true });
    await expect(media.find(KEY, CHROME)).resolves.toMatchObject({ contentType: 'image/jpeg', negotiated: true });
    expect(store.get.mock.calls.map(([key]) => key)).toEqual([
      'articles/u1/f1/1280.avif',
      'articles/u1/f1/1280.webp',
      'articles/u1/f1/1280.avif',
      'articles/u1/f1/1280.webp',
      KEY,
    ]);
  });

  it('answers the original to a browser that takes neither, still marked negotiated (Vary: Accept)', async () => {
    const store = strictMock<ObjectStore>('store');
    store.get.mockResolvedValue({ body: png, contentType: 'image/jpeg' });
    await expect(new MediaService(store).find(KEY, 'image/jpeg')).resolves.toMatchObject({
      contentType: 'image/jpeg',
      negotiated: true,
    });
    expect(store.get).toHaveBeenCalledTimes(1);
  });

  it('does not negotiate outside articles/ (profile pictures have no siblings)', async () => {
    const store = strictMock<ObjectStore>('store');
    store.get.mockResolvedValue({ body: png, contentType: 'image/jpeg' });
    await expect(new MediaService(store).find('users/u1/avatar-x.jpg', CHROME)).resolves.toMatchObject({
      negotiated: false,
    });
    expect(store.get).toHaveBeenCalledWith('users/u1/avatar-x.jpg');
  });
});

describe('the media route', () => {
  it('is not declared as an API route, so the OpenAPI document leaves it out', async () => {
    await import('./media.controller.js');
    expect(declaredRoutes().filter((route) => route.path.startsWith('/media'))).toEqual([]);
  });
});
