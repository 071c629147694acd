import { loadImageCodecs } from './image-codecs.js';

describe('loadImageCodecs', () => {
  it('loads sharp and file-type once, and they judge a picture by its bytes', async () => {
    const first = loadImageCodecs();
    expect(loadImageCodecs()).toBe(first);
    const { sharp, fileTypeFromBuffer } = await first;
    const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#102030' } })
      .png()
      .toBuffer();
    expect(await fileTypeFromBuffer(png)).toEqual({ ext: 'png', mime: 'image/png' });
    expect(await sharp(png).metadata()).toMatchObject({ width: 3, height: 2, format: 'png' });
  });
});
