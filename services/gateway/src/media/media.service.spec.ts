import type { ObjectStore } from '@pencraft/kit';
import { strictMock } from '@pencraft/testing';
import { declaredRoutes } from '../http/route.js';
import { MediaService } from './media.service.js';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('MediaService', () => {
  it('serves a stored JPEG, PNG or WebP under a valid key', async () => {
    const store = strictMock<ObjectStore>('store');
    store.get.mockResolvedValue({ body: png, contentType: 'image/png' });
    await expect(new MediaService(store).find('avatars/ab/cd.png')).resolves.toEqual({
      body: png,
      contentType: 'image/png',
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

describe('the media route', () => {
  it('is not declared as an API route, so the OpenAPI document leaves it out', async () => {
    await import('./media.controller.js');
    expect(declaredRoutes().filter((route) => route.path.startsWith('/media'))).toEqual([]);
  });
});
