import { buildOpenApi } from './openapi.js';
import { DOCUMENTED_CONTROLLERS } from './docs.controller.js';

describe('the OpenAPI document', () => {
  const document = buildOpenApi(DOCUMENTED_CONTROLLERS, { version: '1' }) as {
    paths: Record<
      string,
      Record<string, { responses: Record<string, unknown>; parameters?: { name: string }[]; requestBody?: unknown }>
    >;
  };

  it('documents every public route of the slice', () => {
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/articles',
        '/api/articles/categories',
        '/api/articles/publishing/{id}',
        '/api/articles/{id}',
        '/api/csrf',
        '/api/home/articles',
        '/api/id/auth/login',
        '/api/id/out',
        '/api/id/register',
        '/api/strict/txt',
        '/api/users/info',
      ].sort(),
    );
  });

  it('describes bodies, error statuses and the CSRF header of writes', () => {
    const register = document.paths['/api/id/register']!.post!;
    expect(register.requestBody).toBeDefined();
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '403', '429']));
    expect(register.parameters?.map((p) => p.name)).toContain('X-CSRF-Token');
    const info = document.paths['/api/users/info']!.get!;
    expect(Object.keys(info.responses)).toEqual(expect.arrayContaining(['200', '401']));
  });
});
