import { z } from 'zod';

/** The variables every process of the platform reads. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  OTEL_SERVICE_NAME: z.string().min(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HTTP_PORT: z.coerce.number().int().min(1).max(65535),
  /** /healthz, /readyz (with details) and /metrics: for the kubelet and Prometheus, never the public origin. */
  INTERNAL_HTTP_PORT: z.coerce.number().int().min(1).max(65535),
  OTEL_TRACES_EXPORTER: z.enum(['none', 'otlp', 'console']).default('none'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** How long to keep serving after SIGTERM before closing, so load balancers see the pod as unready first. */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(0),
});

/** The variables of a service that owns data (every service but the gateway). */
export const serviceConfigSchema = baseConfigSchema.extend({
  GRPC_PORT: z.coerce.number().int().min(1).max(65535),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^\s]+$/, 'must be a nats:// or tls:// URL (several may be separated by commas)'),
  /** The service's own NATS user (issue #19: it may publish only its own subjects); without it, no credentials. */
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;
export type ServiceConfig = z.infer<typeof serviceConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment against a schema once. Every bad or missing variable is reported
 * by name in one error, so an operator fixes them all in one go.
 */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = env[String(issue.path[0])];
    const reason = value === undefined || value === '' ? 'is missing' : `is invalid: ${issue.message}`;
    return `${name} ${reason}`;
  });
  throw new ConfigError(problems);
}

/** Like parseConfig, but a bad configuration stops the process with the list of problems. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: error.message, problems: error.problems })}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

/** A boolean variable: only "true"/"1" and "false"/"0" are accepted, so a typo is not silently false. */
export const booleanFlag = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(defaultValue ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');
