import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { profileUpstream } from '../profiles/profile.upstream.js';
import { publicationsUpstream } from '../upstreams/publications.upstream.js';
import { IncomeController } from './income.controller.js';
import { IncomeService } from './income.service.js';

/** The studio's income: the ledger of subscription payments a publication received (the owner's). */
@Module({
  imports: [AccountsModule],
  controllers: [IncomeController],
  providers: [publicationsUpstream.provider, profileUpstream.provider, IncomeService],
})
export class IncomeModule {}
