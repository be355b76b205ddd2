import { ServiceError } from './errors.ts';
import type { ErrorBody } from './shapes.ts';
import type { Introspection } from './types.ts';
import { wordKey } from '../text/service-terms.ts';

// Turns an error answer into a ServiceError whose message teaches: what was
// refused, why, and what to do next. Everything in ErrorBody is already
// redacted by the caller.

export interface ErrorFacts {
  status: number;
  method: string;
  path: string;
  attempts: number;
  body: ErrorBody;
  retryAfterSeconds?: number | undefined;
  /** 401 only: what GET /api-keys/introspect said. */
  introspection?: IntrospectionVerdict | undefined;
  /** 402 only: the balance, from the body or GET /users/credits. */
  balance?: number | undefined;
}

export type IntrospectionVerdict =
  | { kind: 'answer'; introspection: Introspection }
  | { kind: 'rejected' }
  | { kind: 'failed'; reason: string };

/** Where a key comes from and goes, in the action's words; the CLI says it in its own (cli/connect.ts). */
export const STORE_THE_KEY = 'store it in the secret passed as api-key';

const KEYS_PAGE = `create one in the web app under Settings, API Keys, and ${STORE_THE_KEY}`;

function said(body: ErrorBody): string {
  return body.message === '' ? '' : `: "${body.message}"`;
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}

function explainIntrospection(verdict: IntrospectionVerdict | undefined): string {
  if (verdict === undefined) return '';
  if (verdict.kind === 'rejected') {
    return 'GET /api-keys/introspect rejects it too: the key is invalid or has been revoked.';
  }
  if (verdict.kind === 'failed') return `GET /api-keys/introspect could not tell more (${verdict.reason}).`;
  const { active, subject, scopes } = verdict.introspection;
  const owner = subject === '' ? '' : ` (subject ${subject})`;
  if (!active) return `GET /api-keys/introspect says the key${owner} is inactive.`;
  return (
    `GET /api-keys/introspect says the key${owner} is active with scopes ${scopes.join(', ') || 'none'}, ` +
    'so the refusal may be temporary.'
  );
}

function sentence(facts: ErrorFacts): string {
  const { status, method, path, body } = facts;
  const where = `${method} ${path}`;
  switch (status) {
    // RFC 9110: 412 and 422 refuse the request as sent, as 400 does.
    case 400:
    case 412:
    case 422:
      return `${where} was refused (${status})${said(body)}. Fix the request: it is not retried unchanged.`;
    case 401:
      return (
        `${where}: the service rejected the API key (401)${said(body)}. ` +
        `${explainIntrospection(facts.introspection)} Use a valid key: ${KEYS_PAGE}.`
      );
    case 402: {
      const balance = facts.balance === undefined ? 'unknown' : String(facts.balance);
      const needs = body.creditsRequired === undefined ? '' : `, this needs ${body.creditsRequired}`;
      return (
        `${where}: not enough credits (402): the balance is ${balance}${needs}${said(body)}. ` +
        'Top up the account, then run again.'
      );
    }
    case 403: {
      const required = body.required ?? [];
      if (required.length === 0) {
        return `${where}: the API key lacks a scope this endpoint needs (403)${said(body)}. Mint a key with the scopes the run needs.`;
      }
      return (
        `${where}: the API key lacks the ${plural(required.length, 'scope')} ${required.join(', ')} (403). ` +
        `Mint a key with ${required.join(', ')} (scopes are fixed for a key's life): ${KEYS_PAGE}.`
      );
    }
    case 404:
    case 410:
      return `${where}: not found (${status})${said(body)}. It is missing or belongs to another user; it is not retried unchanged.`;
    case 409:
      return `${where}: conflict with work in flight (409${body.code === undefined ? '' : `, ${body.code}`})${said(body)}. ${conflictAdvice(facts)}`;
    case 429: {
      const wait =
        facts.retryAfterSeconds === undefined ? '' : ` and asks to wait ${facts.retryAfterSeconds} s`;
      const limit = body.limit === undefined ? '' : ` (limit ${body.limit})`;
      return (
        `${where}: rate limited${limit} (429)${said(body)}; the service still refused after ${facts.attempts} ` +
        `${plural(facts.attempts, 'attempt')}${wait}. Run again later.`
      );
    }
    default:
      if (status >= 300 && status < 400) {
        return (
          `${where}: the service redirects (${status}) where the client does not follow: another host ` +
          '(the key is never sent elsewhere), or too many redirects. Check base-url.'
        );
      }
      if (status >= 500) {
        return (
          `${where}: the service failed (${status})${said(body)} after ${facts.attempts} ` +
          `${plural(facts.attempts, 'attempt')}. Run again later.`
        );
      }
      return `${where}: the service answered ${status}${said(body)}. It is not retried unchanged.`;
  }
}

function conflictAdvice(facts: ErrorFacts): string {
  const code = facts.body.code === undefined ? '' : wordKey(facts.body.code);
  if (code === 'GENERATION_IN_PROGRESS') {
    return facts.method === 'PUT'
      ? 'The item is being generated: resend with cancel_generation to cancel the job and apply the edit, or wait for it to finish.'
      : 'The item is being generated: wait for the run to finish.';
  }
  if (code === 'ALREADY_PUBLISHED') return 'The video is published and is never replaced.';
  if (facts.path.startsWith('/contents/upload/')) {
    return 'An upload of this item is already in flight: poll its task status before dispatching again.';
  }
  return 'Wait for the work in flight, then run again.';
}

/** `scrub` removes the key from the finished message: introspection answers are service text too. */
export function serviceError(facts: ErrorFacts, scrub: (text: string) => string): ServiceError {
  return new ServiceError({
    status: facts.status,
    method: facts.method,
    path: facts.path,
    serviceMessage: scrub(facts.body.message),
    message: scrub(sentence(facts)),
    code: facts.body.code,
    required: facts.status === 403 ? facts.body.required : undefined,
    retryAfterSeconds: facts.retryAfterSeconds,
    balance: facts.balance ?? facts.body.balance,
    creditsRequired: facts.body.creditsRequired,
    limit: facts.body.limit,
    attempts: facts.attempts,
  });
}
