import type Keycloak from 'keycloak-js';
import { returnAddress, staffUserOf } from './keycloak.js';

const withToken = (tokenParsed: unknown) => ({ tokenParsed }) as unknown as Keycloak;

describe('who the Keycloak token names', () => {
  it('reads the subject, the username and the staff roles of the realm (other roles ignored)', () => {
    expect(
      staffUserOf(
        withToken({
          sub: 'f1d6c1c2-1111-4a4a-9b9b-222233334444',
          preferred_username: 'moderator',
          name: 'Demo Moderator',
          realm_access: { roles: ['offline_access', 'moderator', 'default-roles-pencraft', 'admin'] },
        }),
      ),
    ).toEqual({
      sub: 'f1d6c1c2-1111-4a4a-9b9b-222233334444',
      username: 'moderator',
      name: 'Demo Moderator',
      roles: ['moderator', 'admin'],
    });
  });

  it('reads the finance role (the payouts pages) beside the others', () => {
    const user = staffUserOf(withToken({ sub: 's', realm_access: { roles: ['finance', 'uma_authorization'] } }));
    expect(user?.roles).toEqual(['finance']);
  });

  it('gives a user without staff roles none, and no user without a token', () => {
    expect(staffUserOf(withToken({ sub: 's', preferred_username: 'nostaff' }))?.roles).toEqual([]);
    expect(staffUserOf(withToken({ sub: 's', realm_access: { roles: 'moderator' } }))).toMatchObject({
      username: 's',
      roles: [],
    });
    expect(staffUserOf(withToken(undefined))).toBeUndefined();
  });
});

describe('the address Keycloak sends the console back to', () => {
  it('keeps the page and its filters, drops the fragment and OAuth’s parameter names', () => {
    expect(returnAddress('http://localhost:8180/staff/payouts?status=requested#x')).toBe(
      'http://localhost:8180/staff/payouts?status=requested',
    );
    expect(returnAddress('http://localhost:8180/staff/queue?kind=comment&state=approved&code=c&page=2')).toBe(
      'http://localhost:8180/staff/queue?kind=comment&page=2',
    );
  });
});
