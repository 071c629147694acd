import { Module } from '@nestjs/common';

/** No domain logic yet: the service boots, owns its schema and answers health checks (see the README's status table). */
@Module({})
export class ModerationModule {}
