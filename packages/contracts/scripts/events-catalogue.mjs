// Writes packages/contracts/EVENTS.md from the built registry (dist/) and the proto files, formatted as prettier would.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { renderEventsCatalogue } from '../dist/events-catalogue.js';
import { EVENTS } from '../dist/events.js';

const proto = new URL('../../../proto/', import.meta.url);
const target = fileURLToPath(new URL('../EVENTS.md', import.meta.url));
const sources = Object.fromEntries(
  Object.values(EVENTS).map((event) => [event.proto, readFileSync(new URL(event.proto, proto), 'utf8')]),
);
const options = { ...(await prettier.resolveConfig(target)), parser: 'markdown' };
writeFileSync(target, await prettier.format(renderEventsCatalogue(sources), options));
console.log('packages/contracts/EVENTS.md written');
