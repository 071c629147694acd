// The floor of the platform's read path on this machine (issue #19, aims 1 and 2): the same hops as the gateway's
// uncached article read and the reader's uncached page, made of the bare parts the design requires and nothing of ours
// or of the frameworks. Three processes:
// - back: a grpc-js server over mutual TLS (the articles service's certificate) answering ArticlesService.GetArticle
//   with the articles service's own prepared statement (its `articles_for_reading`, taken from the built repository),
//   run with pg directly: no Nest, no drizzle mapping, no interceptors, no allow-list;
// - front: a node:http server answering GET /api/articles/{id} through a grpc-js client over mutual TLS (the
//   gateway's certificate), each call with a deadline, with the article's JSON, the content spliced in as text as the
//   gateway does: no Fastify, no protections, no session;
// - page: a node:http server answering GET /a/{id} with an HTML page of the article (the front's JSON read over a
//   keep-alive pool, parsed, escaped into a template of the reader's page size): no React, no i18next.
// The bench measures each beside the real path in the same run (`make bench`, groups reads and ssr): what the design's
// parts cost by themselves, against the aims' share of the bare ceiling. Run as a child: node bare-chain.ts <role> ...
import { credentials, Metadata, Server, ServerCredentials, status, type ServiceError } from '@grpc/grpc-js';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

type Role = 'back' | 'front' | 'page';

interface Tls {
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

function tlsOf(dir: string): Tls {
  return {
    ca: readFileSync(`${dir}/ca.crt`),
    cert: readFileSync(`${dir}/tls.crt`),
    key: readFileSync(`${dir}/tls.key`),
  };
}

async function contracts() {
  return import('@pencraft/contracts/articles/v1/articles');
}

/** The articles service's statement for one article read, and the path of each column in its answer. */
async function readingStatement(pool: import('pg').Pool) {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const repositoryUrl = new URL('../../services/articles/dist/articles/article.repository.js', import.meta.url);
  const { ArticleRepository } = (await import(repositoryUrl.href)) as {
    ArticleRepository: new (database: unknown) => Record<string, unknown>;
  };
  const prepared = new ArticleRepository({ db: drizzle(pool) })['forReading'] as {
    queryString: string;
    params: unknown[];
    fields: { path: string[] }[];
  };
  // Its parameters: the id's placeholder, and values drizzle bound itself (the limit).
  const values = (id: string) =>
    prepared.params.map((param) => ((param as { name?: string }).name === 'id' ? id : param));
  return { text: prepared.queryString, values, paths: prepared.fields.map((field) => field.path) };
}

async function back(port: number, databaseUrl: string, tlsDir: string) {
  const pg = (await import('pg')).default;
  const { ArticlesServiceService, ArticleStatus } = await contracts();
  const { Audience } = await import('@pencraft/contracts/common/v1/common');
  const { languages } = await import('@pencraft/contracts/enums');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const { text, values, paths } = await readingStatement(pool);
  const tls = tlsOf(tlsDir);
  const server = new Server({ 'grpc.enable_channelz': 0 });
  const ms = (value: unknown) => (value ? Date.parse(String(value)) : 0);
  server.addService(ArticlesServiceService, {
    getArticle: (call: { request: { articleId: string } }, callback: (error: unknown, value?: unknown) => void) => {
      pool.query({ name: 'bare_for_reading', text, values: values(call.request.articleId), rowMode: 'array' }).then(
        ({ rows }) => {
          const row = rows[0] as unknown[] | undefined;
          if (!row) return callback({ code: status.NOT_FOUND, details: 'ArticleNotFound' });
          const found: Record<string, Record<string, unknown>> = {};
          paths.forEach((path, i) => {
            const [group, name] = path.length > 1 ? path : ['', path[0]!];
            (found[group!] ??= {})[name!] = row[i];
          });
          const a = found.article!;
          callback(null, {
            article: {
              id: a.id,
              title: a.title,
              description: a.description,
              language: languages.toProto(a.language as 'az'),
              category: a.category,
              subCategories: a.subCategories ?? [],
              contentJson: a.contentJson,
              status: ArticleStatus.ARTICLE_STATUS_PUBLISHED,
              author: found.author,
              createdAtMs: ms(a.createdAt),
              updatedAtMs: ms(a.updatedAt),
              publishedAtMs: ms(a.publishedAt),
              wordCount: a.wordCount,
              symbolCount: a.symbolCount,
              readingMinutes: 1,
              reviewNote: '',
              coverUrl: '',
              audience: Audience.AUDIENCE_FREE,
              target: '',
              editCount: a.editCount,
              publicationId: '',
              locked: false,
              coAuthors: found['']?.coAuthors ?? [],
              translations: [],
              originalId: '',
            },
          });
        },
        (error: Error) => callback({ code: status.INTERNAL, details: error.message }),
      );
    },
  } as never);
  await new Promise<void>((resolve, reject) =>
    server.bindAsync(
      `127.0.0.1:${port}`,
      ServerCredentials.createSsl(tls.ca, [{ private_key: tls.key, cert_chain: tls.cert }], true),
      (error) => (error ? reject(error) : resolve()),
    ),
  );
}

async function front(port: number, backPort: number, tlsDir: string) {
  const { ArticlesServiceClient } = await contracts();
  const { languages } = await import('@pencraft/contracts/enums');
  const tls = tlsOf(tlsDir);
  const client = new ArticlesServiceClient(`127.0.0.1:${backPort}`, credentials.createSsl(tls.ca, tls.key, tls.cert), {
    'grpc.ssl_target_name_override': 'articles',
    'grpc.default_authority': 'articles',
    'grpc.enable_channelz': 0,
  });
  const iso = (ms: number) => (ms ? new Date(ms).toISOString() : null);
  listen(port, (request, response) => {
    const id = /^\/api\/articles\/([0-9a-f-]{36})$/.exec(request.url ?? '')?.[1];
    if (!id) return void response.writeHead(404).end();
    // With a deadline, as every call of the platform has one (the kit's client: 5 s by default).
    const deadline = new Date(Date.now() + 5_000);
    client.getArticle(
      { articleId: id, viewerUid: '' },
      new Metadata(),
      { deadline },
      (error: ServiceError | null, answer) => {
        if (error || !answer?.article) {
          return void response
            .writeHead(error?.code === status.NOT_FOUND ? 404 : 502)
            .end(error?.message ?? 'no article');
        }
        const { contentJson, ...a } = answer.article;
        const head = JSON.stringify({
          id: a.id,
          title: a.title,
          description: a.description,
          language: languages.fromProto(a.language),
          category: a.category,
          subCategories: a.subCategories,
          status: 'published',
          author: a.author,
          createdAt: iso(a.createdAtMs),
          updatedAt: iso(a.updatedAtMs),
          publishedAt: iso(a.publishedAtMs),
          wordCount: a.wordCount,
          symbolCount: a.symbolCount,
          readingMinutes: a.readingMinutes,
          coverUrl: a.coverUrl || null,
          audience: 'free',
          locked: a.locked,
          coAuthors: a.coAuthors,
          translations: a.translations,
        });
        const body = Buffer.from(`${head.slice(0, -1)},"content":${contentJson}}`);
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
        response.end(body);
      },
    );
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

async function page(port: number, frontPort: number, padTo: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const get = (path: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port: frontPort, path, agent }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        answer.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
  listen(port, (request, response) => {
    const id = /^\/a\/([0-9a-f-]{36})$/.exec(request.url ?? '')?.[1];
    if (!id) return void response.writeHead(404).end();
    get(`/api/articles/${id}`).then(
      ({ status: code, text }) => {
        if (code !== 200) return void response.writeHead(code).end();
        const article = JSON.parse(text) as {
          title: string;
          description: string;
          content: { blocks: { type: string; data: { text?: string } }[] };
        };
        const blocks = article.content.blocks
          .map((block) => `<p class="pc-block pc-block--${block.type}">${escapeHtml(block.data.text ?? '')}</p>`)
          .join('');
        const data = text.replace(/</g, '\\u003c');
        let html =
          `<!doctype html><html lang="az"><head><meta charset="utf-8"><title>${escapeHtml(article.title)}</title>` +
          `<meta name="description" content="${escapeHtml(article.description)}"></head><body><main><article>` +
          `<h1>${escapeHtml(article.title)}</h1>${blocks}</article></main>` +
          `<script type="application/json" id="pc-initial">${data}</script>`;
        // The reader's page carries its frame, head tags and scripts: padded to its size, so the bytes match.
        if (html.length < padTo) html += `<!--${' '.repeat(padTo - html.length - 25)}-->`;
        html += '</body></html>';
        const body = Buffer.from(html);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
        response.end(body);
      },
      () => response.writeHead(502).end(),
    );
  });
}

function listen(port: number, handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handle);
  server.keepAliveTimeout = 60_000;
  server.listen(port, '127.0.0.1', () => process.send?.({ ready: (server.address() as AddressInfo).port }));
}

export interface BareChain {
  /** GET {articleBase}/api/articles/{id}: front → back → PostgreSQL. */
  articleBase: string;
  /** GET {pageBase}/a/{id}: page → front → back → PostgreSQL. */
  pageBase: string;
  /** Each process's pid and name, for the bench's CPU breakdown. */
  pids: Map<number, string>;
  stop: () => void;
}

function child(role: Role, args: string[]): Promise<{ process: ChildProcess; port: number }> {
  const script = fileURLToPath(import.meta.url);
  const started = spawn(process.execPath, [script, role, ...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    started.once('message', (message: { ready?: number }) =>
      message.ready ? resolve({ process: started, port: message.ready }) : reject(new Error(`${role}: ${message}`)),
    );
    started.once('exit', (code) => reject(new Error(`bare chain ${role} exited with ${code}`)));
  });
}

/** Starts the three processes; `tls(name)` is the directory of an identity's certificate, key and CA. */
export async function startBareChain(options: {
  databaseUrl: string;
  tls: (identity: string) => string;
  pageBytes: number;
}): Promise<BareChain> {
  const processes: ChildProcess[] = [];
  try {
    const backPort = await freePort();
    const backProcess = spawnBack(backPort, options.databaseUrl, options.tls('articles'));
    processes.push(backProcess.process);
    await backProcess.ready;
    const frontChild = await child('front', ['0', String(backPort), options.tls('gateway')]);
    processes.push(frontChild.process);
    const pageChild = await child('page', ['0', String(frontChild.port), String(options.pageBytes)]);
    processes.push(pageChild.process);
    return {
      articleBase: `http://127.0.0.1:${frontChild.port}`,
      pageBase: `http://127.0.0.1:${pageChild.port}`,
      pids: new Map([
        [backProcess.process.pid!, 'bare back (grpc-js + pg)'],
        [frontChild.process.pid!, 'bare front (http + grpc-js)'],
        [pageChild.process.pid!, 'bare page (http)'],
      ]),
      stop: () => processes.forEach((p) => p.kill()),
    };
  } catch (error) {
    processes.forEach((p) => p.kill());
    throw error;
  }
}

/** The back binds a port it is given (grpc-js answers the bound port, but only inside the process). */
function spawnBack(port: number, databaseUrl: string, tlsDir: string) {
  const script = fileURLToPath(import.meta.url);
  const started = spawn(process.execPath, [script, 'back', String(port), databaseUrl, tlsDir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    started.once('message', () => resolve());
    started.once('exit', (code) => reject(new Error(`bare chain back exited with ${code}`)));
  });
  return { process: started, ready };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [role, ...args] = process.argv.slice(2) as [Role, ...string[]];
  const run =
    role === 'back'
      ? back(Number(args[0]), args[1]!, args[2]!).then(() => process.send?.({ ready: Number(args[0]) }))
      : role === 'front'
        ? front(Number(args[0]), Number(args[1]), args[2]!)
        : page(Number(args[0]), Number(args[1]), Number(args[2]));
  run.catch((error: unknown) => {
    process.stderr.write(`bare chain ${role}: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  });
  process.on('disconnect', () => process.exit(0));
}
