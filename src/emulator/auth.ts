// Authentication (interface, Authentication 1-9; A2, A29).
import type { IncomingHttpHeaders } from 'node:http';
import { KEY_PREFIX, type Scope } from '../interface/enumerations.ts';
import type { Store, UserRecord } from './store.ts';
import type { KeyInfo } from './types.ts';

export type AuthResult = { ok: true; user: UserRecord; key: KeyInfo } | { ok: false; error: string };

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The key presented by a request. Both header forms are equivalent; when both
 * are present and differ, Authorization wins (A2).
 */
function presentedKey(headers: IncomingHttpHeaders): { key: string } | { error: string } {
  const authorization = header(headers, 'authorization');
  if (authorization !== undefined) {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
    if (!match?.[1]) {
      return { error: 'Malformed Authorization header: expected "Bearer <API key>".' };
    }
    return { key: match[1] };
  }
  const apiKey = header(headers, 'x-api-key')?.trim();
  if (apiKey) return { key: apiKey };
  return { error: 'Missing API key: send "Authorization: Bearer <API key>" or "X-API-Key: <API key>".' };
}

/** Resolves the request's key to its user. Messages never repeat the key. */
export function authenticate(store: Store, headers: IncomingHttpHeaders): AuthResult {
  const presented = presentedKey(headers);
  if ('error' in presented) return { ok: false, error: presented.error };
  if (!presented.key.startsWith(KEY_PREFIX)) {
    return { ok: false, error: `Malformed API key: API keys start with ${KEY_PREFIX}.` };
  }
  const key = store.findKey(presented.key);
  if (!key) return { ok: false, error: 'Invalid API key.' };
  if (key.revoked_at !== null) return { ok: false, error: 'API key revoked.' };
  const user = store.users.get(key.userId);
  if (!user) return { ok: false, error: 'Invalid API key.' };
  key.last_used_at = new Date().toISOString();
  return { ok: true, user, key };
}

/** Whether the key holds every scope the endpoint requires (a 403 lists them all in `required`). */
export function hasScopes(key: KeyInfo, required: readonly Scope[]): boolean {
  return required.every((scope) => key.scopes.includes(scope));
}
