import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client,
  credentials,
  Server,
  ServerCredentials,
  type sendUnaryData,
  type ServerUnaryCall,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { peerName, sessionOf, type GrpcServerCall } from './grpc-access.js';

// The caller's name is read from its certificate once per connection (issue #19, performance): a real grpc-js server
// over mutual TLS, certificates made with openssl as the dev stack makes them.
const dir = mkdtempSync(join(tmpdir(), 'grpc-peer-'));
const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function leaf(name: string) {
  openssl(
    ['req', '-new', ...EC_KEY, '-keyout', join(dir, `${name}.key`), '-out', join(dir, `${name}.csr`)].concat([
      '-subj',
      `/O=Pencraft/CN=${name}`,
    ]),
  );
  writeFileSync(
    join(dir, `${name}.cnf`),
    `extendedKeyUsage=serverAuth,clientAuth\nsubjectAltName=DNS:${name},DNS:localhost,IP:127.0.0.1\n`,
  );
  openssl(
    ['x509', '-req', '-in', join(dir, `${name}.csr`), '-CA', join(dir, 'ca.crt'), '-CAkey', join(dir, 'ca.key')].concat(
      ['-CAcreateserial', '-days', '1', '-out', join(dir, `${name}.crt`), '-extfile', join(dir, `${name}.cnf`)],
    ),
  );
  return { key: readFileSync(join(dir, `${name}.key`)), cert: readFileSync(join(dir, `${name}.crt`)) };
}

const PATH = '/test.v1.Echo/Echo';
const bytes = { serialize: (b: Buffer) => b, deserialize: (b: Buffer) => b };

describe("the caller's name over mutual TLS", () => {
  let server: Server;
  let port: number;
  let ca: Buffer;
  const seen: { name: string | undefined; session: object | undefined; reads: number }[] = [];

  beforeAll(async () => {
    openssl(
      ['req', '-x509', ...EC_KEY, '-keyout', join(dir, 'ca.key'), '-out', join(dir, 'ca.crt')].concat([
        '-days',
        '1',
        '-subj',
        '/O=Pencraft/CN=test CA',
      ]),
    );
    ca = readFileSync(join(dir, 'ca.crt'));
    const own = leaf('articles');
    server = new Server();
    const echo = (call: ServerUnaryCall<Buffer, Buffer>, done: sendUnaryData<Buffer>) => {
      // Counts the certificate reads of this call.
      let reads = 0;
      const read = call.getAuthContext.bind(call);
      const counted = Object.assign(call, { getAuthContext: () => ((reads += 1), read()) }) as GrpcServerCall;
      seen.push({ name: peerName(counted), session: sessionOf(counted), reads });
      done(null, call.request);
    };
    server.addService(
      {
        Echo: {
          path: PATH,
          requestStream: false,
          responseStream: false,
          requestSerialize: bytes.serialize,
          requestDeserialize: bytes.deserialize,
          responseSerialize: bytes.serialize,
          responseDeserialize: bytes.deserialize,
        },
      },
      { Echo: echo } as UntypedServiceImplementation,
    );
    port = await new Promise<number>((resolve, reject) =>
      server.bindAsync(
        '127.0.0.1:0',
        ServerCredentials.createSsl(ca, [{ private_key: own.key, cert_chain: own.cert }], true),
        (error, bound) => (error ? reject(error) : resolve(bound)),
      ),
    );
  });

  afterAll(() => server.forceShutdown());

  const clientAs = (name: string) => {
    const { key, cert } = leaf(name);
    return new Client(`127.0.0.1:${port}`, credentials.createSsl(ca, key, cert), {
      'grpc.ssl_target_name_override': 'articles',
    });
  };
  const call = (client: Client) =>
    new Promise<void>((resolve, reject) =>
      client.makeUnaryRequest(PATH, bytes.serialize, bytes.deserialize, Buffer.from('x'), (error) =>
        error ? reject(error) : resolve(),
      ),
    );

  it('reads the certificate on the first call of a connection only, and each connection has its own name', async () => {
    const gateway = clientAs('gateway');
    const search = clientAs('search');
    await call(gateway);
    await call(gateway);
    await call(search);
    await call(gateway);
    await call(search);
    gateway.close();
    search.close();
    expect(seen.map((s) => s.name)).toEqual(['gateway', 'gateway', 'search', 'gateway', 'search']);
    // grpc-js still keeps the HTTP/2 session where the cache finds it (else every call would read the certificate).
    expect(seen.every((s) => s.session !== undefined)).toBe(true);
    expect(seen.map((s) => s.reads)).toEqual([1, 0, 1, 0, 0]);
    expect(seen[0]!.session).toBe(seen[1]!.session);
    expect(seen[0]!.session).not.toBe(seen[2]!.session);
  });

  it('reads the certificate of a call whose session it cannot find every time', () => {
    let reads = 0;
    const call: GrpcServerCall = {
      getAuthContext: () => ((reads += 1), { sslPeerCertificate: { subject: { CN: 'moderation' } } }),
    };
    expect(peerName(call)).toBe('moderation');
    expect(peerName(call)).toBe('moderation');
    expect(reads).toBe(2);
  });

  it('remembers no missing name: a session without a certificate name is read again', () => {
    const session = {};
    let reads = 0;
    const call = {
      call: { nextCall: { stream: { session } } },
      getAuthContext: () => ((reads += 1), {}),
    } as unknown as GrpcServerCall;
    expect(peerName(call)).toBeUndefined();
    expect(peerName(call)).toBeUndefined();
    expect(reads).toBe(2);
  });
});
