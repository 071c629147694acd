import { jest } from '@jest/globals';

export type StrictMock<T extends object> = jest.Mocked<T>;

/** Properties that Jest, promises and printers probe on any object: they must read as absent, not as methods. */
const PROBED = new Set<PropertyKey>([
  'then',
  'asymmetricMatch',
  'toJSON',
  'nodeType',
  'tagName',
  '$$typeof',
  'constructor',
]);

/**
 * A double of a repository or port whose every method is a jest.fn that throws until the test stubs it
 * (`users.findByLogin.mockResolvedValue(row)`): a call the test did not expect fails the test instead of
 * returning undefined, as in the Immich server's small tier.
 */
export function strictMock<T extends object>(name: string): StrictMock<T> {
  const methods = new Map<PropertyKey, unknown>();
  return new Proxy({} as StrictMock<T>, {
    get(target, property) {
      if (typeof property === 'symbol' || PROBED.has(property)) return Reflect.get(target, property);
      if (!methods.has(property)) {
        methods.set(
          property,
          jest.fn((...args: unknown[]) => {
            throw new Error(`${name}.${property} was called but not stubbed (arguments: ${describe(args)})`);
          }),
        );
      }
      return methods.get(property);
    },
  });
}

function describe(args: unknown[]) {
  try {
    return JSON.stringify(args, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
  } catch {
    return `${args.length} argument(s)`;
  }
}
