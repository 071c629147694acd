import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { AppError } from '@pencraft/errors';
import { CONFIG } from '@pencraft/kit';
import type { GatewayConfig } from '../config.js';
import { PUBLICATIONS, type PublicationsClient } from '../upstreams/publications.upstream.js';

/** Payments of publications: the owner's merchant account, the subscriber's checkout and Stripe's webhooks. */
@Injectable()
export class PaymentsService {
  constructor(
    @Inject(PUBLICATIONS) private readonly publications: PublicationsClient,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * The studio's income page, where the provider sends the owner back: /studio/income (the studio is the user's own
   * publication's; there is no /studio/{id}/... page).
   */
  private studioIncome() {
    return `${this.config.PUBLIC_ORIGIN}/studio/income`;
  }

  async connectMerchant(user: UserSummary, publicationId: string) {
    const page = this.studioIncome();
    const { onboardingUrl } = await this.publications.connectMerchant({
      actorUid: user.uid,
      publicationId,
      returnUrl: `${page}?connected=1`,
      refreshUrl: `${page}?connect=again`,
    });
    return { url: onboardingUrl };
  }

  async checkout(user: UserSummary, publicationId: string, planId: string) {
    const { checkoutUrl } = await this.publications.startCheckout({
      actorUid: user.uid,
      publicationId,
      planId,
      // The settings' publication page lists the user's subscriptions (there is no /settings/subscriptions).
      successUrl: `${this.config.PUBLIC_ORIGIN}/settings/publication?paid=${publicationId}`,
      cancelUrl: `${this.config.PUBLIC_ORIGIN}/settings/publication`,
    });
    return { url: checkoutUrl };
  }

  async webhook(payload: unknown, signature: string | string[] | undefined) {
    if (!Buffer.isBuffer(payload) || typeof signature !== 'string' || signature === '') {
      throw new AppError('InvalidWebhookSignature');
    }
    const { duplicate } = await this.publications.handlePaymentWebhook({ payload, signature });
    return { received: true as const, duplicate };
  }
}
