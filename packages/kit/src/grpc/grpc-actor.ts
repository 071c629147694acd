import { ACTOR_FIELDS } from '@pencraft/contracts/grpc-access';
import { AppError } from '@pencraft/errors';
import { currentRequestContext } from '../logging/request-context.js';
import { processActorKeys, signActorToken } from './actor-token.js';

/** The request field naming the user a method acts for (ACTOR_FIELDS), by the method's path. */
export function actorFieldOf(
  path: string | undefined,
  fields: Readonly<Record<string, Readonly<Record<string, string>>>> = ACTOR_FIELDS,
): string | undefined {
  const match = path ? /^\/([A-Za-z0-9_.]+)\/([A-Za-z0-9_]+)$/.exec(path) : null;
  return match ? fields[match[1]!]?.[match[2]!] : undefined;
}

/** The value at a dotted path of a request ("actor.uid"), when it is a non-empty string. */
export function fieldValue(request: unknown, path: string): string | undefined {
  let value: unknown = request;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * The actor token a client sends with a call of `path` to `callee`. The gateway (it holds the signing key) signs one
 * for the user the request names, refusing to name another user than the one signed in to the HTTP request it
 * serves; a service forwards the token of the user whose request it is handling, for that user only.
 */
export function outgoingActorToken(path: string, request: unknown, callee: string | undefined): string | undefined {
  return actorTokenFor(callee && actorFieldOf(path), request, callee);
}

/** outgoingActorToken with the method's actor field already looked up (a client does it once per method). */
export function actorTokenFor(
  field: string | undefined,
  request: unknown,
  callee: string | undefined,
): string | undefined {
  const uid = callee && field && fieldValue(request, field);
  if (!uid) return undefined;
  const context = currentRequestContext();
  const { signing } = processActorKeys();
  if (signing) {
    const signedIn = context?.userId;
    // staff:… and partner:… contexts act through their own checks; a user's session names the only user it may.
    if (signedIn && !signedIn.includes(':') && signedIn !== uid) throw new AppError('Forbidden');
    return signActorToken(signing, { sub: uid, aud: callee! });
  }
  return context?.actorToken && context.userId === uid ? context.actorToken : undefined;
}
