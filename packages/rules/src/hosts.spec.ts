import { describe, expect, it } from '@jest/globals';
import { publicationOrigin, siteHostOf, siteOfOrigin, splitHost } from './hosts.js';

describe('siteHostOf', () => {
  it.each([
    ['pencraft.az', 'pencraft.az', { kind: 'main' }],
    ['PENCRAFT.AZ.', 'pencraft.az', { kind: 'main' }],
    ['pencraft.az:443', 'pencraft.az', { kind: 'other' }],
    ['devblog.pencraft.az', 'pencraft.az', { kind: 'publication', slug: 'devblog' }],
    ['Team-One.pencraft.az', 'pencraft.az', { kind: 'publication', slug: 'team-one' }],
    ['www.pencraft.az', 'pencraft.az', { kind: 'other' }],
    ['a.b.pencraft.az', 'pencraft.az', { kind: 'other' }],
    ['ab.pencraft.az', 'pencraft.az', { kind: 'other' }],
    ['1abc.pencraft.az', 'pencraft.az', { kind: 'other' }],
    ['abc--d.pencraft.az', 'pencraft.az', { kind: 'other' }],
    ['evilpencraft.az', 'pencraft.az', { kind: 'other' }],
    ['devblog.pencraft.az.evil.com', 'pencraft.az', { kind: 'other' }],
    ['localhost:8180', 'localhost:8180', { kind: 'main' }],
    ['devblog.localhost:8180', 'localhost:8180', { kind: 'publication', slug: 'devblog' }],
    ['devblog.localhost:8181', 'localhost:8180', { kind: 'other' }],
    ['devblog.localhost', 'localhost:8180', { kind: 'other' }],
    ['127.0.0.1:8180', 'localhost:8180', { kind: 'other' }],
    ['[::1]:8180', 'localhost:8180', { kind: 'other' }],
    ['', 'localhost:8180', { kind: 'other' }],
    ['devblog.localhost:8180:1', 'localhost:8180', { kind: 'other' }],
  ] as const)('%s against %s', (host, main, expected) => {
    expect(siteHostOf(host, main)).toEqual(expected);
  });

  it('drops the default port of the scheme', () => {
    expect(siteHostOf('devblog.pencraft.az:443', 'pencraft.az', 'https:')).toEqual({
      kind: 'publication',
      slug: 'devblog',
    });
    expect(splitHost('pencraft.az:80')).toEqual({ name: 'pencraft.az', port: '' });
    expect(splitHost('[::1]:8080')).toEqual({ name: '[::1]', port: '8080' });
  });
});

describe('siteOfOrigin', () => {
  const site = 'http://localhost:8180';
  it.each([
    ['http://localhost:8180', { kind: 'main' }],
    ['http://devblog.localhost:8180', { kind: 'publication', slug: 'devblog' }],
    ['https://devblog.localhost:8180', null],
    ['http://devblog.localhost:8181', null],
    ['http://devblog.localhost', null],
    ['http://a.devblog.localhost:8180', null],
    ['http://evil.com:8180', null],
    ['http://localhost.evil.com:8180', null],
    ['null', null],
    ['', null],
    ['http://user@localhost:8180', null],
  ] as const)('%s', (origin, expected) => {
    expect(siteOfOrigin(origin, site)).toEqual(expected);
  });

  it('keeps https sites on https only', () => {
    expect(siteOfOrigin('https://devblog.pencraft.az', 'https://pencraft.az')).toEqual({
      kind: 'publication',
      slug: 'devblog',
    });
    expect(siteOfOrigin('http://devblog.pencraft.az', 'https://pencraft.az')).toBeNull();
  });
});

describe('publicationOrigin', () => {
  it('puts the slug under the main host, keeping scheme and port', () => {
    expect(publicationOrigin('devblog', 'http://localhost:8180')).toBe('http://devblog.localhost:8180');
    expect(publicationOrigin('devblog', 'https://pencraft.az/')).toBe('https://devblog.pencraft.az');
  });
});
