// The bench's setup helpers, shared with the soak (tests/soak): each takes the stack it works on, since both run a
// stack of their own (bench-stack.ts). bench.ts runs its measurement when imported, so what others reuse lives here.
import { readFileSync } from 'node:fs';
import { mailApiUrl, mailpitCodeReader, type Stack } from '../../packages/devstack/src/index.ts';
import { captchaHeader } from '../support/captcha.ts';
import type { ApiClient } from '../support/http-client.ts';
import { CommentsServiceClient, CommentsServiceService } from '@pencraft/contracts/comments/v1/comments';
import { createGrpcClient } from '@pencraft/kit';

/** A heading and 12 paragraphs: an article of a realistic size (about 2 KB as JSON). */
export function articleContent(name: string) {
  const paragraphs = Array.from({ length: 12 }, (_, j) => ({
    type: 'paragraph',
    data: {
      text: `Paragraph ${j} of ${name}: <b>benchmarks</b> measure every hop between the browser and the data.`,
    },
  }));
  return { blocks: [{ type: 'header', data: { text: 'Measuring', level: 2 } }, ...paragraphs] };
}

/** Resident and peak resident memory of a process, in bytes (VmRSS, VmHWM of /proc/<pid>/status). */
export function memoryOf(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kib('VmRSS'), peak: kib('VmHWM') };
  } catch {
    return undefined;
  }
}

/** A stack's articles gRPC address. */
export function articlesGrpcAddress(stack: Stack) {
  const articles = stack.services.find((s) => s.name === 'articles')!;
  return `127.0.0.1:${articles.grpcPort}`;
}

/** Registers an account through the API (captcha solved) and confirms it with the code mailed to the stack's mailpit. */
export async function registerAccount(
  stack: Stack,
  client: ApiClient,
  account: { email: string; username: string; fullname: string; password: string },
) {
  const since = new Date();
  const registered = await client.post(
    '/api/id/register',
    { ...account, acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(client.base),
  );
  if (registered.status !== 201) throw new Error(`could not register: ${JSON.stringify(registered.body)}`);
  // Only confirmed accounts publish: the code mailed at registration, read from the stack's mailpit.
  const code = await mailpitCodeReader(mailApiUrl(stack))(account.email, since);
  const confirmed = await client.post('/api/id/register/verify', { code });
  if (confirmed.status !== 200) throw new Error(`could not confirm: ${JSON.stringify(confirmed.body)}`);
}

/**
 * An article's discussion: `threads` top-level comments, each with a reply and a reply to that, by as many readers,
 * published by moderation's decision. Written over the comments service's gRPC as the gateway sends it (each reader
 * is an actor the gateway would name), so the per-user limits of the HTTP route do not slow the setup.
 */
export async function seedComments(stack: Stack, articleId: string, threads = 20) {
  const comments = stack.services.find((s) => s.name === 'comments')!;
  const client = createGrpcClient(CommentsServiceClient, CommentsServiceService, `127.0.0.1:${comments.grpcPort}`);
  try {
    for (let i = 0; i < threads; i += 1) {
      const actor = {
        uid: crypto.randomUUID(),
        username: `bench_reader_${i}`,
        fullname: `Reader ${i}`,
        imageUrl: '',
        rating: 0,
      };
      let parentId = '';
      for (let depth = 1; depth <= 3; depth += 1) {
        const { comment } = await client.createComment({
          actor,
          articleId,
          parentId,
          content: `Comment ${i} at depth ${depth}: a few sentences of an ordinary size, like readers write them.`,
        });
        await client.decideComment({ commentId: comment!.id, decision: 'approve', note: '', moderator: 'bench' });
        parentId = comment!.id;
      }
    }
  } finally {
    client.close();
  }
}
