import { EditorImageFormat } from '@pencraft/contracts/articles/v1/media';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { strictMock } from '@pencraft/testing';
import type { ArticlesMediaClient } from './media.upstream.js';
import { UploadsLogController } from './uploads-log.controller.js';
import { UploadsLogPage } from './uploads-log.routes.js';

const user = { uid: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b' } as UserSummary;
const folder = `articles/${user.uid}/f/`;

describe('GET /api/ttin/logs/img', () => {
  it("asks for the signed-in user's own page and writes it as the API documents it", async () => {
    const media = strictMock<ArticlesMediaClient>('articlesMedia');
    media.listImages.mockResolvedValue({
      images: [
        {
          key: `${folder}1280.jpg`,
          url: `/media/${folder}1280.jpg`,
          width: 1280,
          height: 720,
          type: EditorImageFormat.EDITOR_IMAGE_FORMAT_JPEG,
          thumbnail: { key: `${folder}640.jpg`, url: `/media/${folder}640.jpg`, width: 640, height: 360 },
          bytes: 123_456,
          uploadedAtMs: Date.UTC(2026, 10, 28, 6, 0, 0),
          uses: [
            { draftId: 'd-1', articleId: '', title: 'Draft' },
            { draftId: '', articleId: 'a-1', title: 'Article' },
          ],
        },
        {
          key: `${folder}300.png`,
          url: `/media/${folder}300.png`,
          width: 300,
          height: 200,
          type: EditorImageFormat.EDITOR_IMAGE_FORMAT_PNG,
          thumbnail: undefined,
          bytes: undefined,
          uploadedAtMs: Date.UTC(2026, 10, 28, 5, 0, 0),
          uses: [],
        },
      ],
      nextCursor: '',
    });
    const page = await new UploadsLogController(media).list(user, { query: { cursor: 'c' } } as never);
    expect(media.listImages).toHaveBeenCalledWith({ uid: user.uid, cursor: 'c' });
    expect(page).toEqual({
      items: [
        {
          key: `${folder}1280.jpg`,
          url: `/media/${folder}1280.jpg`,
          width: 1280,
          height: 720,
          type: 'image/jpeg',
          thumbnail: { url: `/media/${folder}640.jpg`, width: 640, height: 360 },
          bytes: 123_456,
          uploadedAt: '2026-11-28T06:00:00.000Z',
          uses: [
            { kind: 'draft', id: 'd-1', title: 'Draft' },
            { kind: 'article', id: 'a-1', title: 'Article' },
          ],
        },
        {
          key: `${folder}300.png`,
          url: `/media/${folder}300.png`,
          width: 300,
          height: 200,
          type: 'image/png',
          thumbnail: { url: `/media/${folder}300.png`, width: 300, height: 200 },
          bytes: null,
          uploadedAt: '2026-11-28T05:00:00.000Z',
          uses: [],
        },
      ],
      nextCursor: null,
    });
    expect(UploadsLogPage.safeParse(page).success).toBe(true);
  });

  it('starts at the first page without a cursor and passes the next cursor on', async () => {
    const media = strictMock<ArticlesMediaClient>('articlesMedia');
    media.listImages.mockResolvedValue({ images: [], nextCursor: 'next' });
    const page = await new UploadsLogController(media).list(user, { query: {} } as never);
    expect(media.listImages).toHaveBeenCalledWith({ uid: user.uid, cursor: '' });
    expect(page).toEqual({ items: [], nextCursor: 'next' });
  });
});
