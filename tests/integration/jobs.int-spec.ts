// Jobs through the gateway on real servers (identity, publications, gateway; PostgreSQL, Redis, NATS, mailpit): the
// owner of a publication posts, changes and closes its jobs from the studio's API; a member sees the studio's list
// and may not change it; the owner of another publication can neither list, change nor close them (not even by naming
// the job under their own publication: NotFound); visitors read the open list with its filters (category, type,
// remote, publication, words) and keyset paging, and a job by id (a closed one too, marked closed; an unknown one
// NotFound). Bad fields answer the catalogue's codes (InvalidTitle, InvalidDescription, InvalidModel), never a 5xx.
import type { Schemas } from '@pencraft/api-client';
import { JOBS_PAGE_SIZE } from '@pencraft/rules';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';
import { captchaParam, errorCode, typedApi, type BodyOf, type TypedApi } from '../support/typed-api.ts';
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

interface Account {
  api: TypedApi;
  uid: string;
  username: string;
}

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let seq = 0;
const run = Date.now().toString(36);

let owner: Account;
let member: Account;
let rival: Account;
let outsider: Account;
let publication: Schemas['Publication'];
let rivalPublication: Schemas['Publication'];
let editorJob: Schemas['Job'];

type JobBody = BodyOf<'createStudioJob'>;

const statusAndCode = (response: { status: number; error?: Schemas['Error'] }) => [
  response.status,
  errorCode(response),
];
const fieldOf = (response: { error?: Schemas['Error'] }) =>
  (response.error?.error as { details?: { field: string }[] } | undefined)?.details?.[0]?.field;

async function signUp(): Promise<Account> {
  seq += 1;
  const account = { email: `job${seq}.${run}@example.az`, username: `job_${run}_${seq}`, password: 'jobs-posted-7' };
  const client = new ApiClient(base);
  const api = typedApi(client);
  const response = await api.POST('/api/id/register', {
    body: { ...account, fullname: `Jobs User ${seq}`, acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, account.email);
  return { api, uid: response.data!.uid, username: account.username };
}

const visitor = () => typedApi(new ApiClient(base));
const job = (over: Partial<JobBody> = {}): JobBody => ({
  title: 'Baş redaktor',
  description: 'Gündəlik xəbərləri redaktə edin, müəlliflərlə işləyin və nəşrin səsini qoruyun.',
  location: 'Bakı',
  remote: false,
  employmentType: 'fullTime',
  category: 'editing',
  salaryMinQepik: 150_000,
  salaryMaxQepik: 250_000,
  apply: 'https://example.az/apply',
  ...over,
});
const onPublication = (id: string) => ({ params: { path: { id } } });
const post = (account: Account, body: JobBody, id = publication.id) =>
  account.api.POST('/api/core-publications/{id}/studio/jobs', { ...onPublication(id), body });
const update = (account: Account, jobId: string, body: JobBody, id = publication.id) =>
  account.api.PUT('/api/core-publications/{id}/studio/jobs/{jobId}', { params: { path: { id, jobId } }, body });
const close = (account: Account, jobId: string, id = publication.id) =>
  account.api.POST('/api/core-publications/{id}/studio/jobs/{jobId}/close', { params: { path: { id, jobId } } });
const studio = (account: Account, id = publication.id, cursor?: string) =>
  account.api.GET('/api/core-publications/{id}/studio/jobs', {
    params: { path: { id }, query: cursor ? { cursor } : {} },
  });
/** The public list as a visitor asks for it (values outside the document's lists too). */
const list = (query: Record<string, string>) => visitor().GET('/api/jobs', { params: { query: query as never } });
const titles = (page: { data?: Schemas['JobPage'] }) => page.data!.items.map((item) => item.title);

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('jobs');
  apps.push(...(await Promise.all([startService('identity', db.name), startService('publications', db.name)])));
  apps.push(
    await startService('gateway', db.name, {
      EDGE_ROUTES: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
      PUBLIC_CACHE_SECONDS: '0',
    }),
  );
  base = httpBase('gateway');
  [owner, member, rival, outsider] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
  const created = await owner.api.POST('/api/core-publications', {
    body: { name: `Bakı İşləri ${run}`, slug: `jobs-${run}` },
  });
  expect(created.status).toBe(201);
  publication = created.data!;
  const other = await rival.api.POST('/api/core-publications', {
    body: { name: `Rival Jobs ${run}`, slug: `rival-jobs-${run}` },
  });
  expect(other.status).toBe(201);
  rivalPublication = other.data!;
  const invited = await owner.api.POST('/api/core-publications/{id}/studio/members', {
    ...onPublication(publication.id),
    body: { username: member.username },
  });
  expect(invited.status).toBeLessThan(300);
  const accepted = await member.api.POST('/api/ttin/pbls/invitations/{id}/accept', onPublication(publication.id));
  expect(accepted.status).toBeLessThan(300);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('posting a job', () => {
  it('is the owner’s: the job is open, its fields normalized and its salary in qəpik', async () => {
    const posted = await post(
      owner,
      job({ title: '  Baş <b>redaktor</b> ', apply: 'https://Example.az/apply', location: '  Bakı  ' }),
    );
    expect(posted.status).toBe(201);
    editorJob = posted.data!;
    expect(editorJob).toMatchObject({
      title: 'Baş redaktor',
      location: 'Bakı',
      remote: false,
      employmentType: 'fullTime',
      category: 'editing',
      salary: { minQepik: 150_000, maxQepik: 250_000, currency: 'AZN' },
      apply: { kind: 'url', value: 'https://example.az/apply', href: 'https://example.az/apply' },
      status: 'open',
      closedAt: null,
      publication: { id: publication.id, name: publication.name, slug: publication.slug, domain: publication.domain },
    });
  });

  it('takes an e-mail address to apply to, and no salary', async () => {
    const posted = await post(
      owner,
      job({
        title: 'Remote translator',
        description: 'Translate our articles from Azerbaijani into English and Russian, twice a week.',
        employmentType: 'contract',
        category: 'translation',
        remote: true,
        location: '',
        salaryMinQepik: null,
        salaryMaxQepik: null,
        apply: 'jobs@example.az',
      }),
    );
    expect(posted.status).toBe(201);
    expect(posted.data).toMatchObject({
      location: null,
      remote: true,
      salary: null,
      apply: { kind: 'email', value: 'jobs@example.az', href: 'mailto:jobs@example.az' },
    });
  });

  it('refuses bad fields with the catalogue’s codes', async () => {
    const cases: [Partial<JobBody>, number, string, string][] = [
      [{ title: '' }, 400, 'InvalidTitle', 'title'],
      [{ title: 'ab' }, 400, 'InvalidTitle', 'title'],
      [{ title: 'x'.repeat(121) }, 400, 'InvalidTitle', 'title'],
      [{ description: 'short' }, 400, 'InvalidDescription', 'description'],
      [{ description: 'x'.repeat(5001) }, 400, 'InvalidDescription', 'description'],
      [{ apply: 'javascript:alert(1)' }, 400, 'InvalidModel', 'apply'],
      [{ apply: 'ftp://example.az/cv' }, 400, 'InvalidModel', 'apply'],
      [{ apply: 'data:text/html,<b>x</b>' }, 400, 'InvalidModel', 'apply'],
      [{ salaryMinQepik: 300_000, salaryMaxQepik: 100_000 }, 400, 'InvalidModel', 'salary'],
      [{ salaryMinQepik: 0 }, 400, 'InvalidModel', 'salaryMinQepik'],
      [{ salaryMinQepik: 1.5 }, 400, 'InvalidModel', 'salaryMinQepik'],
      [{ location: 'Bakı\u0000' }, 400, 'InvalidModel', 'location'],
    ];
    for (const [over, status, code, field] of cases) {
      const answer = await post(owner, job(over));
      expect({ over, answer: [...statusAndCode(answer), fieldOf(answer)] }).toEqual({
        over,
        answer: [status, code, field],
      });
    }
    const raw = await owner.api.POST('/api/core-publications/{id}/studio/jobs', {
      ...onPublication(publication.id),
      body: { ...job(), employmentType: 'freelance', category: 'tech' } as unknown as JobBody,
    });
    expect(raw.status).toBe(400);
  });

  it('is refused to a member, another publication’s owner, an outsider and a visitor', async () => {
    expect(statusAndCode(await post(member, job()))).toEqual([403, 'ActorNotPublicationOwner']);
    expect(statusAndCode(await post(rival, job()))).toEqual([403, 'ActorNotPublicationMember']);
    expect(statusAndCode(await post(outsider, job()))).toEqual([403, 'ActorNotPublicationMember']);
    const anonymous = await visitor().POST('/api/core-publications/{id}/studio/jobs', {
      ...onPublication(publication.id),
      body: job(),
    });
    expect(statusAndCode(anonymous)).toEqual([401, 'Unauthorized']);
    expect(statusAndCode(await post(owner, job(), '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f'))).toEqual([
      404,
      'PublicationNotFound',
    ]);
  });
});

describe('another publication', () => {
  it('cannot list, change or close the jobs, not even under its own id (IDOR)', async () => {
    expect(statusAndCode(await studio(rival))).toEqual([403, 'ActorNotPublicationMember']);
    expect(statusAndCode(await update(rival, editorJob.id, job({ title: 'Hijacked' })))).toEqual([
      403,
      'ActorNotPublicationMember',
    ]);
    expect(statusAndCode(await close(rival, editorJob.id))).toEqual([403, 'ActorNotPublicationMember']);
    // The rival's own publication with our job's id: the job is not theirs.
    expect(statusAndCode(await update(rival, editorJob.id, job({ title: 'Hijacked' }), rivalPublication.id))).toEqual([
      404,
      'NotFound',
    ]);
    expect(statusAndCode(await close(rival, editorJob.id, rivalPublication.id))).toEqual([404, 'NotFound']);
    expect(statusAndCode(await close(member, editorJob.id))).toEqual([403, 'ActorNotPublicationOwner']);
    const still = await visitor().GET('/api/jobs/{id}', { params: { path: { id: editorJob.id } } });
    expect(still.data).toMatchObject({ title: 'Baş redaktor', status: 'open' });
  });
});

describe('the studio’s list', () => {
  it('shows the publication’s jobs to its members and owner', async () => {
    const forMember = await studio(member);
    expect(forMember.status).toBe(200);
    expect(titles(forMember)).toEqual(['Remote translator', 'Baş redaktor']);
    expect(titles(await studio(owner))).toEqual(['Remote translator', 'Baş redaktor']);
    expect(titles(await studio(rival, rivalPublication.id))).toEqual([]);
  });
});

describe('reading jobs', () => {
  beforeAll(async () => {
    const more: Partial<JobBody>[] = [
      {
        title: 'Photo editor intern',
        employmentType: 'internship',
        category: 'photography',
        description: 'Select and edit the photographs of our weekend features; learn from the team.',
        salaryMinQepik: null,
      },
      { title: 'Part-time designer', employmentType: 'partTime', category: 'design', remote: true },
    ];
    for (const over of more) expect((await post(owner, job(over))).status).toBe(201);
    const rivals = await post(rival, job({ title: 'Rival reporter', category: 'writing' }), rivalPublication.id);
    expect(rivals.status).toBe(201);
  });

  it('lists open jobs to visitors, newest first, with their publication', async () => {
    const page = await list({});
    expect(page.status).toBe(200);
    expect(titles(page)).toEqual([
      'Rival reporter',
      'Part-time designer',
      'Photo editor intern',
      'Remote translator',
      'Baş redaktor',
    ]);
    expect(page.data!.nextCursor).toBeNull();
    expect(page.data!.items[0]!.publication.slug).toBe(rivalPublication.slug);
  });

  it('narrows the list by each filter and by words', async () => {
    expect(titles(await list({ category: 'translation' }))).toEqual(['Remote translator']);
    expect(titles(await list({ type: 'internship' }))).toEqual(['Photo editor intern']);
    expect(titles(await list({ remote: 'true' }))).toEqual(['Part-time designer', 'Remote translator']);
    expect(titles(await list({ remote: 'false' }))).toEqual(['Rival reporter', 'Photo editor intern', 'Baş redaktor']);
    expect(titles(await list({ publication: rivalPublication.id }))).toEqual(['Rival reporter']);
    expect(titles(await list({ q: 'REDAKTOR' }))).toEqual(['Baş redaktor']);
    expect(titles(await list({ q: 'photographs weekend' }))).toEqual(['Photo editor intern']);
    expect(titles(await list({ q: '100%_' }))).toEqual([]);
    expect(titles(await list({ remote: 'true', category: 'design', type: 'partTime' }))).toEqual([
      'Part-time designer',
    ]);
  });

  it('refuses a bad filter or cursor without a 5xx', async () => {
    const bad: Record<string, string>[] = [
      { category: 'tech' },
      { type: 'full-time' },
      { remote: 'yes' },
      { publication: 'x' },
    ];
    for (const query of bad) {
      const answer = await list(query);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
    }
    expect(statusAndCode(await list({ q: 'x'.repeat(101) }))).toEqual([400, 'InvalidModel']);
    expect(statusAndCode(await list({ cursor: 'not-a-cursor' }))).toEqual([400, 'InvalidPage']);
  });

  it('reads a job by id; an unknown or malformed id is NotFound', async () => {
    const found = await visitor().GET('/api/jobs/{id}', { params: { path: { id: editorJob.id } } });
    expect(found.status).toBe(200);
    expect(found.data).toMatchObject({ id: editorJob.id, status: 'open', publication: { id: publication.id } });
    const unknown = await visitor().GET('/api/jobs/{id}', {
      params: { path: { id: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f' } },
    });
    expect(statusAndCode(unknown)).toEqual([404, 'NotFound']);
    const malformed = await visitor().GET('/api/jobs/{id}', { params: { path: { id: 'nope' } } });
    expect(statusAndCode(malformed)).toEqual([404, 'NotFound']);
  });

  it('pages by cursor without repeating or skipping a job', async () => {
    const many = Array.from({ length: JOBS_PAGE_SIZE + 2 }, (_, i) => `Paged writer ${String(i).padStart(2, '0')}`);
    for (const title of many) {
      expect((await post(rival, job({ title, category: 'writing' }), rivalPublication.id)).status).toBe(201);
    }
    const first = await list({ category: 'writing' });
    expect(first.data!.items).toHaveLength(JOBS_PAGE_SIZE);
    expect(first.data!.nextCursor).toEqual(expect.any(String));
    const second = await list({ category: 'writing', cursor: first.data!.nextCursor! });
    expect(second.data!.nextCursor).toBeNull();
    expect([...titles(first), ...titles(second)]).toEqual([...[...many].reverse(), 'Rival reporter']);
    const studioFirst = await studio(rival, rivalPublication.id);
    const studioSecond = await studio(rival, rivalPublication.id, studioFirst.data!.nextCursor!);
    expect(titles(studioFirst).length + titles(studioSecond).length).toBe(JOBS_PAGE_SIZE + 3);
  });
});

describe('changing and closing', () => {
  it('lets the owner change every field', async () => {
    const changed = await update(
      owner,
      editorJob.id,
      job({ title: 'Baş redaktor (müavin)', remote: true, salaryMinQepik: 200_000, salaryMaxQepik: null }),
    );
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({
      title: 'Baş redaktor (müavin)',
      remote: true,
      salary: { minQepik: 200_000, maxQepik: null },
    });
    expect(statusAndCode(await update(owner, editorJob.id, job({ title: 'no' })))).toEqual([400, 'InvalidTitle']);
  });

  it('closes a job: gone from the list, still readable marked closed, listed in the studio', async () => {
    const closed = await close(owner, editorJob.id);
    expect(closed.status).toBe(200);
    expect(closed.data).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect((await close(owner, editorJob.id)).data).toMatchObject({
      status: 'closed',
      closedAt: closed.data!.closedAt,
    });
    expect(titles(await list({ publication: publication.id }))).not.toContain('Baş redaktor (müavin)');
    const read = await visitor().GET('/api/jobs/{id}', { params: { path: { id: editorJob.id } } });
    expect(read.data).toMatchObject({ status: 'closed', title: 'Baş redaktor (müavin)' });
    const inStudio = (await studio(owner)).data!.items.find((item) => item.id === editorJob.id);
    expect(inStudio?.status).toBe('closed');
  });
});
