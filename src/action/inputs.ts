import { INPUT_DEFAULTS, type InputName } from '../defaults.ts';
import { DURATION_FORM, parseDuration } from '../text/duration.ts';
import { parsePause } from '../plan/release-control.ts';
import type { RequireReview } from '../engine/review.ts';
import type { Shard } from '../plan/shard.ts';
import { parseShard } from './shard.ts';

// Every input of action.yml, read once into one typed object. The runner
// passes every input as a string; '' means "not given" and takes the
// default from src/defaults.ts, which action.yml declares too, so a local
// run without the runner's defaults behaves the same. An error names the input and the form
// it expects, and never echoes the api-key.

const REQUIRE_REVIEW = ['off', 'warn', 'hold'] as const;

/** Inputs whose values are never echoed (and which the action masks first thing). */
export const SECRET_INPUTS: ReadonlySet<InputName> = new Set(['api-key', 'github-token', 'review-key']);

const INPUT_MODES = ['validate', 'plan', 'apply', 'auto', 'doctor', 'import', 'adopt'] as const;
type InputMode = (typeof INPUT_MODES)[number];

export interface ActionInputs {
  /** '' when the workflow passed none (a fork PR gets no secrets). */
  apiKey: string;
  baseUrl: string;
  manifests: string;
  /** A manifests glob that matches nothing is accepted instead of failing the run. */
  allowEmpty: boolean;
  mode: InputMode;
  githubToken: string;
  /** The login the github-token posts as, when GitHub does not say (a GitHub App's bot); '' when not given. */
  commentAuthor: string;
  /** Seals the reviewed plan in the PR comment; '' means the API key does. */
  reviewKey: string;
  comment: boolean;
  previewScripts: boolean;
  /** A same-repository pull request renders up to this many previews (0: none). */
  previewRenders: number;
  /** The most credits a pull request run's previews may spend; null: no ceiling besides the count. */
  previewCredits: number | null;
  /** The comment links previews' signed URLs in a public repository too. */
  previewLinksPublic: boolean;
  /** A pull request's plan reads every item, not only those its change touches. */
  fullRead: boolean;
  publish: boolean;
  maxPublications: number;
  cancelRunning: boolean;
  concurrency: number;
  wait: boolean;
  timeoutMinutes: number;
  /** Milliseconds: a publish.at older than this is held. */
  lateWindowMs: number;
  /** What an apply on a push does with renders and publications no reviewed plan covers. */
  requireReview: RequireReview;
  shard: Shard | null;
  /** The emergency stop: null when not paused, else the reason it gives (null when it gives only `true`). */
  pause: { reason: string | null } | null;
  /** Lift the release file's freeze windows (workflow_dispatch only). */
  overrideFreeze: boolean;
  /** A publication whose answer was lost is held as unknown until a person decides, never sent again. */
  atMostOnce: boolean;
  /** Fields edited in the service are put back to the manifest's values. */
  selfHeal: boolean;
  /** base-url may be plain http to a host other than this machine. */
  allowInsecureHttp: boolean;
  /** Runs whose content may come from a fork or a comment may write to the service. */
  allowUntrustedEvents: boolean;
  /** Record each publication of the run as a GitHub deployment (src/action/deployments.ts). */
  deployments: boolean;
}

export class InputError extends Error {
  override name = 'InputError';
}

// Each input is one regular expression or one list of words; a failed check
// names the input and the form it expects.
type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
type Parser<T> = (value: string) => Parsed<T>;

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (error: string): Parsed<never> => ({ ok: false, error });

const text: Parser<string> = ok;

// YAML 1.2 core booleans, as @actions/core's getBooleanInput accepts them.
const BOOLEANS = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE']);
const boolean: Parser<string> = (value) => (BOOLEANS.has(value) ? ok(value) : fail('expected true or false'));

const integer =
  (min: number, max: number): Parser<number> =>
  (value) => {
    const number = /^\d+$/.test(value) ? Number(value) : NaN;
    return number >= min && number <= max
      ? ok(number)
      : fail(`expected a whole number from ${min} to ${max}`);
  };

const INPUTS = {
  'api-key': text,
  'base-url': (value) =>
    value === '' || /^https?:\/\/[^\s/]+/i.test(value)
      ? ok(value)
      : fail('expected an http:// or https:// URL, for example https://api.example.com'),
  manifests: (value) =>
    value === '' ? fail('expected a glob, for example content/**/*.{yml,yaml}') : ok(value),
  'allow-empty': boolean,
  mode: (value) =>
    (INPUT_MODES as readonly string[]).includes(value)
      ? ok(value as InputMode)
      : fail(`expected one of ${INPUT_MODES.join(', ')}`),
  'github-token': text,
  'comment-author': (value) =>
    value === '' || /^[A-Za-z0-9][A-Za-z0-9-]{0,38}(\[bot\])?$/.test(value)
      ? ok(value)
      : fail('expected a GitHub login, for example my-app[bot]'),
  'review-key': text,
  comment: boolean,
  'preview-scripts': boolean,
  'preview-renders': integer(0, 100),
  'preview-credits': (value) => (value === '' ? ok(null) : integer(0, 100_000_000)(value)),
  'preview-links-public': boolean,
  'full-read': boolean,
  publish: boolean,
  'max-publications': integer(0, 100_000),
  'cancel-running': boolean,
  concurrency: integer(1, 64),
  wait: boolean,
  'timeout-minutes': (value) => {
    const minutes = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
    return minutes > 0 && Number.isFinite(minutes)
      ? ok(minutes)
      : fail('expected a number of minutes greater than 0, for example 30');
  },
  'late-window': (value) => {
    const ms = parseDuration(value);
    return ms === null ? fail(DURATION_FORM) : ok(ms);
  },
  'require-review': (value) =>
    (REQUIRE_REVIEW as readonly string[]).includes(value)
      ? ok(value as RequireReview)
      : fail(`expected one of ${REQUIRE_REVIEW.join(', ')}`),
  shard: text,
  pause: (value) => ok(parsePause(value)),
  'override-freeze': boolean,
  'at-most-once': boolean,
  'self-heal': boolean,
  'allow-insecure-http': boolean,
  'allow-untrusted-events': boolean,
  deployments: boolean,
} satisfies Record<InputName, Parser<unknown>>;

/** Reads and validates every input; throws one InputError listing every bad one. */
export function readInputs(get: (name: string) => string): ActionInputs {
  const errors: string[] = [];
  const values = {} as {
    [K in InputName]: ReturnType<(typeof INPUTS)[K]> extends Parsed<infer T> ? T : never;
  };
  for (const name of Object.keys(INPUTS) as InputName[]) {
    const raw = get(name).trim();
    const given = raw === '' ? INPUT_DEFAULTS[name] : raw;
    const parsed = INPUTS[name](given);
    if (parsed.ok) {
      (values as Record<string, unknown>)[name] = parsed.value;
    } else {
      const shown = SECRET_INPUTS.has(name) ? '' : ` (got "${given}")`;
      errors.push(`Input \`${name}\`: ${parsed.error}${shown}.`);
    }
  }
  let shard: Shard | null = null;
  if (values.shard !== undefined && values.shard !== '') {
    try {
      shard = parseShard(values.shard);
    } catch (error) {
      errors.push(`Input \`shard\`: ${(error as Error).message}`);
    }
  }
  if (errors.length > 0) throw new InputError(errors.join('\n'));
  return {
    apiKey: values['api-key'],
    baseUrl: values['base-url'],
    manifests: values.manifests,
    allowEmpty: toBoolean(values['allow-empty']),
    mode: values.mode,
    githubToken: values['github-token'],
    commentAuthor: values['comment-author'],
    reviewKey: values['review-key'],
    comment: toBoolean(values.comment),
    previewScripts: toBoolean(values['preview-scripts']),
    previewRenders: values['preview-renders'],
    previewCredits: values['preview-credits'],
    previewLinksPublic: toBoolean(values['preview-links-public']),
    fullRead: toBoolean(values['full-read']),
    publish: toBoolean(values.publish),
    maxPublications: values['max-publications'],
    cancelRunning: toBoolean(values['cancel-running']),
    concurrency: values.concurrency,
    wait: toBoolean(values.wait),
    timeoutMinutes: values['timeout-minutes'],
    lateWindowMs: values['late-window'],
    requireReview: values['require-review'],
    shard,
    pause: values.pause,
    overrideFreeze: toBoolean(values['override-freeze']),
    atMostOnce: toBoolean(values['at-most-once']),
    selfHeal: toBoolean(values['self-heal']),
    allowInsecureHttp: toBoolean(values['allow-insecure-http']),
    allowUntrustedEvents: toBoolean(values['allow-untrusted-events']),
    deployments: toBoolean(values.deployments),
  };
}

function toBoolean(value: string): boolean {
  return value.toLowerCase() === 'true';
}
