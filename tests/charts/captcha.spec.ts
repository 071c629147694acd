// The gateway's captcha: altcha by default with its HMAC key from a Secret, or a hosted provider with its secret
// from a Secret, its site key and HTTPS egress for the verification call; values that cannot work stop the render.
import { named, ofKind, render, renderSet, template, type K8sObject, type Parsed } from './support/helm.js';
import { allowed, externalEndpoint, workloadEndpoints } from './support/network.js';

function gatewayEnv(objects: K8sObject[]): Parsed[] {
  return named(objects, 'Deployment', 'pencraft-gateway').spec.template.spec.containers[0].env;
}

const captchaEnv = (objects: K8sObject[]) =>
  gatewayEnv(objects).filter((e: Parsed) => String(e.name).startsWith('CAPTCHA_'));

const HOSTED = [
  'services.gateway.api.captcha.provider=turnstile',
  'services.gateway.api.captcha.secret.existingSecret=pencraft-captcha',
  'services.gateway.api.captcha.siteKey=0x4AAAAAAA',
];

describe('the captcha of the gateway', () => {
  it.each(['default', 'production'])('is altcha with its key from the Secret (%s values)', (set) => {
    expect(captchaEnv(renderSet(set))).toEqual([
      { name: 'CAPTCHA_PROVIDER', value: 'altcha' },
      {
        name: 'CAPTCHA_HMAC_KEY',
        valueFrom: { secretKeyRef: { name: 'pencraft-gateway', key: 'captcha-hmac-key' } },
      },
    ]);
  });

  it('hands a hosted provider its secret by reference and its site key', () => {
    expect(captchaEnv(render({ set: HOSTED }))).toEqual([
      { name: 'CAPTCHA_PROVIDER', value: 'turnstile' },
      { name: 'CAPTCHA_SECRET', valueFrom: { secretKeyRef: { name: 'pencraft-captcha', key: 'captcha-secret' } } },
      { name: 'CAPTCHA_SITE_KEY', value: '0x4AAAAAAA' },
    ]);
  });

  it('lets the gateway reach HTTPS only when a hosted provider verifies there', () => {
    const provider = externalEndpoint('siteverify', 'internet', { app: 'siteverify' }, [443]);
    for (const [objects, expected] of [
      [renderSet('default'), false],
      [render({ set: HOSTED }), true],
    ] as const) {
      const endpoints = workloadEndpoints(objects);
      const policies = ofKind(objects, 'NetworkPolicy');
      expect(allowed(policies, endpoints.gateway!, provider, 443)).toBe(expected);
      expect(allowed(policies, endpoints.identity!, provider, 443)).toBe(false);
    }
  });

  it('refuses values that cannot work, naming the value to set', () => {
    const altchaWithoutKey = template({ set: ['services.gateway.api.captcha.hmacKey.existingSecret='] });
    expect(altchaWithoutKey.status).not.toBe(0);
    expect(altchaWithoutKey.stderr).toContain('services.gateway.api.captcha.hmacKey.existingSecret is empty');
    const hostedWithoutSecret = template({ set: ['services.gateway.api.captcha.provider=hcaptcha'] });
    expect(hostedWithoutSecret.status).not.toBe(0);
    expect(hostedWithoutSecret.stderr).toContain('captcha.secret.existingSecret');
    const unknown = template({ set: ['services.gateway.api.captcha.provider=recaptcha'] });
    expect(unknown.status).not.toBe(0);
  });
});
