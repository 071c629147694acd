import { missingStatus } from './status.js';

describe('the status of a missing page', () => {
  it('is 410 for a deleted article and 404 for anything that never was', () => {
    expect(missingStatus({ status: 404, params: { deleted: 'true' } })).toBe(410);
    expect(missingStatus({ status: 404, params: {} })).toBe(404);
    // A malformed id is refused before anyone looks: never existed.
    expect(missingStatus({ status: 400, params: { deleted: 'true' } })).toBe(404);
    expect(missingStatus({ status: 404, params: { deleted: 'false' } })).toBe(404);
  });
});
