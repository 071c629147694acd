import { parseRemotes, toRemoteList } from './config.js';

describe('remotes config', () => {
  it('knows no remote unless /remotes.json names it', () => {
    expect(parseRemotes(null)).toEqual({});
    expect(parseRemotes([])).toEqual({});
  });

  it('takes valid entries and leaves out invalid ones', () => {
    expect(
      parseRemotes({
        reader: 'http://127.0.0.1:3001/mf-manifest.json',
        editor: 'javascript:alert(1)',
        studio: '/mf/studio/mf-manifest.json',
        'Bad Name': '/x.json',
        settings: '//evil.example/mf-manifest.json',
      }),
    ).toEqual({
      reader: 'http://127.0.0.1:3001/mf-manifest.json',
      studio: '/mf/studio/mf-manifest.json',
    });
  });

  it('makes entries absolute', () => {
    expect(toRemoteList({ reader: '/mf/reader/mf-manifest.json' }, 'https://pencraft.az/a/1')).toEqual([
      { name: 'reader', entry: 'https://pencraft.az/mf/reader/mf-manifest.json' },
    ]);
  });
});
