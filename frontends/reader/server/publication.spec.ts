import type { IncomingMessage } from 'node:http';
import { publicationSitemap } from './feeds.js';
import { headTags } from './head.js';
import { publicationHomeMeta } from './meta.js';
import { requestHost } from './request.js';

const t = ((key: string, options?: { name?: string }) =>
  key === 'description' ? 'A professional environment' : `${key}${options?.name ? `(${options.name})` : ''}`) as never;
const origin = 'http://devblog.localhost:8180';

describe("a publication's home on its subdomain", () => {
  const home = {
    publication: {
      name: 'Dev <Blog>',
      slug: 'devblog',
      description: 'Notes on building things.',
      logoUrl: '/media/logo.png',
      coverUrl: null,
    },
  };

  it('has its own title, canonical URL on the subdomain, Open Graph tags and the pc-publication mark', () => {
    const html = headTags(publicationHomeMeta(home, 'devblog', { origin, t }));
    expect(html).toContain('<title>Dev &lt;Blog&gt;</title>');
    expect(html).toContain('<link rel="canonical" href="http://devblog.localhost:8180/" data-pc-ssr />');
    expect(html).toContain('<meta property="og:title" content="Dev &lt;Blog&gt;" data-pc-ssr />');
    expect(html).toContain('<meta property="og:site_name" content="Dev &lt;Blog&gt;" data-pc-ssr />');
    expect(html).toContain('<meta property="og:url" content="http://devblog.localhost:8180/" data-pc-ssr />');
    expect(html).toContain('<meta property="og:description" content="Notes on building things." data-pc-ssr />');
    expect(html).toContain(
      '<meta property="og:image" content="http://devblog.localhost:8180/media/logo.png" data-pc-ssr />',
    );
    expect(html).toContain('<meta name="pc-publication" content="devblog" data-pc-ssr />');
    expect(html).not.toContain('noindex');
  });

  it('describes itself from its name when it has no description, and an unknown slug is noindex', () => {
    const plain = publicationHomeMeta({ publication: { ...home.publication, description: '' } }, 'devblog', {
      origin,
      t,
    });
    expect(plain.description).toBe('publication.description(Dev <Blog>)');
    const missing = headTags(publicationHomeMeta(null, 'nobody', { origin: 'http://nobody.localhost:8180', t }));
    expect(missing).toContain('<meta name="robots" content="noindex" data-pc-ssr />');
    expect(missing).toContain('<title>publication.notFound — Pencraft</title>');
  });

  it("lists the subdomain's home in its sitemap, and an unknown slug has none", () => {
    const map = publicationSitemap(origin, true);
    expect(map.status).toBe(200);
    expect(map.body.toString()).toContain('<url><loc>http://devblog.localhost:8180/</loc></url>');
    expect(publicationSitemap(origin, false).status).toBe(404);
  });
});

describe('requestHost', () => {
  const request = (headers: Record<string, string | string[]>) => ({ headers }) as unknown as IncomingMessage;
  it('takes the forwarded host of the Ingress or the dev edge, else Host', () => {
    expect(requestHost(request({ host: '10.0.0.5:3101', 'x-forwarded-host': 'devblog.pencraft.az' }))).toBe(
      'devblog.pencraft.az',
    );
    expect(requestHost(request({ host: 'devblog.pencraft.az' }))).toBe('devblog.pencraft.az');
    expect(requestHost(request({}))).toBe('');
  });
});
