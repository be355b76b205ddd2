// Builders of reading hooks: a fault on an endpoint, a rewrite of its
// answers, a walk over every value of a JSON answer.
import type { ReadingContext as Core, Reply } from '../types.ts';
import type { Exchange, Interception, ReadingHooks } from './types.ts';

/** Whether the exchange hits one of the endpoints (`*` for any). */
function hits(exchange: Exchange, endpoints: readonly string[]): boolean {
  return endpoints.includes('*') || (exchange.endpoint !== null && endpoints.includes(exchange.endpoint));
}

/** Intercepts matching requests: the first `times` after `skip` of them. */
export function faultOn(
  endpoints: readonly string[],
  make: (exchange: Exchange, core: Core) => Interception | void,
  { skip = 0, times = 1 }: { skip?: number; times?: number } = {},
): () => ReadingHooks {
  return () => {
    let seen = 0;
    return {
      request(exchange, core) {
        if (!hits(exchange, endpoints)) return;
        seen += 1;
        if (seen <= skip || seen > skip + times) return;
        return make(exchange, core);
      },
    };
  };
}

/** Rewrites the answers of matching requests. */
export function replyOn(
  endpoints: readonly string[],
  rewrite: (reply: Reply, exchange: Exchange, core: Core) => Reply,
): () => ReadingHooks {
  return () => ({
    reply: (exchange, reply, core) => (hits(exchange, endpoints) ? rewrite(reply, exchange, core) : reply),
  });
}

/** A JSON answer with its body rewritten; other answers as they are. */
export function withBody(reply: Reply, rewrite: (body: unknown) => unknown): Reply {
  if (reply.body === null || typeof reply.body !== 'object' || Buffer.isBuffer(reply.body)) return reply;
  return { ...reply, body: rewrite(reply.body) };
}

/** Every value of a JSON tree, depth first, replaced by `map(value, key)`; objects and arrays are walked after. */
export function mapTree(value: unknown, map: (value: unknown, key: string | null) => unknown): unknown {
  const walk = (node: unknown, key: string | null): unknown => {
    const mapped = map(node, key);
    if (Array.isArray(mapped)) return mapped.map((entry) => walk(entry, null));
    if (mapped !== null && typeof mapped === 'object') {
      return Object.fromEntries(Object.entries(mapped).map(([k, v]) => [k, walk(v, k)]));
    }
    return mapped;
  };
  return walk(value, null);
}

/** The rows of a listing answer, wherever its envelope put them. */
export function rowsOf(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body)) return body as Record<string, unknown>[];
  if (body === null || typeof body !== 'object') return [];
  for (const value of Object.values(body)) {
    if (Array.isArray(value)) return value as Record<string, unknown>[];
  }
  return [];
}

/** An answer in the service's error form, with optional headers. */
export function errorReply(status: number, error: string, headers: Record<string, string> = {}): Reply {
  return { status, body: { error }, headers };
}

/** A gateway's own error page: HTML, not JSON (RFC 9110 §15.6.3). */
export function htmlPage(status: number, title: string): Reply {
  return {
    status,
    body: `<!DOCTYPE html>\n<html><head><title>${status} ${title}</title></head><body><center><h1>${status} ${title}</h1></center><hr><center>nginx</center></body></html>\n`,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  };
}

/** Retry-After as an HTTP date `seconds` from now (RFC 9110 §10.2.3). */
export function retryAfterDate(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toUTCString();
}

/** The content id in a path of the interface (`/contents/{id}`, `/gen/task-status/{id}`, …). */
export function contentIdOf(exchange: Exchange): string | null {
  const found = /^\/(?:contents(?:\/upload)?|gen\/task-status)\/([^/]+)/.exec(exchange.path);
  return found?.[1] !== undefined && found[1] !== 'upload' ? decodeURIComponent(found[1]) : null;
}
