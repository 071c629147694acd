/**
 * Errors as log lines carry what explains them and none of the data they were about. Database errors are the risk:
 * drizzle puts every bound value of the failed query in its message ("params: ana@example.az,…"), and PostgreSQL
 * quotes the offending value in `detail` ("Key (email)=(ana@example.az) already exists") and, for data and
 * constraint errors, in the message. Only known-safe properties are copied; values are cut out of the texts.
 */

/** Properties copied as they are: codes and names that identify a failure, never the data involved. */
const SAFE_PROPERTIES = [
  'code',
  'errno',
  'syscall',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'dataType',
  'status',
  'statusCode',
] as const;
const MAX_DEPTH = 4;
const MAX_QUERY_LENGTH = 2_000;

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  query?: string;
  details?: unknown;
  cause?: SerializedError;
  [key: string]: unknown;
}

/** Drizzle's "\nparams: v1,v2,…" (values may span lines) up to the stack frames or the end. */
const DRIZZLE_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

/** Removes bound values from a text that may hold a drizzle query error message or stack. */
export function redactQueryParams(text: string): string {
  return text.replace(DRIZZLE_PARAMS, '\nparams: [redacted]');
}

function isPostgresError(error: Record<string, unknown>): boolean {
  return typeof error.severity === 'string' && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);
}

/**
 * PostgreSQL classes 22 (data exception) and 23 (integrity constraint violation) quote the value that failed:
 * `invalid input syntax for type uuid: "…"`, `Key (email)=(…)`. Everything quoted or in a key's parentheses goes.
 */
function redactPostgresMessage(code: string, message: string): string {
  if (!code.startsWith('22') && !code.startsWith('23')) return message;
  return message.replace(/"(?:[^"]|"")*"/g, '"[redacted]"').replace(/=\((?:[^()]|\([^()]*\))*\)/g, '=([redacted])');
}

function messageOf(error: Record<string, unknown>): string {
  const message = typeof error.message === 'string' ? error.message : '';
  if (typeof error.query === 'string' && 'params' in error) return `Failed query: ${truncate(error.query)}`;
  if (isPostgresError(error)) return redactPostgresMessage(error.code as string, message);
  return redactQueryParams(message);
}

function truncate(text: string): string {
  return text.length > MAX_QUERY_LENGTH ? `${text.slice(0, MAX_QUERY_LENGTH)}…` : text;
}

/** The stack with its header (name and original message) replaced by the redacted message. */
function stackOf(error: Record<string, unknown>, type: string, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  const frames = error.stack.indexOf('\n    at ');
  return frames === -1 ? `${type}: ${message}` : `${type}: ${message}${error.stack.slice(frames)}`;
}

/** A log-safe copy of an error and its causes (pino serializer for `err`). */
export function serializeError(value: unknown, depth = 0): SerializedError | unknown {
  if (!(value instanceof Error) && (typeof value !== 'object' || value === null || !('message' in value))) {
    return typeof value === 'string' ? redactQueryParams(value) : value;
  }
  const error = value as unknown as Record<string, unknown>;
  const type = (value as { constructor?: { name?: string } }).constructor?.name ?? 'Error';
  const message = messageOf(error);
  const out: SerializedError = { type, message };
  const stack = stackOf(error, type, message);
  if (stack) out.stack = stack;
  if (typeof error.query === 'string') out.query = truncate(error.query);
  for (const key of SAFE_PROPERTIES) {
    const property = error[key];
    if (typeof property === 'string' || typeof property === 'number') out[key] = property;
  }
  // An AppError's field details name fields and catalogue codes, never values.
  if (Array.isArray(error.details)) out.details = error.details;
  if (error.cause !== undefined && depth < MAX_DEPTH)
    out.cause = serializeError(error.cause, depth + 1) as SerializedError;
  return out;
}
