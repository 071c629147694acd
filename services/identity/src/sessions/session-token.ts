import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the value of the pc_su cookie. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function looksLikeSessionToken(token: string) {
  return TOKEN_SHAPE.test(token);
}

/** The source of new session tokens, as a port (tests hand out known tokens). */
@Injectable()
export class SessionTokenGenerator {
  generate(): string {
    return generateSessionToken();
  }
}
