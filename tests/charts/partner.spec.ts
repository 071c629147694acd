// The gateway's partner surface settings (issue #18): how long partner registry answers are kept (a revoked client is
// refused within it, at most a minute) and the limits of writers' personal access tokens, from the values.
import { named, render, renderSet, template, type K8sObject, type Parsed } from './support/helm.js';

function partnerEnv(objects: K8sObject[]): Parsed[] {
  const env = named(objects, 'Deployment', 'pencraft-gateway').spec.template.spec.containers[0].env as Parsed[];
  return env.filter((e: Parsed) => String(e.name).startsWith('PARTNER_'));
}

describe('the partner surface settings of the gateway', () => {
  it.each(['default', 'production'])('keep registry answers 30 s and the token limits (%s values)', (set) => {
    expect(partnerEnv(renderSet(set))).toEqual([
      { name: 'PARTNER_CACHE_SECONDS', value: '30' },
      { name: 'PARTNER_TOKEN_RATE_LIMIT_PER_MINUTE', value: '600' },
      { name: 'PARTNER_TOKEN_DAILY_QUOTA', value: '100000' },
    ]);
  });

  it('take other values, as integers (no exponent), and 0 to keep nothing', () => {
    const objects = render({
      set: [
        'services.gateway.api.partner.cacheSeconds=0',
        'services.gateway.api.partner.tokenRateLimitPerMinute=120',
        'services.gateway.api.partner.tokenDailyQuota=2000000',
      ],
    });
    expect(partnerEnv(objects)).toEqual([
      { name: 'PARTNER_CACHE_SECONDS', value: '0' },
      { name: 'PARTNER_TOKEN_RATE_LIMIT_PER_MINUTE', value: '120' },
      { name: 'PARTNER_TOKEN_DAILY_QUOTA', value: '2000000' },
    ]);
  });

  it('refuse keeping answers beyond a minute (a revoked client must be refused within one)', () => {
    const result = template({ set: ['services.gateway.api.partner.cacheSeconds=120'] });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('cacheSeconds');
  });
});
