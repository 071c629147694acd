import { jest } from '@jest/globals';
import { createConsentStore, storageModes, type ConsentStoreDeps } from './consent-store.js';

function deps(stored: string | null, onPublicationHost = false) {
  const storage = new Map<string, string>(stored === null ? [] : [['pc_consent', stored]]);
  const announced: unknown[] = [];
  const withdraw = jest.fn(async () => undefined);
  const value: ConsentStoreDeps = {
    read: (key) => storage.get(key) ?? null,
    write: (key, v) => void storage.set(key, v),
    onPublicationHost,
    withdraw,
    announce: (modes) => void announced.push(modes),
  };
  return { value, storage, announced, withdraw };
}

describe('the consent store', () => {
  it('starts unset with the banner and every storage denied', () => {
    const store = createConsentStore(deps(null).value);
    expect(store.get()).toEqual({ consent: null, showBanner: true, persist: null });
    expect(storageModes(store.get())).toEqual({ analytics: 'denied', ads: 'denied' });
  });

  it('accepting keeps true under pc_consent, hides the banner, grants analytics and ad storage', () => {
    const { value, storage, announced, withdraw } = deps(null);
    const store = createConsentStore(value);
    const listener = jest.fn();
    store.subscribe(listener);
    store.accept();
    expect(storage.get('pc_consent')).toBe('true');
    expect(store.get()).toMatchObject({ consent: true, showBanner: false });
    expect(announced).toEqual([{ analytics: 'granted', ads: 'granted' }]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(withdraw).not.toHaveBeenCalled();
  });

  it('declining keeps false, denies storage and has the analytics cookies deleted', async () => {
    const { value, storage, announced, withdraw } = deps('true');
    const store = createConsentStore(value);
    await store.decline();
    expect(storage.get('pc_consent')).toBe('false');
    expect(store.get()).toMatchObject({ consent: false, showBanner: false });
    expect(announced).toEqual([{ analytics: 'denied', ads: 'denied' }]);
    expect(withdraw).toHaveBeenCalledTimes(1);
  });

  it('the choice can be changed again at any time', async () => {
    const store = createConsentStore(deps('false').value);
    store.accept();
    expect(store.get().consent).toBe(true);
    await store.decline();
    expect(store.get().consent).toBe(false);
  });

  it('on a publication subdomain is declined, hides the banner and cannot be accepted', () => {
    const { value, storage } = deps('true', true);
    const store = createConsentStore(value);
    expect(store.onPublicationHost).toBe(true);
    expect(storage.get('pc_consent')).toBe('false');
    expect(store.get()).toMatchObject({ consent: false, showBanner: false });
    store.accept();
    expect(store.get().consent).toBe(false);
    expect(storage.get('pc_consent')).toBe('false');
  });
});
