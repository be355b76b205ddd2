import { isRecord } from '../record.ts';
import { describeError, ServiceError } from '../service-client/errors.ts';
import type { ServiceClient } from '../service-client/client.ts';
import type { ListingOutcome } from '../service-client/listing.ts';
import {
  RULES,
  Unrecognised,
  readCredits,
  readGenerationPace,
  readObject,
  readSubscription,
  readTaskStatus,
  shapeOf,
  type RuleId,
} from '../service-client/readings.ts';
import {
  isKnownPlatform,
  isKnownStatus,
  type Account,
  type ContentSummary,
} from '../service-client/types.ts';
import * as wire from '../service-client/wire.ts';
import type { DoctorReport, Finding } from './schema.ts';

export type { DoctorReport, Finding } from './schema.ts';

// `doctor`: what the live service shows of each "not shown" rule, read with
// the same readings.ts the client parses through, so a rule reported
// understood is one the client handles. Reads only (the client refuses any
// other method before sending) and within a request budget.

/** Items whose detail and task status are sampled. */
const SAMPLE = 3;

class Findings {
  readonly list: Finding[] = [];
  /** Every read that failed, in order: when nothing was observed, they say why. */
  readonly failures: unknown[] = [];

  understood(rule: RuleId, endpoint: string, reading: string, seen: string): void {
    this.#add(rule, endpoint, { verdict: 'understood', reading, seen, consequence: null });
  }

  notUnderstood(rule: RuleId, endpoint: string, seen: string): void {
    const { otherwise: action, effect } = RULES[rule];
    this.#add(rule, endpoint, {
      verdict: 'not understood',
      reading: null,
      seen,
      consequence: { action, effect },
    });
  }

  notObserved(rule: RuleId, endpoint: string, seen: string): void {
    this.#add(rule, endpoint, { verdict: 'not observed', reading: null, seen, consequence: null });
  }

  /** A finding of `rule` at `endpoint`, under the rule's title. */
  #add(rule: RuleId, endpoint: string, verdict: Omit<Finding, 'rule' | 'title' | 'endpoint'>): void {
    this.list.push({ rule, title: RULES[rule].title, endpoint, ...verdict });
  }

  /** A read that failed: the rule is not understood when the answer was unreadable, not observed otherwise. */
  failed(rule: RuleId, endpoint: string, error: unknown): void {
    this.failures.push(error);
    if (error instanceof Unrecognised) this.notUnderstood(error.rule, endpoint, error.seen);
    else this.notObserved(rule, endpoint, `the read failed: ${describeError(error)}`);
  }
}

function fieldsOf(value: unknown): string {
  return isRecord(value) ? Object.keys(value).sort().join(', ') || 'no fields' : shapeOf(value, 0);
}

function listingFindings(found: Findings, endpoint: string, outcome: ListingOutcome): void {
  found.understood(
    'A5',
    endpoint,
    outcome.envelope ?? 'bare array',
    `${outcome.pages} page(s), envelope ${outcome.envelope}`,
  );
  if (outcome.size === null)
    found.notObserved('A6', endpoint, `no page told whether the size asked for (${outcome.pageSize}) counts`);
  else found.understood('A6', endpoint, outcome.size, `asked for ${outcome.pageSize} a page`);
  const complete = outcome.complete
    ? `proven complete by ${outcome.proof}`
    : `not proven complete (${outcome.gap}): an apply holds creates`;
  found.understood('A7', endpoint, outcome.paging, `${outcome.hints}; ${complete}`);
}

/** Walks a listing through the client, capturing what the walker saw of its paging. */
async function walk<T>(
  client: ServiceClient,
  captured: Map<string, ListingOutcome>,
  path: string,
  list: () => Promise<{ items: T[] }>,
  found: Findings,
): Promise<T[] | null> {
  const endpoint = `GET ${path}`;
  try {
    const listed = await list();
    const outcome = captured.get(path);
    if (outcome) listingFindings(found, endpoint, outcome);
    return listed.items;
  } catch (error) {
    found.failures.push(error);
    const problem = describeError(error);
    if (/unexpected response/.test(problem)) found.notUnderstood('A5', endpoint, problem);
    else if (error instanceof ServiceError) found.notObserved('A5', endpoint, problem);
    else found.notUnderstood('A7', endpoint, problem);
    return null;
  }
}

/**
 * Probes the service behind `client`, which must be read-only, with a budget,
 * and must report its listings to `captured` (see createDoctorClient).
 */
export async function probeService(
  client: ServiceClient,
  captured: Map<string, ListingOutcome>,
  budget: { total: number; left: () => number },
): Promise<DoctorReport> {
  const found = new Findings();
  await probeKey(client, found);
  const accounts = await walk(client, captured, wire.paths.accounts(), () => client.listAccounts(), found);
  const contents = await walk(client, captured, wire.paths.contents(), () => client.listContents(), found);
  const oddStatuses = contents === null ? [] : statusFindings(found, contents);
  unknownValueFindings(found, accounts, contents, oddStatuses);
  const sample = (contents ?? []).slice(0, SAMPLE);
  await probeDetails(client, found, sample, budget);
  await probeTaskStatus(client, found, sample[0]);
  await probeCreditsAndSubscription(client, found);
  found.notObserved(
    'A14',
    'POST /contents, PUT /contents/{id}',
    'doctor never writes; an apply reads every write back whatever it answers (the item, an id, or nothing)',
  );

  const observed = found.list.some((finding) => finding.verdict !== 'not observed');
  return {
    version: 1,
    baseUrl: client.baseUrl,
    requests: { budget: budget.total, used: budget.total - budget.left() },
    understood: found.list.every((finding) => finding.verdict !== 'not understood'),
    nothingObserved: observed ? null : nothingObservedBecause(found.failures),
    findings: found.list,
  };
}

/** A29, the key: the one scope the interface states is generate, for generation. */
async function probeKey(client: ServiceClient, found: Findings): Promise<void> {
  const introspect = `GET ${wire.paths.introspect()}`;
  try {
    const key = readObject(await client.getRaw(wire.paths.introspect())).object;
    const scopes = Array.isArray(key.scopes)
      ? key.scopes.filter((s): s is string => typeof s === 'string')
      : [];
    const generation = scopes.includes('generate')
      ? 'generation allowed (generate)'
      : 'generation would stop before any write: the key lacks generate';
    const seen = `scopes ${scopes.join(', ') || 'none'}; ${generation}; content writes: the scope is not shown, a 403 would stop the apply at its first write, quoting the service's required list`;
    if (key.active === true) found.understood('A29', introspect, 'active', seen);
    else found.notUnderstood('A29', introspect, `the key is not active (${shapeOf(key.active, 0)})`);
  } catch (error) {
    found.failed('A29', introspect, error);
  }
}

/** A18, the status of each listed row; returns the statuses the interface does not list, as seen. */
function statusFindings(found: Findings, contents: readonly ContentSummary[]): string[] {
  const statuses = new Set(contents.map((item) => item.status));
  const known = [...statuses].filter((status) => isKnownStatus(status));
  const unknown = [...statuses].filter((status) => !isKnownStatus(status));
  const endpoint = `GET ${wire.paths.contents()}`;
  if (contents.length === 0) found.notObserved('A18', endpoint, 'no items: nothing to read a status from');
  else if (known.length === 0 && unknown.every((status) => status !== ''))
    found.notUnderstood(
      'A18',
      endpoint,
      `no row carries a status the interface lists (${unknown.length} other value(s))`,
    );
  else
    found.understood(
      'A18',
      endpoint,
      unknown.some((status) => status === '') ? 'rows without status' : 'rows with status',
      `statuses ${[...statuses].map((s) => s || '(none)').join(', ')}`,
    );
  // A row without a status is a reading of A18, not a value beyond the interface.
  return unknown.filter((status) => status !== '');
}

/** A35, values beyond the interface's enums: platforms of accounts and statuses of items. */
function unknownValueFindings(
  found: Findings,
  accounts: readonly Account[] | null,
  contents: readonly ContentSummary[] | null,
  oddStatuses: readonly string[],
): void {
  const endpoint = 'GET /accounts, GET /contents';
  const odd = [
    ...(accounts ?? [])
      .filter((account) => !isKnownPlatform(account.platform))
      .map((account) => `platform ${JSON.stringify(account.platform)}`),
    ...oddStatuses.map((status) => `status ${JSON.stringify(status)}`),
  ];
  if (accounts === null && contents === null)
    found.notObserved('A35', endpoint, 'neither listing could be read');
  else if (odd.length === 0)
    found.understood('A35', endpoint, 'none seen', 'every value is one the interface lists');
  else
    found.understood(
      'A35',
      endpoint,
      'unknown values seen',
      `${odd.join('; ')}: an item carrying one, or publishing to such an account, is held; the rest go on`,
    );
}

/** A9, the object envelope, from the detail of a few items while the budget lasts. */
async function probeDetails(
  client: ServiceClient,
  found: Findings,
  sample: readonly ContentSummary[],
  budget: { left: () => number },
): Promise<void> {
  const endpoint = 'GET /contents/{id}';
  if (sample.length === 0) found.notObserved('A9', endpoint, 'no items to read');
  for (const [index, item] of sample.entries()) {
    if (budget.left() < 4) break;
    try {
      const { object, reading } = readObject(await client.getRaw(wire.paths.content(item.id)));
      if (index === 0)
        found.understood(
          'A9',
          endpoint,
          reading,
          `fields ${fieldsOf(object)}; progress ${shapeOf(object.progress, 0)}; video_settings ${fieldsOf(object.video_settings)}`,
        );
    } catch (error) {
      found.failed('A9', endpoint, error);
      break;
    }
  }
}

/** A24, the task status of the first listed item. */
async function probeTaskStatus(
  client: ServiceClient,
  found: Findings,
  first: ContentSummary | undefined,
): Promise<void> {
  const endpoint = 'GET /gen/task-status/{id}';
  if (first === undefined) {
    found.notObserved('A24', endpoint, 'no items to read');
    return;
  }
  try {
    const { object } = readObject(await client.getRaw(wire.paths.taskStatus(first.id)));
    const read = readTaskStatus(object);
    found.understood(
      'A24',
      endpoint,
      read.reading,
      `fields ${fieldsOf(object)}; progress ${shapeOf(object.progress, 0)}`,
    );
  } catch (error) {
    found.failed('A24', endpoint, error);
  }
}

/** A10 and A11: the credits and the subscription, each read once. */
async function probeCreditsAndSubscription(client: ServiceClient, found: Findings): Promise<void> {
  const creditsEndpoint = `GET ${wire.paths.credits()}`;
  try {
    const body = await client.getRaw(wire.paths.credits());
    found.understood('A10', creditsEndpoint, readCredits(body).reading, shapeOf(body));
  } catch (error) {
    found.failed('A10', creditsEndpoint, error);
  }
  const subscriptionEndpoint = `GET ${wire.paths.subscription()}`;
  try {
    const body = await client.getRaw(wire.paths.subscription());
    const read = readSubscription(body);
    found.understood('A11', subscriptionEndpoint, read.reading, `fields ${fieldsOf(read.fields)}`);
    const pace = readGenerationPace(read.fields.limits);
    const limits = `limits with fields ${fieldsOf(read.fields.limits)}`;
    if (pace) found.understood('A41', subscriptionEndpoint, pace.reading, limits);
    else
      found.notObserved(
        'A41',
        subscriptionEndpoint,
        `${limits}, none a generation rate: an apply learns the pace from the service's 429s`,
      );
  } catch (error) {
    found.failed('A11', subscriptionEndpoint, error);
  }
}

/**
 * Why doctor could observe no rule at all, in one sentence: a service that
 * redirects every request is named as such (the client never follows a
 * redirect, so that the key goes to base-url only); otherwise the first failure.
 */
function nothingObservedBecause(failures: readonly unknown[]): string {
  const first = failures[0];
  if (first === undefined) return 'no read was made: the request budget allowed none';
  const statuses = failures.map((error) => (error instanceof ServiceError ? error.status : 0));
  if (statuses.every((status) => status >= 300 && status < 400)) {
    return (
      `every read was answered with a redirect (${[...new Set(statuses)].join(', ')}), which the client ` +
      'does not follow, so that the key goes to base-url only: set base-url to where the service redirects'
    );
  }
  const count = failures.length === 1 ? 'the one read' : `all ${failures.length} reads`;
  return `${count} failed; the first: ${describeError(first)}`;
}
