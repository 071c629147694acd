import { jest } from '@jest/globals';
import { createPageViewReporter, reportablePath } from './page-views.js';

describe('reportablePath', () => {
  it('reports the pathname and leaves a preview token out', () => {
    expect(reportablePath('/a/6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f')).toBe('/a/6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f');
    expect(reportablePath('/preview/secret-token-123')).toBe('/preview');
    expect(reportablePath('')).toBe('/');
    expect(reportablePath('/x'.repeat(400))).toHaveLength(512);
  });
});

describe('the page-view reporter', () => {
  it('reports each navigation once, with the consent given, and ignores failures', async () => {
    const send = jest.fn(async () => {
      throw new Error('offline');
    });
    const report = createPageViewReporter(send);
    expect(report({ key: 'default', pathname: '/' }, false)).toBe(true);
    // React running the effect again for the same navigation.
    expect(report({ key: 'default', pathname: '/' }, false)).toBe(false);
    expect(report({ key: 'k2', pathname: '/top' }, true)).toBe(true);
    expect(send.mock.calls).toEqual([[{ path: '/', consent: false }], [{ path: '/top', consent: true }]]);
    await Promise.resolve();
  });
});
