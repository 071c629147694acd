import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { loadSeedData, seed, type CodeReader, type Fetch, type SeedBlock } from './seed.ts';

const data = loadSeedData();

function visible(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

function blockText(block: SeedBlock): string[] {
  const d = block.data as Record<string, unknown>;
  switch (block.type) {
    case 'paragraph':
    case 'header':
      return [visible(String(d.text))];
    case 'quote':
      return [visible(String(d.text)), visible(String(d.caption ?? ''))];
    case 'list': {
      const walk = (items: { content: string; items?: unknown[] }[]): string[] =>
        items.flatMap((i) => [visible(i.content), ...walk((i.items ?? []) as { content: string }[])]);
      return walk(d.items as { content: string }[]);
    }
    case 'table':
      return (d.content as string[][]).map((row) => row.map(visible).join(' '));
    case 'code':
      return [String(d.code)];
    case 'image':
    case 'video':
      return [visible(String(d.caption ?? ''))];
    case 'link': {
      const meta = (d.meta ?? {}) as { title?: string; description?: string };
      return [meta.title ?? '', meta.description ?? ''];
    }
    default:
      throw new Error(`unknown block type ${block.type}`);
  }
}

describe('seed data', () => {
  it('has three authors with valid credentials, one per language', () => {
    expect(data.users.map((u) => u.language).sort()).toEqual(['az', 'en', 'ru']);
    expect(data.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,128}$/);
    for (const user of data.users) {
      expect(user.username).toMatch(/^[A-Za-z][A-Za-z0-9_]{2,31}$/);
      expect(user.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/);
      expect([...user.fullname].length).toBeGreaterThanOrEqual(2);
      expect([...user.fullname].length).toBeLessThanOrEqual(64);
    }
  });

  it('has two articles per language, each by an author of that language, with unique titles', () => {
    const authors = new Map(data.users.map((u) => [u.username, u.language]));
    expect(data.articles).toHaveLength(6);
    for (const lang of ['az', 'en', 'ru']) expect(data.articles.filter((a) => a.language === lang)).toHaveLength(2);
    for (const article of data.articles) expect(authors.get(article.author)).toBe(article.language);
    expect(new Set(data.articles.map((a) => a.title)).size).toBe(6);
  });

  it.each(data.articles.map((a) => [a.title, a] as const))('"%s" satisfies the server rules', (_title, article) => {
    expect([...article.title].length).toBeGreaterThan(0);
    expect([...article.title].length).toBeLessThanOrEqual(150);
    expect([...article.description].length).toBeLessThanOrEqual(300);
    expect(article.subCategories.length).toBeLessThanOrEqual(4);
    expect(article.subCategories).not.toContain(article.category);
    const text = article.blocks.flatMap(blockText).join('\n').replace(/\s+/g, ' ').trim();
    expect([...text].length).toBeGreaterThanOrEqual(1000);
    expect([...text].length).toBeLessThanOrEqual(30_000);
    for (const block of article.blocks) {
      const d = block.data as Record<string, unknown>;
      if (block.type === 'header') expect([1, 2, 3]).toContain(d.level);
      if (block.type === 'image') expect(String(d.url)).toMatch(/^https:\/\//);
      if (block.type === 'link') expect(String(d.link)).toMatch(/^https:\/\//);
      if (block.type === 'video') {
        const id = /[?&]v=([A-Za-z0-9_-]{11})$/.exec(String(d.source))?.[1];
        expect(d.service).toBe('youtube');
        expect(d.source).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
        expect(d.embed).toBe(`https://www.youtube-nocookie.com/embed/${id}`);
      }
      if (block.type === 'list') {
        expect(['ordered', 'unordered']).toContain(d.style);
        for (const item of d.items as unknown[]) expect(item).toEqual({ content: expect.any(String), items: [] });
      }
      if (block.type === 'paragraph' || block.type === 'list') {
        const tags = JSON.stringify(d).match(/<\/?([a-z]+)/g) ?? [];
        for (const tag of tags) expect(['b', 'i', 'u', 'a', 'code', 'mark', 'br']).toContain(tag.replace(/[</]/g, ''));
      }
    }
    // Several block types per article, including headers of two levels and text.
    const types = new Set(article.blocks.map((b) => b.type));
    expect(types.size).toBeGreaterThanOrEqual(8);
    expect(
      new Set(article.blocks.filter((b) => b.type === 'header').map((b) => b.data.level)).size,
    ).toBeGreaterThanOrEqual(2);
  });

  it('uses every block type and both list styles across the articles', () => {
    const blocks = data.articles.flatMap((a) => a.blocks);
    expect(new Set(blocks.map((b) => b.type))).toEqual(
      new Set(['paragraph', 'header', 'list', 'quote', 'code', 'table', 'link', 'video', 'image']),
    );
    expect(new Set(blocks.filter((b) => b.type === 'list').map((b) => b.data.style))).toEqual(
      new Set(['ordered', 'unordered']),
    );
  });
});

const CAPTCHA_KEY = 'captcha-key-of-the-fake-gateway-0123456789';

/** Whether X-Captcha holds a solution of one of our challenges, checked as the gateway checks it. */
async function solvedCaptcha(header: string | null): Promise<boolean> {
  if (!header) return false;
  const { challenge, solution } = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as Parameters<
    typeof verifySolution
  >[0];
  return (await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: CAPTCHA_KEY })).verified;
}

/**
 * Just enough of the gateway for the seed: CSRF, captcha, register/login, confirmation by mailed code (new accounts
 * are unconfirmed and may not write), categories, home list, create, submit for review, and the moderation queue
 * (an article submitted waits under moderation until the staff token approves it).
 */
function fakeGateway() {
  const users = new Map<string, { uid: string; email: string; password: string; confirmed: boolean }>();
  /** The last code mailed to each address. */
  const mailbox = new Map<string, string>();
  const mail = (email: string) => mailbox.set(email, String(100000 + next++));
  const sessions = new Map<string, string>();
  const articles: { id: string; title: string; author: string; status: string; publicationId: string | null }[] = [];
  const publications: { id: string; owner: string; slug: string; plans: { interval: string; price: number }[] }[] = [];
  const calls: string[] = [];
  let next = 1;

  const json = (status: number, body: unknown, cookies: string[] = []): Response => {
    const headers = new Headers({ 'content-type': 'application/json' });
    for (const c of cookies) headers.append('set-cookie', c);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
  };
  const error = (status: number, code: string) => json(status, { error: { code, message: code, requestId: 'r' } });

  const fetchImpl: Fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const cookies = new Map(
      (headers.get('cookie') ?? '')
        .split(';')
        .filter(Boolean)
        .map((c) => c.trim().split('=') as [string, string]),
    );
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
    calls.push(`${method} ${url.pathname}`);
    // Bearer-only staff routes need no CSRF token (the gateway's policy).
    const bearer = headers.get('authorization')?.startsWith('Bearer ') ?? false;
    if ((method === 'POST' || method === 'PUT') && !bearer && headers.get('x-csrf-token') !== cookies.get('pc_csrf'))
      return error(403, 'ChallengeFailed');
    const session = sessions.get(cookies.get('pc_su') ?? '');
    const signedIn = (username: string) => {
      const token = `s${next++}`;
      sessions.set(token, username);
      const user = users.get(username)!;
      return json(200, { uid: user.uid, unm: username, cnf: user.confirmed }, [`pc_su=${token}; Path=/; HttpOnly`]);
    };
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/csrf':
        return json(200, { token: 'csrf1' }, ['pc_csrf=csrf1; Path=/; SameSite=Lax']);
      case 'GET /api/articles/categories':
        return json(200, {
          items: ['tech', 'education', 'science', 'business', 'programming'].map((id) => ({ id, name: id })),
        });
      case 'GET /api/home/articles':
        return json(200, {
          items: articles.filter((a) => a.status === 'published'),
          page: 1,
          pageSize: 20,
          hasMore: false,
        });
      case 'GET /api/captcha/challenge': {
        const challenge = await createChallenge({
          algorithm: 'SHA-256',
          cost: 1,
          counter: 500,
          deriveKey,
          hmacSignatureSecret: CAPTCHA_KEY,
        });
        return json(200, { provider: 'altcha', ...challenge });
      }
      case 'POST /api/id/register':
        if (!(await solvedCaptcha(headers.get('x-captcha')))) return error(403, 'ChallengeFailed');
        if (users.has(body.username!)) return error(409, 'UsernameAlreadyExists');
        if ([...users.values()].some((u) => u.email === body.email)) return error(409, 'EmailAlreadyExists');
        users.set(body.username!, {
          uid: `u${next++}`,
          email: body.email!,
          password: body.password!,
          confirmed: false,
        });
        mail(body.email!);
        return signedIn(body.username!);
      case 'POST /api/id/register/resend':
        if (!session) return error(401, 'Unauthorized');
        if (!(await solvedCaptcha(headers.get('x-captcha')))) return error(403, 'ChallengeFailed');
        mail(users.get(session)!.email);
        return json(204, undefined);
      case 'POST /api/id/register/verify': {
        const user = session ? users.get(session) : undefined;
        if (!user) return error(401, 'Unauthorized');
        if (mailbox.get(user.email) !== body.code) return error(400, 'WrongCode');
        user.confirmed = true;
        return json(200, { uid: user.uid, unm: session, cnf: true });
      }
      case 'POST /api/id/auth/login':
        return users.get(body.login!)?.password === body.password
          ? signedIn(body.login!)
          : error(401, 'IncorrectEmailOrPassword');
      case 'POST /api/articles': {
        if (!session) return error(401, 'Unauthorized');
        if (!users.get(session)!.confirmed) return error(403, 'AccountNotConfirmed');
        const article = { id: `a${next++}`, title: body.title!, author: session, status: 'draft', publicationId: null };
        articles.push(article);
        return json(201, article);
      }
    }
    if (`${method} ${url.pathname}` === 'GET /api/ttin/pbls') {
      if (!session) return error(401, 'Unauthorized');
      const mine = publications.find((p) => p.owner === session);
      return json(200, { publication: mine ?? null, role: mine ? 'owner' : null, invitations: [] });
    }
    if (`${method} ${url.pathname}` === 'POST /api/core-publications') {
      if (!session) return error(401, 'Unauthorized');
      if (publications.some((p) => p.owner === session)) return error(409, 'UserAlreadyOwnsPublication');
      const publication = { id: `p${next++}`, owner: session, slug: body.slug!, plans: [] };
      publications.push(publication);
      return json(201, publication);
    }
    const plans = /^\/api\/core-publications\/(.+)\/studio\/plans$/.exec(url.pathname);
    if (plans) {
      const publication = publications.find((p) => p.id === plans[1]);
      if (!publication) return error(404, 'PublicationNotFound');
      if (publication.owner !== session) return error(403, 'ActorNotPublicationMember');
      if (method === 'GET') return json(200, { items: publication.plans });
      const plan = body as unknown as { interval: string; price: number };
      if (publication.plans.some((p) => p.interval === plan.interval)) return error(409, 'AlreadyHasPlan');
      publication.plans.push(plan);
      return json(201, plan);
    }
    const target = /^\/api\/drafts\/(.+)\/publication$/.exec(url.pathname);
    if (method === 'PUT' && target) {
      const article = articles.find((a) => a.id === target[1]);
      if (!article || article.author !== session) return error(404, 'DraftNotFound');
      const publication = publications.find((p) => p.id === body.publicationId);
      if (!publication) return error(404, 'PublicationNotFound');
      if (publication.owner !== session) return error(403, 'ActorNotPublicationMember');
      article.publicationId = publication.id;
      return json(200, article);
    }
    const publish = /^\/api\/articles\/publishing\/(.+)$/.exec(url.pathname);
    if (method === 'POST' && publish) {
      const article = articles.find((a) => a.id === publish[1]);
      if (!article || article.author !== session) return error(404, 'ArticleNotFound');
      // The automatic review passes it on to a human.
      article.status = 'underModeration';
      return json(200, article);
    }
    const staff = headers.get('authorization') === `Bearer ${STAFF_TOKEN}`;
    if (method === 'GET' && url.pathname === '/api/moderation/queue') {
      if (!staff) return error(401, 'Unauthorized');
      const state = url.searchParams.get('state');
      return json(200, {
        items: articles
          .filter((a) => a.status === state)
          .map((a) => ({ id: `item-${a.id}`, subjectId: a.id, state: a.status, note: '' })),
        page: 1,
        pageSize: 20,
        hasMore: false,
      });
    }
    const decision = /^\/api\/moderation\/items\/item-(.+)\/decision$/.exec(url.pathname);
    if (method === 'POST' && decision) {
      if (!staff) return error(401, 'Unauthorized');
      const article = articles.find((a) => a.id === decision[1]);
      if (!article) return error(404, 'ModerationItemNotFound');
      article.status = body.decision === 'approve' ? 'published' : 'rejected';
      return json(200, { id: `item-${article.id}`, subjectId: article.id, state: 'approved' });
    }
    return error(404, 'NotFound');
  };
  /** The seed's code reader over this gateway's mailbox. */
  const readCode: CodeReader = async (to) => mailbox.get(to)!;
  return { fetchImpl, users, articles, publications, calls, readCode };
}

const STAFF_TOKEN = 'staff-token';
const staffToken = async () => STAFF_TOKEN;

describe('seed', () => {
  it('registers the authors, submits every article and approves it as the demo moderator, then does nothing on a second run', async () => {
    const gateway = fakeGateway();
    const first = await seed(
      'http://gateway.test',
      data,
      () => undefined,
      gateway.fetchImpl,
      gateway.readCode,
      staffToken,
    );
    expect(first).toEqual({
      usersCreated: 3,
      usersSkipped: 0,
      articlesCreated: 6,
      articlesSkipped: 0,
      articlesApproved: 6,
      publicationsCreated: 1,
      plansCreated: 2,
    });
    expect(gateway.calls.filter((c) => c.startsWith('POST /api/moderation/items/'))).toHaveLength(6);
    // The demo publication: its owner's, with a monthly and a yearly plan, and the article published into it.
    const [publication] = data.publications;
    expect(gateway.publications).toEqual([
      expect.objectContaining({ owner: publication!.owner, slug: publication!.slug, plans: publication!.plans }),
    ]);
    const intoIt = gateway.articles.filter((a) => a.publicationId === gateway.publications[0]!.id);
    expect(intoIt.map((a) => a.title)).toEqual(publication!.articles);
    expect([...gateway.users.values()].every((u) => u.confirmed)).toBe(true);
    expect(gateway.articles.every((a) => a.status === 'published')).toBe(true);
    const owners = new Map(data.articles.map((a) => [a.title, a.author]));
    for (const article of gateway.articles) expect(article.author).toBe(owners.get(article.title));

    const second = await seed(
      'http://gateway.test',
      data,
      () => undefined,
      gateway.fetchImpl,
      gateway.readCode,
      staffToken,
    );
    expect(second).toEqual({
      usersCreated: 0,
      usersSkipped: 0,
      articlesCreated: 0,
      articlesSkipped: 6,
      articlesApproved: 0,
      publicationsCreated: 0,
      plansCreated: 0,
    });
    expect(gateway.articles).toHaveLength(6);
    expect(gateway.publications).toHaveLength(1);
    expect(gateway.calls.filter((c) => c === 'POST /api/id/auth/login')).toHaveLength(3);
  });

  it('confirms a user an older seed left unconfirmed with a new code, and refuses to go on without a mailbox', async () => {
    const gateway = fakeGateway();
    const [author] = data.users;
    gateway.users.set(author!.username, {
      uid: 'u0',
      email: author!.email,
      password: data.password,
      confirmed: false,
    });
    const one = { ...data, users: [author!], articles: data.articles.filter((a) => a.author === author!.username) };
    await expect(seed('http://gateway.test', one, () => undefined, gateway.fetchImpl)).rejects.toThrow(/not confirmed/);
    const result = await seed('http://gateway.test', one, () => undefined, gateway.fetchImpl, gateway.readCode);
    expect(result.articlesCreated).toBe(one.articles.length);
    expect(gateway.users.get(author!.username)!.confirmed).toBe(true);
    expect(gateway.calls).toContain('POST /api/id/register/resend');
  });

  it('leaves the articles waiting for moderation without a staff token, and says so', async () => {
    const gateway = fakeGateway();
    const lines: string[] = [];
    const result = await seed(
      'http://gateway.test',
      data,
      (line) => lines.push(line),
      gateway.fetchImpl,
      gateway.readCode,
    );
    expect(result.articlesApproved).toBe(0);
    expect(gateway.articles.every((a) => a.status === 'underModeration')).toBe(true);
    expect(lines).toContain('6 article(s) left waiting for moderation (no staff token)');
  });

  it('skips, line by line, the users it cannot sign in as (renamed, or another password) and their articles, and succeeds', async () => {
    const gateway = fakeGateway();
    await seed('http://gateway.test', data, () => undefined, gateway.fetchImpl, gateway.readCode, staffToken);
    const [renamed, rekeyed, kept] = data.users;
    // Through the site: the first demo user took another username, the second another password.
    gateway.users.set('someone_else', gateway.users.get(renamed!.username)!);
    gateway.users.delete(renamed!.username);
    gateway.users.get(rekeyed!.username)!.password = 'another-password-1';
    const unpublished = { ...data.articles.find((a) => a.author === renamed!.username)!, title: 'A new seed article' };
    const lines: string[] = [];

    const result = await seed(
      'http://gateway.test',
      { ...data, articles: [...data.articles, unpublished] },
      (line) => lines.push(line),
      gateway.fetchImpl,
      gateway.readCode,
      staffToken,
    );

    expect(result).toEqual({
      usersCreated: 0,
      usersSkipped: 2,
      articlesCreated: 0,
      articlesSkipped: 6,
      articlesApproved: 0,
      publicationsCreated: 0,
      plansCreated: 0,
    });
    expect(lines).toContain(
      `publication "${data.publications[0]!.name}": skipped, the seed cannot sign in as its owner ${renamed!.username}`,
    );
    expect(lines).toContain(
      `user ${renamed!.username}: skipped, the seed cannot sign in as it (IncorrectEmailOrPassword; renamed or its password changed through the site)`,
    );
    expect(lines).toContain(
      `user ${rekeyed!.username}: skipped, the seed cannot sign in as it (IncorrectEmailOrPassword; renamed or its password changed through the site)`,
    );
    expect(lines).toContain(`user ${kept!.username}: signed in`);
    expect(lines).toContain(
      `article "A new seed article": skipped, the seed cannot sign in as its author ${renamed!.username}`,
    );
    expect(gateway.articles).toHaveLength(6);
  });

  it('keeps a publication its owner already has and adds only the missing plan', async () => {
    const gateway = fakeGateway();
    const [owner] = data.users;
    const one = { ...data, users: [owner!], articles: [] };
    await seed('http://gateway.test', one, () => undefined, gateway.fetchImpl, gateway.readCode);
    gateway.publications[0]!.slug = 'renamed-through-the-site';
    gateway.publications[0]!.plans.pop();
    const lines: string[] = [];
    const again = await seed('http://gateway.test', one, (l) => lines.push(l), gateway.fetchImpl, gateway.readCode);
    expect({ created: again.publicationsCreated, plans: again.plansCreated }).toEqual({ created: 0, plans: 1 });
    expect(lines).toContain(`publication "${data.publications[0]!.name}": already there (renamed-through-the-site)`);
    expect(gateway.publications[0]!.plans).toEqual(data.publications[0]!.plans);
  });

  it('fails with the API error when a category is unknown', async () => {
    const gateway = fakeGateway();
    const broken = { ...data, articles: [{ ...data.articles[0]!, category: 'astrology' }] };
    await expect(
      seed('http://gateway.test', broken, () => undefined, gateway.fetchImpl, gateway.readCode),
    ).rejects.toThrow(/unknown category "astrology"/);
  });
});
