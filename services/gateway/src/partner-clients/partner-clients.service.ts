import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { StaffIdentity } from '../staff/current-staff.js';
import {
  toPartnerClientJson,
  type CreatePartnerClientBody,
  type UpdatePartnerClientBody,
} from './partner-clients.dto.js';
import { PARTNER_CLIENTS, type PartnerClientsClient } from './partner-clients.upstream.js';

/** Partner clients over identity's PartnerService; the acting admin (for the registry's audit) from the token. */
@Injectable()
export class PartnerClientsService {
  constructor(@Inject(PARTNER_CLIENTS) private readonly partners: PartnerClientsClient) {}

  async list() {
    const { clients } = await this.partners.listPartnerClients({});
    return { items: clients.map(toPartnerClientJson) };
  }

  async create(staff: StaffIdentity, body: z.output<typeof CreatePartnerClientBody>) {
    const answer = await this.partners.createPartnerClient({ ...body, actor: staff.username });
    return { client: toPartnerClientJson(answer.client!), secret: answer.secret };
  }

  async get(id: string) {
    return toPartnerClientJson((await this.partners.getPartnerClient({ id })).client!);
  }

  /** PATCH: the fields not given keep their current values (identity's update takes them all). */
  async update(staff: StaffIdentity, id: string, body: z.output<typeof UpdatePartnerClientBody>) {
    const { client } = await this.partners.getPartnerClient({ id });
    const { client: updated } = await this.partners.updatePartnerClient({
      id,
      scopes: body.scopes ?? client!.scopes,
      origins: body.origins ?? client!.origins,
      rateLimitPerMinute: body.rateLimitPerMinute ?? client!.rateLimitPerMinute,
      dailyQuota: body.dailyQuota ?? client!.dailyQuota,
      actor: staff.username,
    });
    return toPartnerClientJson(updated!);
  }

  async rotate(staff: StaffIdentity, id: string) {
    const answer = await this.partners.rotatePartnerClientSecret({ id, actor: staff.username });
    return { client: toPartnerClientJson(answer.client!), secret: answer.secret };
  }

  async revoke(staff: StaffIdentity, id: string) {
    return toPartnerClientJson((await this.partners.revokePartnerClient({ id, actor: staff.username })).client!);
  }
}
