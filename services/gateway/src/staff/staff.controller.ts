import { Controller, Inject } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import type { GatewayConfig } from '../config.js';
import { Route } from '../http/route.js';
import { CurrentStaff, type StaffIdentity } from './current-staff.js';
import { keycloakIssuer, keycloakJwksUrl, keycloakPublicUrl } from './staff.config.js';
import * as routes from './staff.routes.js';

const KEYS_TIMEOUT_MS = 3_000;

@Controller()
export class StaffController {
  constructor(@Inject(CONFIG) private readonly config: GatewayConfig) {}

  @Route(routes.staffConfigRoute)
  staffConfig() {
    return {
      url: keycloakPublicUrl(this.config),
      realm: this.config.KEYCLOAK_REALM,
      clientId: this.config.KEYCLOAK_CONSOLE_CLIENT_ID,
    };
  }

  @Route(routes.staffMeRoute)
  me(@CurrentStaff() staff: StaffIdentity) {
    return { sub: staff.sub, username: staff.username, roles: staff.roles };
  }

  @Route(routes.staffAuthStatusRoute)
  async authStatus() {
    let keyCount = 0;
    let keysReachable = false;
    try {
      const response = await fetch(keycloakJwksUrl(this.config), { signal: AbortSignal.timeout(KEYS_TIMEOUT_MS) });
      if (response.ok) {
        const body = (await response.json()) as { keys?: { use?: string }[] };
        keyCount = (body.keys ?? []).filter((key) => key.use === undefined || key.use === 'sig').length;
        keysReachable = true;
      }
    } catch {
      keysReachable = false;
    }
    return {
      issuer: keycloakIssuer(this.config),
      audience: this.config.KEYCLOAK_AUDIENCE,
      realm: this.config.KEYCLOAK_REALM,
      keysReachable,
      keyCount,
    };
  }
}
