import { streamConfig, streamNameForSubject } from './streams.js';

describe('streams', () => {
  it('names the stream after the publishing service', () => {
    expect(streamNameForSubject('articles.article.published')).toBe('ARTICLES');
    expect(streamConfig('identity')).toMatchObject({ name: 'IDENTITY', subjects: ['identity.>'] });
  });

  it('rejects subjects that do not start with a service name', () => {
    expect(() => streamNameForSubject('>')).toThrow();
    expect(() => streamNameForSubject('Articles.x')).toThrow();
  });

  it('deduplicates relay retries for ten minutes', () => {
    expect(streamConfig('articles').duplicate_window).toBe(10 * 60 * 1e9);
  });
});
