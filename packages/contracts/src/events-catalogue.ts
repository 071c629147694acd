import { EVENTS } from './events.js';

interface ProtoField {
  name: string;
  type: string;
  comment: string;
}

interface ProtoMessage {
  name: string;
  comment: string;
  fields: ProtoField[];
}

/** Comments directly above a line, joined. */
function commentAbove(lines: string[], index: number): string {
  const comments: string[] = [];
  for (let i = index - 1; i >= 0 && /^\s*\/\//.test(lines[i]!); i -= 1) {
    comments.unshift(lines[i]!.replace(/^\s*\/\/\s?/, '').trim());
  }
  return comments.join(' ');
}

/** The messages of a proto file, with their fields and comments (enough of proto3 for event payloads). */
export function parseProtoMessages(source: string): ProtoMessage[] {
  const lines = source.split('\n');
  const messages: ProtoMessage[] = [];
  let current: ProtoMessage | undefined;
  lines.forEach((line, index) => {
    const start = /^\s*message\s+(\w+)\s*\{/.exec(line);
    if (start) {
      current = { name: start[1]!, comment: commentAbove(lines, index), fields: [] };
      messages.push(current);
      return;
    }
    if (!current) return;
    if (/^\s*\}/.test(line)) {
      current = undefined;
      return;
    }
    const field = /^\s*((?:repeated|optional)\s+)?([\w.]+)\s+(\w+)\s*=\s*\d+\s*;\s*(?:\/\/\s*(.*))?$/.exec(line);
    if (field) {
      const type = `${field[1] ? field[1].trim() + ' ' : ''}${field[2]}`;
      const comment = [commentAbove(lines, index), field[4] ?? ''].filter(Boolean).join(' ');
      current.fields.push({ name: field[3]!, type, comment });
    }
  });
  return messages;
}

const escape = (text: string) => text.replace(/\|/g, '\\|');

/**
 * EVENTS.md: every event of the registry with its subject, publisher, consumers (and their durable names) and
 * payload fields as the proto file states them. `protoSources` maps a path under proto/ to the file's text.
 */
export function renderEventsCatalogue(protoSources: Record<string, string>): string {
  const out: string[] = [
    '# Events',
    '',
    '<!-- Generated from packages/contracts/src/events.ts and proto/events by',
    '     `npm run events:catalogue -w @pencraft/contracts`; a unit test fails when this file is not current. -->',
    '',
    'Every event travels on NATS JetStream in the stream of its publisher, written to the outbox in the transaction of',
    'the change and relayed with the outbox row id as `Nats-Msg-Id`; the payload is the protobuf message, its full name',
    'in the `pc-event-type` header. Consumers are durable and record each event id in the transaction of their effect.',
    'Publishers encode with `outboxEvent(EVENTS.<name>, payload)` and consumers subscribe with',
    "`eventSubscription(EVENTS.<name>, '<service>', handler)` from `@pencraft/contracts/events`.",
    '',
    '| event | subject | payload | publisher | consumers (durable) |',
    '|---|---|---|---|---|',
  ];
  const entries = Object.entries(EVENTS).sort(([, a], [, b]) => a.subject.localeCompare(b.subject));
  for (const [name, event] of entries) {
    const consumers = Object.entries(event.consumers as Record<string, string>)
      .map(([service, durable]) => `${service} (\`${durable}\`)`)
      .join(', ');
    out.push(`| \`${name}\` | \`${event.subject}\` | \`${event.type}\` | ${event.publisher} | ${consumers} |`);
  }
  for (const [name, event] of entries) {
    const source = protoSources[event.proto];
    if (source === undefined) throw new Error(`${event.subject}: proto/${event.proto} not found`);
    const messageName = event.type.split('.').pop()!;
    const message = parseProtoMessages(source).find((m) => m.name === messageName);
    if (!message) throw new Error(`${event.subject}: message ${messageName} not in proto/${event.proto}`);
    out.push('', `## ${event.subject}`, '');
    if (message.comment) out.push(escape(message.comment), '');
    out.push(
      `Registry entry \`EVENTS.${name}\`; payload \`${event.type}\` (\`proto/${event.proto}\`); published by`,
      `${event.publisher}; read by ${Object.keys(event.consumers).join(', ') || 'nobody yet'}.`,
      '',
      '| field | type | meaning |',
      '|---|---|---|',
      ...message.fields.map((f) => `| \`${f.name}\` | ${f.type} | ${escape(f.comment)} |`),
    );
  }
  return `${out.join('\n')}\n`;
}
