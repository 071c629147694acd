import { parseYouTubeUrl, youTubeEmbedUrl } from './youtube.js';

describe('parseYouTubeUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', { id: 'dQw4w9WgXcQ' }],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ', { id: 'dQw4w9WgXcQ' }],
    ['http://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', { id: 'dQw4w9WgXcQ', start: 90 }],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', { id: 'dQw4w9WgXcQ', start: 42 }],
    ['youtu.be/dQw4w9WgXcQ', { id: 'dQw4w9WgXcQ' }],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=10', { id: 'dQw4w9WgXcQ', start: 10 }],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', { id: 'dQw4w9WgXcQ' }],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', { id: 'dQw4w9WgXcQ' }],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', { id: 'dQw4w9WgXcQ' }],
  ])('%s', (url, expected) => {
    expect(parseYouTubeUrl(url)).toEqual(expected);
  });

  it.each([
    '',
    'not a url',
    'https://vimeo.com/123456789',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload="x',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/channel/UC1234567890',
    'https://user@www.youtube.com/watch?v=dQw4w9WgXcQ',
  ])('rejects %s', (url) => {
    expect(parseYouTubeUrl(url)).toBeNull();
  });

  it('builds the privacy-enhanced embed address', () => {
    expect(youTubeEmbedUrl({ id: 'dQw4w9WgXcQ' })).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(youTubeEmbedUrl({ id: 'dQw4w9WgXcQ', start: 90 })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    );
  });
});
