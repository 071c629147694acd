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
import { Metadata, Server, status, type ServiceError } from '@grpc/grpc-js';
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
// The kit's TLS set-up (configuration only, nothing of it runs per call): the same identity files and checks as the
// platform's processes, from the same variables.
import { grpcChannel, grpcServerCredentials, grpcTlsFromEnv } from '../../packages/kit/src/grpc/grpc-tls.ts';

type Role = 'back' | 'front' | 'page';

/** The process's gRPC identity: required, so the chain never falls back to plaintext without saying so. */
function identityTls() {
  const tls = grpcTlsFromEnv();
  if (!tls) throw new Error('no gRPC identity: GRPC_TLS_* are not set');
  return tls;
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

async function back(databaseUrl: string): Promise<number> {
  const pg = (await import('pg')).default;
  const { ArticlesServiceService, ArticleStatus } = await contracts();
  const { Audience } = await import('@pencraft/contracts/common/v1/common');
  const { languages } = await import('@pencraft/contracts/enums');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const { text, values, paths } = await readingStatement(pool);
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
  return new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpcServerCredentials(identityTls()), (error, port) =>
      error ? reject(error) : resolve(port),
    ),
  );
}

async function front(backPort: number): Promise<number> {
  const { ArticlesServiceClient } = await contracts();
  const { languages } = await import('@pencraft/contracts/enums');
  const channel = grpcChannel(identityTls(), 'articles');
  const client = new ArticlesServiceClient(`127.0.0.1:${backPort}`, channel.credentials, {
    ...channel.options,
    'grpc.enable_channelz': 0,
  });
  const iso = (ms: number) => (ms ? new Date(ms).toISOString() : null);
  return listen((request, response) => {
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

async function page(frontPort: number, padTo: number): Promise<number> {
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
  return listen((request, response) => {
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

/** An HTTP server on a free loopback port; answers the port. */
function listen(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<number> {
  const server = createServer(handle);
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
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

/** Starts one role in a process of its own; answers once it listens, with its port. */
function child(role: Role, args: string[], env: Record<string, string> = {}) {
  const started = spawn(process.execPath, [fileURLToPath(import.meta.url), role, ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise<{ process: ChildProcess; port: number }>((resolve, reject) => {
    started.once('message', (message: { ready: number }) => resolve({ process: started, port: message.ready }));
    started.once('exit', (code) => reject(new Error(`bare chain ${role} exited with ${code}`)));
  });
}

/**
 * Starts the three processes; `identity(name)` is the environment of a gRPC identity (the kit's GRPC_TLS_* variables:
 * the articles service's for the back, the gateway's for the front).
 */
export async function startBareChain(options: {
  databaseUrl: string;
  identity: (name: string) => Record<string, string>;
  pageBytes: number;
}): Promise<BareChain> {
  const processes: ChildProcess[] = [];
  const start = async (role: Role, args: string[], env?: Record<string, string>) => {
    const started = await child(role, args, env);
    processes.push(started.process);
    return started;
  };
  try {
    const back = await start('back', [options.databaseUrl], options.identity('articles'));
    const front = await start('front', [String(back.port)], options.identity('gateway'));
    const page = await start('page', [String(front.port), String(options.pageBytes)]);
    return {
      articleBase: `http://127.0.0.1:${front.port}`,
      pageBase: `http://127.0.0.1:${page.port}`,
      pids: new Map([
        [back.process.pid!, 'bare back (grpc-js + pg)'],
        [front.process.pid!, 'bare front (http + grpc-js)'],
        [page.process.pid!, 'bare page (http)'],
      ]),
      stop: () => processes.forEach((p) => p.kill()),
    };
  } catch (error) {
    processes.forEach((p) => p.kill());
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [role, ...args] = process.argv.slice(2) as [Role, ...string[]];
  const run =
    role === 'back'
      ? back(args[0]!)
      : role === 'front'
        ? front(Number(args[0]))
        : page(Number(args[0]), Number(args[1]));
  run.then(
    (port) => process.send?.({ ready: port }),
    (error: unknown) => {
      process.stderr.write(`bare chain ${role}: ${(error as Error).stack ?? error}\n`);
      process.exit(1);
    },
  );
  process.on('disconnect', () => process.exit(0));
}
