import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { parseProtoMessages, renderEventsCatalogue } from './events-catalogue.js';
import { EVENTS } from './events.js';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

function protoSources() {
  return Object.fromEntries(Object.values(EVENTS).map((event) => [event.proto, read(`proto/${event.proto}`)]));
}

describe('the events catalogue', () => {
  it('is current: run `npm run events:catalogue -w @pencraft/contracts` after changing an event', async () => {
    const target = fileURLToPath(new URL('packages/contracts/EVENTS.md', root));
    const options = { ...(await prettier.resolveConfig(target)), parser: 'markdown' };
    expect(read('packages/contracts/EVENTS.md')).toBe(
      await prettier.format(renderEventsCatalogue(protoSources()), options),
    );
  });

  it('lists every event with its payload fields', () => {
    const catalogue = renderEventsCatalogue(protoSources());
    for (const event of Object.values(EVENTS)) {
      expect(catalogue).toContain(`## ${event.subject}`);
      expect(catalogue).toContain(`\`${event.type}\``);
    }
    expect(catalogue).toContain('| `registered_at_ms` | int64 |');
  });

  it('reads messages, fields and comments from proto text', () => {
    expect(
      parseProtoMessages(
        [
          '// A thing.',
          'message Thing {',
          '  // Its id.',
          '  string id = 1;',
          '  repeated string tags = 2; // Labels.',
          '}',
        ].join('\n'),
      ),
    ).toEqual([
      {
        name: 'Thing',
        comment: 'A thing.',
        fields: [
          { name: 'id', type: 'string', comment: 'Its id.' },
          { name: 'tags', type: 'repeated string', comment: 'Labels.' },
        ],
      },
    ]);
  });
});

describe('the events registry', () => {
  it('names each subject <publisher>.<entity>.<verb>, once', () => {
    const subjects = Object.values(EVENTS).map((event) => event.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    for (const event of Object.values(EVENTS)) {
      expect(event.subject).toMatch(new RegExp(`^${event.publisher}\\.[a-z_]+\\.[a-z_]+$`));
    }
  });

  it('gives every consumer a durable name of its own service', () => {
    for (const event of Object.values(EVENTS)) {
      for (const [service, durable] of Object.entries(event.consumers as Record<string, string>)) {
        expect(durable.startsWith(`${service}-`)).toBe(true);
      }
    }
  });
});
