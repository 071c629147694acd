import { reconcile, syncMarker } from './preferences.js';

describe('theme and language: device against account at page load', () => {
  it('takes the account value on a device without a choice', () => {
    expect(reconcile('u1', 'dark', null, null)).toEqual({ use: 'dark', marker: 'u1:dark' });
  });

  it('takes the account value on a device that never synced with this account', () => {
    expect(reconcile('u1', 'dark', 'light', null)).toEqual({ use: 'dark', marker: 'u1:dark' });
    expect(reconcile('u1', 'dark', 'light', syncMarker('u2', 'dark'))).toEqual({ use: 'dark', marker: 'u1:dark' });
  });

  it('takes the account value when it changed elsewhere since the last sync', () => {
    expect(reconcile('u1', 'dark', 'light', 'u1:light')).toEqual({ use: 'dark', marker: 'u1:dark' });
  });

  it('keeps a choice made on this device since the account last changed', () => {
    expect(reconcile('u1', 'dark', 'light', 'u1:dark')).toEqual({ use: 'light', marker: 'u1:dark' });
    expect(reconcile('u1', 'en', 'en', 'u1:en')).toEqual({ use: 'en', marker: 'u1:en' });
  });
});
