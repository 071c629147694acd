// The chart values and system.json describe the same system: every service and frontend, the same ports, paths,
// schemas and gRPC edges. Adding a service means one entry in each; this suite names the one that was forgotten.
import { parse } from 'yaml';
import { named, readText, renderSet, type Parsed } from './support/helm.js';
import { allServices, frontendNames, serviceNames, system } from './support/system.js';

interface ChartValues {
  services: Record<string, Parsed>;
  frontends: Record<string, Parsed>;
}

const values = parse(readText('charts/pencraft/values.yaml')) as ChartValues;

describe('chart values agree with system.json', () => {
  it('list the same services (gateway included) and frontends', () => {
    expect(Object.keys(values.services).sort()).toEqual(serviceNames);
    expect(Object.keys(values.frontends).sort()).toEqual(frontendNames);
  });

  it.each(serviceNames)('give %s the ports of system.json', (name) => {
    const expected = allServices[name]!;
    expect(values.services[name].ports).toEqual(
      expected.grpcPort === undefined
        ? { http: expected.httpPort, internal: expected.internalPort }
        : { http: expected.httpPort, internal: expected.internalPort, grpc: expected.grpcPort },
    );
  });

  it.each(serviceNames)('give %s the gRPC calls of system.json', (name) => {
    expect([...values.services[name].calls].sort()).toEqual([...allServices[name]!.calls].sort());
  });

  it.each(serviceNames)(
    'give %s a database exactly when system.json gives it a schema, under the same name',
    (name) => {
      const schema = allServices[name]!.schema;
      const database = values.services[name].database;
      if (schema) expect(database).toMatchObject({ enabled: true, schema });
      else expect(database?.enabled ?? false).toBe(false);
    },
  );

  it.each(frontendNames)('give the %s frontend the port, path and mount of system.json', (name) => {
    expect({
      port: values.frontends[name].port,
      path: values.frontends[name].path,
      mount: values.frontends[name].mount,
    }).toEqual({
      port: system.frontends[name]!.port,
      path: system.frontends[name]!.path,
      mount: system.frontends[name]!.mount,
    });
    // A renderer in system.json is a renderer in the chart, with the same module and pages.
    expect({ module: values.frontends[name].renderer?.module, pages: values.frontends[name].renderer?.pages }).toEqual({
      module: system.frontends[name]!.renderer,
      pages: system.frontends[name]!.pages,
    });
  });

  it('name one image per component after the component', () => {
    for (const [name, component] of [...Object.entries(values.services), ...Object.entries(values.frontends)]) {
      expect(component.image.repository).toBe(`pencraft/${name}`);
    }
  });

  it('hand the gateway the gRPC addresses of what it calls, as the runtime contract names them', () => {
    const env = named(renderSet('default'), 'Deployment', 'pencraft-gateway').spec.template.spec.containers[0].env;
    for (const callee of system.gateway.calls) {
      expect(env).toContainEqual({
        name: `${callee.toUpperCase()}_GRPC_ADDR`,
        value: `pencraft-${callee}:${system.services[callee]!.grpcPort}`,
      });
    }
  });

  it('serve each frontend under its system.json path (BASE_PATH) on its port', () => {
    const objects = renderSet('default');
    for (const name of frontendNames) {
      const env = named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env;
      expect(env).toEqual(
        expect.arrayContaining([
          { name: 'PORT', value: String(system.frontends[name]!.port) },
          { name: 'BASE_PATH', value: system.frontends[name]!.path },
          { name: 'SPA_FALLBACK', value: String(system.frontends[name]!.path === '/') },
        ]),
      );
    }
  });

  it('set HTTP_PORT, INTERNAL_HTTP_PORT and GRPC_PORT of every service to its system.json ports', () => {
    const objects = renderSet('default');
    for (const name of serviceNames) {
      const env = named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env;
      const value = (key: string) => env.find((e: Parsed) => e.name === key)?.value;
      expect(value('HTTP_PORT')).toBe(String(allServices[name]!.httpPort));
      expect(value('INTERNAL_HTTP_PORT')).toBe(String(allServices[name]!.internalPort));
      expect(value('GRPC_PORT')).toBe(
        allServices[name]!.grpcPort === undefined ? undefined : String(allServices[name]!.grpcPort),
      );
      expect(value('OTEL_SERVICE_NAME')).toBe(name);
    }
  });
});
