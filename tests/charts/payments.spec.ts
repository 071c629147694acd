// Payments (Stripe): the services that declare `payments` in system.json `uses` (publications and donations, and only
// those) get Stripe's API URL, the secret key and their webhook endpoint's signing secret (donations' own key) only by
// reference to a Secret, and egress to Stripe's API on 443; values that cannot work stop the render with the value to
// fix.
import { named, ofKind, render, renderSet, template, type K8sObject, type Parsed } from './support/helm.js';
import { allowed, externalEndpoint, workloadEndpoints } from './support/network.js';
import { allServices, serviceNames } from './support/system.js';

const uses = (name: string) => allServices[name]!.uses ?? [];
const users = serviceNames.filter((name) => uses(name).includes('payments'));
const STRIPE = ['STRIPE_API_BASE', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];

function envOf(objects: K8sObject[], name: string): Parsed[] {
  return named(objects, 'Deployment', `pencraft-${name}`).spec.template.spec.containers[0].env;
}

const entry = (env: Parsed[], key: string): Parsed | undefined => env.find((e: Parsed) => e.name === key);

describe('system.json `uses`', () => {
  it('declares publications and donations, and no other service, users of payments', () => {
    expect([...users].sort()).toEqual(['donations', 'publications']);
  });
});

describe.each(['default', 'production'])('environment (%s values)', (set) => {
  const objects = renderSet(set);

  it.each(serviceNames)('hands %s the Stripe variables only when it uses payments', (name) => {
    const keys = envOf(objects, name).map((e: Parsed) => e.name as string);
    expect(STRIPE.filter((key) => keys.includes(key))).toEqual(uses(name).includes('payments') ? STRIPE : []);
  });

  it("reads the secret key and the webhook secret from the Secret by reference, and points at Stripe's API", () => {
    const env = envOf(objects, 'publications');
    expect(entry(env, 'STRIPE_SECRET_KEY')).toEqual({
      name: 'STRIPE_SECRET_KEY',
      valueFrom: { secretKeyRef: { name: 'pencraft-stripe', key: 'secret-key' } },
    });
    expect(entry(env, 'STRIPE_WEBHOOK_SECRET')).toEqual({
      name: 'STRIPE_WEBHOOK_SECRET',
      valueFrom: { secretKeyRef: { name: 'pencraft-stripe', key: 'webhook-secret' } },
    });
    expect(entry(env, 'STRIPE_API_BASE')).toEqual({ name: 'STRIPE_API_BASE', value: 'https://api.stripe.com' });
  });

  it("reads donations' webhook secret under its own key (its endpoint's), the API key under the shared one", () => {
    const env = envOf(objects, 'donations');
    expect(entry(env, 'STRIPE_WEBHOOK_SECRET')).toEqual({
      name: 'STRIPE_WEBHOOK_SECRET',
      valueFrom: { secretKeyRef: { name: 'pencraft-stripe', key: 'donations-webhook-secret' } },
    });
    expect(entry(env, 'STRIPE_SECRET_KEY').valueFrom.secretKeyRef).toEqual({
      name: 'pencraft-stripe',
      key: 'secret-key',
    });
    expect(entry(env, 'STRIPE_API_BASE').value).toBe('https://api.stripe.com');
  });

  it('never renders a Stripe key as a value anywhere', () => {
    const text = JSON.stringify(objects);
    expect(text).not.toMatch(/sk_(test|live)_|whsec_|rk_(test|live)_/);
  });
});

describe('the Secret is configurable', () => {
  it('names another Secret and keys when told', () => {
    const objects = render({
      set: ['payments.existingSecret=stripe-live', 'payments.secretKeyKey=sk', 'payments.webhookSecretKey=whsec'],
    });
    const env = envOf(objects, 'publications');
    expect(entry(env, 'STRIPE_SECRET_KEY').valueFrom.secretKeyRef).toEqual({ name: 'stripe-live', key: 'sk' });
    expect(entry(env, 'STRIPE_WEBHOOK_SECRET').valueFrom.secretKeyRef).toEqual({ name: 'stripe-live', key: 'whsec' });
  });

  it("names donations' webhook secret's key when told", () => {
    const objects = render({ set: ['payments.webhookSecretKeys.donations=supports-whsec'] });
    expect(entry(envOf(objects, 'donations'), 'STRIPE_WEBHOOK_SECRET').valueFrom.secretKeyRef).toEqual({
      name: 'pencraft-stripe',
      key: 'supports-whsec',
    });
    expect(entry(envOf(objects, 'publications'), 'STRIPE_WEBHOOK_SECRET').valueFrom.secretKeyRef.key).toBe(
      'webhook-secret',
    );
  });
});

describe('network policies', () => {
  // api.stripe.com as the evaluator sees a destination outside the cluster's named workloads.
  const stripeApi = externalEndpoint('api.stripe.com', 'internet', { app: 'stripe' }, [443]);

  it.each(['default', 'production'])(
    "admit egress to Stripe's API on 443 from the users of payments only (%s values)",
    (set) => {
      const objects = renderSet(set);
      const policies = ofKind(objects, 'NetworkPolicy');
      const endpoints = workloadEndpoints(objects);
      for (const name of serviceNames.filter((n) => n !== 'gateway')) {
        expect({ name, stripe: allowed(policies, endpoints[name]!, stripeApi, 443) }).toEqual({
          name,
          // notifications reaches any HTTPS destination too: partners' webhook endpoints (tests/charts/webhooks.spec.ts).
          stripe: uses(name).includes('payments') || name === 'notifications',
        });
      }
      // Only 443: not the emulator's ports, not plain HTTP.
      for (const port of [80, 12111, 12112]) {
        expect(allowed(policies, endpoints.publications!, stripeApi, port)).toBe(false);
        expect(allowed(policies, endpoints.donations!, stripeApi, port)).toBe(false);
      }
    },
  );

  it('narrows the egress to the peers given (an egress proxy)', () => {
    const objects = render({
      set: [
        'payments.networkPolicyPeers[0].namespaceSelector.matchLabels.kubernetes\\.io/metadata\\.name=egress',
        'payments.networkPolicyPeers[0].podSelector.matchLabels.app=proxy',
      ],
    });
    const policies = ofKind(objects, 'NetworkPolicy');
    const endpoints = workloadEndpoints(objects);
    const proxy = externalEndpoint('proxy', 'egress', { app: 'proxy' }, [443]);
    expect(allowed(policies, endpoints.publications!, proxy, 443)).toBe(true);
    expect(allowed(policies, endpoints.publications!, stripeApi, 443)).toBe(false);
  });
});

describe('values that cannot work stop the render', () => {
  it.each([
    ['payments.apiBase=', /payments.apiBase is empty/],
    ['payments.existingSecret=', /payments.existingSecret is empty/],
  ])('--set %s', (set, message) => {
    const result = template({ set: [set] });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(message);
  });

  it('refuses an API URL with a path and a port that is no port', () => {
    expect(template({ set: ['payments.apiBase=https://api.stripe.com/v1'] }).status).not.toBe(0);
    expect(template({ set: ['payments.port=70000'] }).status).not.toBe(0);
  });
});
