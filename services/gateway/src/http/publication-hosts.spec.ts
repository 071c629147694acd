import { AppError } from '@pencraft/errors';
import { strictMock } from '@pencraft/testing';
import type { PublicationsClient } from '../upstreams/publications.upstream.js';
import { frontendHeaders } from './edge-proxy.js';
import { PUBLICATION_HEADER, PUBLICATION_HOST_TTL_MS, PublicationHosts } from './publication-hosts.js';

type Answer = Awaited<ReturnType<PublicationsClient['getPublication']>>;

function hostsWith(existing: Record<string, string>) {
  const publications = strictMock<PublicationsClient>('publications');
  publications.getPublication.mockImplementation(async ({ slug }) => {
    const id = existing[slug];
    if (!id) throw new AppError('PublicationNotFound');
    return { publication: { id, slug } } as Answer;
  });
  let now = 1_000_000;
  const clock = { advance: (ms: number) => (now += ms) };
  const hosts = new PublicationHosts(publications, 'https://pencraft.az', () => now);
  return { hosts, publications, clock };
}

describe('PublicationHosts', () => {
  it('resolves {slug}.{main host} to its publication, the main host and unrelated hosts to the site', async () => {
    const { hosts } = hostsWith({ devblog: 'p1' });
    expect(await hosts.resolve('devblog.pencraft.az')).toEqual({
      kind: 'publication',
      publication: { id: 'p1', slug: 'devblog' },
    });
    expect(await hosts.resolve('DEVBLOG.pencraft.az:443')).toEqual({
      kind: 'publication',
      publication: { id: 'p1', slug: 'devblog' },
    });
    expect(await hosts.resolve('nobody.pencraft.az')).toEqual({ kind: 'unknown', slug: 'nobody' });
    expect(await hosts.resolve('pencraft.az')).toEqual({ kind: 'site' });
    expect(await hosts.resolve('www.pencraft.az')).toEqual({ kind: 'site' });
    expect(await hosts.resolve('gateway.pencraft.svc:8080')).toEqual({ kind: 'site' });
    expect(await hosts.resolve(undefined)).toEqual({ kind: 'site' });
  });

  it('asks once per slug while the answer is fresh, and again after it expires', async () => {
    const { hosts, publications, clock } = hostsWith({ devblog: 'p1' });
    await Promise.all([hosts.lookup('devblog'), hosts.lookup('devblog'), hosts.lookup('nobody')]);
    await hosts.lookup('devblog');
    await hosts.lookup('nobody');
    expect(publications.getPublication).toHaveBeenCalledTimes(2);
    clock.advance(PUBLICATION_HOST_TTL_MS.missing + 1);
    await hosts.lookup('devblog');
    await hosts.lookup('nobody');
    expect(publications.getPublication).toHaveBeenCalledTimes(3);
    clock.advance(PUBLICATION_HOST_TTL_MS.found);
    await hosts.lookup('devblog');
    expect(publications.getPublication).toHaveBeenCalledTimes(4);
  });

  it('lets other failures of the publications service through (a down service is not a missing publication)', async () => {
    const publications = strictMock<PublicationsClient>('publications');
    publications.getPublication.mockRejectedValue(new AppError('InternalServerError'));
    const hosts = new PublicationHosts(publications, 'https://pencraft.az');
    await expect(hosts.resolve('devblog.pencraft.az')).rejects.toMatchObject({ code: 'InternalServerError' });
  });

  it.each([
    ['https://pencraft.az', true],
    ['https://devblog.pencraft.az', true],
    ['https://nobody.pencraft.az', false],
    ['https://www.pencraft.az', false],
    ['http://devblog.pencraft.az', false],
    ['https://devblog.pencraft.az:8443', false],
    ['https://a.devblog.pencraft.az', false],
    ['https://evilpencraft.az', false],
    ['https://pencraft.az.evil.com', false],
    ['https://devblog.pencraft.az.evil.com', false],
    ['null', false],
  ])('the Origin %s of a write is allowed: %s', async (origin, allowed) => {
    const { hosts } = hostsWith({ devblog: 'p1' });
    expect(await hosts.originAllowed(origin)).toBe(allowed);
  });

  it('compares ports for local development', async () => {
    const publications = strictMock<PublicationsClient>('publications');
    publications.getPublication.mockResolvedValue({ publication: { id: 'p1', slug: 'devblog' } } as Answer);
    const hosts = new PublicationHosts(publications, 'http://localhost:8080');
    expect(await hosts.originAllowed('http://localhost:8080')).toBe(true);
    expect(await hosts.originAllowed('http://devblog.localhost:8080')).toBe(true);
    expect(await hosts.originAllowed('http://localhost:3000')).toBe(false);
    expect(await hosts.originAllowed('http://devblog.localhost:3000')).toBe(false);
  });
});

describe("the edge's headers to a frontend's server", () => {
  it('drops cookies and forged publication or host headers, and says what the gateway resolved', () => {
    const incoming = {
      host: 'devblog.localhost:8080',
      cookie: 'pc_su=secret',
      [PUBLICATION_HEADER]: 'p9 forged',
      'x-forwarded-host': 'forged.localhost:8080',
      accept: 'text/html',
    };
    expect(frontendHeaders(incoming, '127.0.0.1:3101', { id: 'p1', slug: 'devblog' })).toEqual({
      host: '127.0.0.1:3101',
      accept: 'text/html',
      'x-forwarded-host': 'devblog.localhost:8080',
      [PUBLICATION_HEADER]: 'p1 devblog',
    });
    expect(frontendHeaders({ ...incoming, host: 'localhost:8080' }, '127.0.0.1:3101', null)).toEqual({
      host: '127.0.0.1:3101',
      accept: 'text/html',
      'x-forwarded-host': 'localhost:8080',
    });
  });
});
