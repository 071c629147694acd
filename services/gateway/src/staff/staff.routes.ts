import { defineRoute } from '../http/route.js';
import { StaffAuthStatus, StaffConfig, StaffMe } from './staff.dto.js';

const TAG = 'staff';

export const staffConfigRoute = defineRoute({
  operationId: 'getStaffConfig',
  method: 'GET',
  path: '/api/staff/config',
  tag: TAG,
  summary:
    "Where the staff console signs in: Keycloak's address, the realm and the console's client (public; the console " +
    'reads it at run time, so one build serves every environment).',
  response: StaffConfig,
  cacheControl: 'public, max-age=300',
});

export const staffMeRoute = defineRoute({
  operationId: 'getStaffMe',
  method: 'GET',
  path: '/api/staff/me',
  tag: TAG,
  summary: 'The staff member the bearer token names and their staff roles (moderator or admin).',
  auth: 'staff',
  response: StaffMe,
});

export const staffAuthStatusRoute = defineRoute({
  operationId: 'getStaffAuthStatus',
  method: 'GET',
  path: '/api/staff/auth-status',
  tag: TAG,
  summary:
    "Admins only: the issuer and audience the gateway requires of staff tokens and whether the realm's signing keys " +
    'can be fetched now.',
  auth: 'staff',
  staffRole: 'admin',
  response: StaffAuthStatus,
});
