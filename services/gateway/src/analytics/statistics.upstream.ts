import { StatisticsServiceClient, StatisticsServiceService } from '@pencraft/contracts/articles/v1/statistics';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** articles.v1.StatisticsService, served by the articles service (the same address as its other services). */
export const statisticsUpstream = defineUpstream('articles', StatisticsServiceClient, StatisticsServiceService);
export const STATISTICS = statisticsUpstream.token;
export type StatisticsClient = PromiseClient<StatisticsServiceClient>;
