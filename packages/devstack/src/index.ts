// The local stack as a library, for the test suites (tests/) and the CLI.
export {
  DEPENDENCIES,
  PROFILES,
  appsOf,
  gatewayUrl,
  loadSystem,
  repoRoot,
  stackFor,
  TEST_SLOT_SHIFT,
  TEST_SLOTS,
  testSlot,
  testSlotStack,
} from './registry.ts';
export type {
  AppInfo,
  Dependency,
  FrontendInfo,
  GatewayInfo,
  Profile,
  ServiceInfo,
  Stack,
  SystemJson,
} from './registry.ts';
export {
  MAIL_FROM,
  databaseUrl,
  dependencyEnv,
  edgeRoutes,
  envFor,
  mailApiUrl,
  natsUrl,
  objectStoreUrl,
  redisUrl,
  smtpUrl,
} from './env.ts';
export { MESSAGING_ADMIN, natsAdmin, natsConnectOptions } from './messaging.ts';
export { loadSecrets } from './secrets.ts';
export type { Secrets } from './secrets.ts';
export type { Env, EnvOptions } from './env.ts';
export { createDatabase, dropDatabase, infraStatus, redisPing, startInfra, stopInfra } from './infra.ts';
export type { InfraName, InfraStatus } from './infra.ts';
export {
  appsStatus,
  mallocEnvOf,
  nodeOptionsOf,
  probePort,
  readyUrl,
  reclaimPorts,
  runMigrations,
  sharingProcess,
  startApp,
  startApps,
  startGatewayHosting,
  startStaticFrontends,
  staticSitesOf,
  staticOnly,
  stopApp,
  stopApps,
} from './processes.ts';
export type { AppHandle, AppStatus, ExitInfo, StartOptions } from './processes.ts';
export { logFile, logTail, pidFile } from './proc.ts';
export { solveCaptcha, solveCaptchaChallenge } from './captcha.ts';
export {
  CONSOLE_CLIENT_ID,
  KEYCLOAK_BOOTSTRAP_ADMIN,
  PARTNERS_CLIENT_ID,
  TESTS_CLIENT_ID,
  TESTS_NO_AUDIENCE_CLIENT_ID,
  clientCredentialsToken,
  keycloakTokenUrl,
  passwordToken,
  staffCredentials,
  staffPasswordToken,
} from './keycloak.ts';
export type { StaffRole } from './keycloak.ts';
export { keycloakEnv, keycloakPublicUrl } from './env.ts';
export { createClient, loadSeedData, mailpitCodeReader, seed, smsMailboxOf } from './seed.ts';
export type { Client, SeedData, SeedResult } from './seed.ts';
