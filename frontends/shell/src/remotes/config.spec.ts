import { jest } from '@jest/globals';
import { parseRemotes, toRemoteList, underMount } from './config.js';

describe('remotes config', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

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
      reader: { entry: 'http://127.0.0.1:3001/mf-manifest.json' },
      studio: { entry: '/mf/studio/mf-manifest.json' },
    });
    expect(console.error).toHaveBeenCalledTimes(3);
  });

  it('takes a remote mounted under a path prefix', () => {
    expect(
      parseRemotes({
        staff: { entry: '/mf/staff/mf-manifest.json', mount: '/staff' },
        tools: { entry: 'https://cdn.pencraft.az/tools/mf-manifest.json', mount: '/studio/tools-2' },
      }),
    ).toEqual({
      staff: { entry: '/mf/staff/mf-manifest.json', mount: '/staff' },
      tools: { entry: 'https://cdn.pencraft.az/tools/mf-manifest.json', mount: '/studio/tools-2' },
    });
  });

  it.each([
    ['no mount', { entry: '/mf/staff/mf-manifest.json' }],
    ['no entry', { mount: '/staff' }],
    ['a bad entry', { entry: '//evil.example/mf-manifest.json', mount: '/staff' }],
    ['the root as mount', { entry: '/mf/staff/mf-manifest.json', mount: '/' }],
    ['a mount with a trailing slash', { entry: '/mf/staff/mf-manifest.json', mount: '/staff/' }],
    ['a mount without a leading slash', { entry: '/mf/staff/mf-manifest.json', mount: 'staff' }],
    ['a mount with a parameter', { entry: '/mf/staff/mf-manifest.json', mount: '/staff/:id' }],
    ['a mount with upper case', { entry: '/mf/staff/mf-manifest.json', mount: '/Staff' }],
    ['a mount with an empty segment', { entry: '/mf/staff/mf-manifest.json', mount: '/staff//x' }],
    ['a mount that is not a string', { entry: '/mf/staff/mf-manifest.json', mount: ['/staff'] }],
    ['an unknown key', { entry: '/mf/staff/mf-manifest.json', mount: '/staff', eager: true }],
    ['an array', ['/mf/staff/mf-manifest.json', '/staff']],
  ])('leaves out an object entry with %s', (_, value) => {
    expect(parseRemotes({ staff: value, reader: '/mf/reader/mf-manifest.json' })).toEqual({
      reader: { entry: '/mf/reader/mf-manifest.json' },
    });
  });

  it('makes entries absolute and keeps the mount', () => {
    expect(
      toRemoteList(
        {
          reader: { entry: '/mf/reader/mf-manifest.json' },
          staff: { entry: '/mf/staff/mf-manifest.json', mount: '/staff' },
        },
        'https://pencraft.az/a/1',
      ),
    ).toEqual([
      { name: 'reader', entry: 'https://pencraft.az/mf/reader/mf-manifest.json' },
      { name: 'staff', entry: 'https://pencraft.az/mf/staff/mf-manifest.json', mount: '/staff' },
    ]);
  });

  it('puts a path under a mount on whole segments', () => {
    for (const path of ['/staff', '/staff/', '/staff/queue', '/staff/items/42', '/STAFF/Queue'])
      expect(underMount('/staff', path)).toBe(true);
    for (const path of ['/', '/staffing', '/a/staff', '/sta', '/staff-room/x'])
      expect(underMount('/staff', path)).toBe(false);
  });
});
