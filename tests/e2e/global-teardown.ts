import { stopApps } from '../../packages/devstack/src/index.ts';
import { stack } from '../support/stack.ts';

export default async function globalTeardown() {
  await stopApps(stack);
}
