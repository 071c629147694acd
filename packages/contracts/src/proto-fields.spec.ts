import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface FieldDescriptor {
  name: string;
  type: string;
}
interface MessageDescriptor {
  name: string;
  field?: FieldDescriptor[];
  nestedType?: MessageDescriptor[];
}
interface FileDescriptor {
  name: string;
  messageType?: MessageDescriptor[];
}

/** Every message field of proto/ (not third_party), from buf's own descriptors. */
function protoFields(): { where: string; field: FieldDescriptor }[] {
  const proto = fileURLToPath(new URL('../../../proto', import.meta.url));
  const buf = fileURLToPath(new URL('../../../node_modules/.bin/buf', import.meta.url));
  const image = JSON.parse(execFileSync(buf, ['build', '-o', '-#format=json'], { cwd: proto, encoding: 'utf8' })) as {
    file: FileDescriptor[];
  };
  const fields: { where: string; field: FieldDescriptor }[] = [];
  const walk = (file: string, message: MessageDescriptor, path: string) => {
    for (const field of message.field ?? []) fields.push({ where: `${file} ${path}.${field.name}`, field });
    for (const nested of message.nestedType ?? []) walk(file, nested, `${path}.${nested.name}`);
  };
  for (const file of image.file) {
    if (file.name.startsWith('grpc/') || file.name.startsWith('google/')) continue;
    for (const message of file.messageType ?? []) walk(file.name, message, message.name);
  }
  return fields;
}

describe('proto/', () => {
  it('carries every status, state, kind, reason, audience, type and language as an enum, never as a string', () => {
    const closed = /(^|_)(status|state|kind|reason|audience|type|lang|language)$/;
    const fields = protoFields();
    expect(fields.length).toBeGreaterThan(100);
    const strings = fields
      .filter(({ field }) => field.type === 'TYPE_STRING' && closed.test(field.name))
      .map(({ where }) => where);
    expect(strings).toEqual([]);
  });
});
