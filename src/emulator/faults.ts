// Scripted faults: statuses, latency, dropped connections and lost responses.
import type { Fault, FaultRule } from './types.ts';

interface ActiveRule {
  rule: FaultRule;
  remaining: number;
}

export class Faults {
  readonly #rules: ActiveRule[] = [];
  latencyMs = 0;
  /** Every error answer repeats the key it was sent (see echoKey). */
  echoKey = false;

  add(rule: FaultRule): void {
    const remaining = rule.times ?? 1;
    if (!(remaining > 0)) throw new Error('A fault rule needs times ≥ 1 (or Infinity).');
    this.#rules.push({ rule: { ...rule }, remaining });
  }

  clear(): void {
    this.#rules.length = 0;
    this.latencyMs = 0;
    this.echoKey = false;
  }

  /** The first rule matching the request, consumed once. */
  take(method: string, path: string): Fault | null {
    const relative = path.startsWith('/v1/') ? path.slice(3) : path;
    for (const [index, active] of this.#rules.entries()) {
      const { rule } = active;
      if (rule.method && rule.method.toUpperCase() !== method) continue;
      if (rule.path !== undefined && !pathMatches(rule.path, path, relative)) continue;
      active.remaining -= 1;
      if (active.remaining <= 0) this.#rules.splice(index, 1);
      return rule.fault;
    }
    return null;
  }
}

function pathMatches(pattern: string | RegExp, path: string, relative: string): boolean {
  if (typeof pattern === 'string') return pattern === path || pattern === relative;
  pattern.lastIndex = 0;
  if (pattern.test(path)) return true;
  pattern.lastIndex = 0;
  return pattern.test(relative);
}

/**
 * A careless service that quotes the credential it got in its error
 * messages, in every form a client must not show: as sent, split across two
 * lines, and base64-encoded (alone and as a Basic credential). The key is
 * taken from the request's Authorization or X-API-Key header.
 */
export function echoKey(body: unknown, headers: Record<string, string | string[] | undefined>): unknown {
  const authorization = String(headers['authorization'] ?? '');
  const key = authorization.replace(/^Bearer\s+/i, '') || String(headers['x-api-key'] ?? '');
  if (key === '') return body;
  const half = Math.floor(key.length / 2);
  const echo =
    `key ${key} was used; as sent: ${authorization}; ` +
    `wrapped: ${key.slice(0, half)}\n${key.slice(half)}; ` +
    `base64: ${Buffer.from(key).toString('base64')}; basic: ${Buffer.from(`user:${key}`).toString('base64')}`;
  const object = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : { detail: body };
  const said = (object as { error?: unknown }).error;
  return { ...object, error: `${typeof said === 'string' ? said : 'error'} (${echo})`, key, message: echo };
}
