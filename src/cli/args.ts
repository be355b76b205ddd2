import { parseArgs } from 'node:util';
import { DEFAULT_DOCTOR_BUDGET } from '../doctor/doctor.ts';
import { DEFAULTS } from '../defaults.ts';
import { DURATION_FORM, parseDuration } from '../text/duration.ts';
import { parsePause } from '../plan/release-control.ts';

// Command-line arguments, read once into one typed object. The API key is
// deliberately not an option: a key on the command line lands in shell
// history and in `ps` output. It comes from CONTENT_API_KEY, or from standard
// input when --api-key-stdin asks for it.

const COMMANDS = [
  'validate',
  'plan',
  'apply',
  'doctor',
  'import',
  'drafts',
  'adopt',
  'emulator',
  'schema',
  'help',
] as const;
type Command = (typeof COMMANDS)[number];

export const DEFAULT_MANIFESTS = DEFAULTS.manifests;

export interface CliOptions {
  command: Command;
  manifests: string;
  /** A glob that matches no manifest is an error unless this is set. */
  allowEmpty: boolean;
  json: boolean;
  /** Where to write the Markdown summary too; null: nowhere. */
  summary: string | null;
  cwd: string;
  baseUrl: string | null;
  apiKeyStdin: boolean;
  /** --base-url may be plain http to a host other than this machine. */
  allowInsecureHttp: boolean;
  concurrency: number;
  wait: boolean;
  timeoutMinutes: number;
  /** Milliseconds: a publish.at older than this is held. */
  lateWindowMs: number;
  publish: boolean;
  /** --pause: the run writes nothing; the reason it gives, when it gives one. */
  pause: { reason: string | null } | null;
  /** --override-freeze: the release file's freeze windows are lifted for this run. */
  overrideFreeze: boolean;
  /** --at-most-once: a publication whose answer was lost is held as unknown, never sent again. */
  atMostOnce: boolean;
  /** --self-heal: fields edited in the service are put back to the manifests' values. */
  selfHeal: boolean;
  maxPublications: number;
  cancelRunning: boolean;
  /** Git ref whose manifests hold the previous titles (rename detection). */
  base: string | null;
  /** plan: only the manifests that differ from this git ref are read in detail and planned. */
  changedSince: string | null;
  /** doctor: GET requests it may send in all. */
  budget: number;
  /** import: folder to write into (default: imported under the glob's folder). */
  out: string | null;
  /** import: only titles matching this glob. */
  only: string | null;
  /** import: only these statuses or stages. */
  status: string[];
  /** Arguments after the command that the command reads itself (`emulator --port 8080`). */
  rest: string[];
}

/** A mistake in how the CLI was called: exit code 2, with the usage hint. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const OPTIONS = {
  manifests: { type: 'string' },
  'allow-empty': { type: 'boolean', default: DEFAULTS.allowEmpty },
  json: { type: 'boolean', default: false },
  summary: { type: 'string' },
  cwd: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key-stdin': { type: 'boolean', default: false },
  'allow-insecure-http': { type: 'boolean', default: DEFAULTS.allowInsecureHttp },
  concurrency: { type: 'string' },
  wait: { type: 'boolean', default: DEFAULTS.wait },
  'timeout-minutes': { type: 'string' },
  'late-window': { type: 'string' },
  publish: { type: 'boolean', default: DEFAULTS.publish },
  pause: { type: 'string' },
  'override-freeze': { type: 'boolean', default: false },
  'at-most-once': { type: 'boolean', default: false },
  'self-heal': { type: 'boolean', default: false },
  'max-publications': { type: 'string' },
  'cancel-running': { type: 'boolean', default: DEFAULTS.cancelRunning },
  base: { type: 'string' },
  'changed-since': { type: 'string' },
  budget: { type: 'string' },
  out: { type: 'string' },
  only: { type: 'string' },
  status: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} as const;

/** Options that look like a key was passed on the command line. */
const KEY_OPTIONS = new Set(['--api-key', '--key', '--apikey', '--token']);

export function parseCliArgs(argv: readonly string[], cwd: string): CliOptions | 'version' {
  const [first, ...afterCommand] = argv;
  // The emulator has its own options (--port, --phase-ms), and schema names which schema: hand them over untouched.
  if (first === 'emulator' || first === 'schema') return { ...defaults(first, cwd), rest: afterCommand };
  refuseKeyOptions(argv);
  const { values, positionals } = parse(argv);
  if (values.version) return 'version';
  const [commandName, ...extra] = positionals;
  if (values.help || commandName === undefined) return defaults('help', cwd);
  const command = commandOf(commandName, extra);
  if (values['changed-since'] !== undefined && command !== 'plan') {
    throw new UsageError(
      `--changed-since is for plan: ${command} reads every item, so that drift anywhere in the catalogue is found.`,
    );
  }
  return optionsFrom(command, values, cwd);
}

function refuseKeyOptions(argv: readonly string[]): void {
  for (const arg of argv) {
    const name = arg.split('=')[0] ?? arg;
    if (KEY_OPTIONS.has(name)) {
      throw new UsageError(
        `${name} is not accepted: a key on the command line ends up in shell history. ` +
          'Set CONTENT_API_KEY in the environment, or pass --api-key-stdin and pipe the key in.',
      );
    }
  }
}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: OPTIONS,
      allowPositionals: true,
      allowNegative: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(parseFailure(error));
  }
}

/** The command named first; anything after it is a mistake (most often an unquoted glob). */
function commandOf(name: string, extra: readonly string[]): Command {
  if (!isCommand(name)) {
    const hint = closest(name, COMMANDS);
    throw new UsageError(
      `unknown command '${name}'${hint ? `; did you mean '${hint}'?` : ''} ` +
        `Commands: ${COMMANDS.join(', ')}.`,
    );
  }
  if (extra.length > 0) {
    throw new UsageError(
      `unexpected argument '${extra[0]}'. To choose manifests, use --manifests 'GLOB' (quoted, so the shell does not expand it).`,
    );
  }
  return name;
}

/** The parsed flags, each checked and given its default. */
function optionsFrom(command: Command, values: ReturnType<typeof parse>['values'], cwd: string): CliOptions {
  return {
    command,
    manifests: values.manifests ?? DEFAULT_MANIFESTS,
    allowEmpty: values['allow-empty'],
    json: values.json,
    summary: values.summary ?? null,
    cwd: values.cwd ?? cwd,
    baseUrl: values['base-url'] ?? null,
    apiKeyStdin: values['api-key-stdin'],
    allowInsecureHttp: values['allow-insecure-http'],
    concurrency: integer('--concurrency', values.concurrency, DEFAULTS.concurrency, 1),
    wait: values.wait,
    timeoutMinutes: number('--timeout-minutes', values['timeout-minutes'], DEFAULTS.timeoutMinutes),
    lateWindowMs: lateWindow(values['late-window']),
    publish: values.publish,
    pause: values.pause === undefined ? null : parsePause(values.pause),
    overrideFreeze: values['override-freeze'],
    atMostOnce: values['at-most-once'],
    selfHeal: values['self-heal'],
    maxPublications: integer('--max-publications', values['max-publications'], DEFAULTS.maxPublications, 0),
    cancelRunning: values['cancel-running'],
    base: values.base ?? null,
    changedSince: values['changed-since'] ?? null,
    budget: integer('--budget', values.budget, DEFAULT_DOCTOR_BUDGET, 5),
    out: values.out ?? null,
    only: values.only ?? null,
    status: values.status ?? [],
    rest: [],
  };
}

/** Every spelling of an option the parser takes: `--manifests`, `--no-wait`, `-h`. */
function optionNames(): string[] {
  return Object.entries(OPTIONS).flatMap(([name, option]) => [
    `--${name}`,
    ...(option.type === 'boolean' ? [`--no-${name}`] : []),
    ...('short' in option ? [`-${option.short}`] : []),
  ]);
}

/** Node's parser's message, in the CLI's words: an unknown option gets a "did you mean". */
function parseFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const unknown = /^Unknown option '([^']+)'/.exec(error.message)?.[1];
  if ((error as NodeJS.ErrnoException).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || unknown === undefined) {
    return error.message.split('\n')[0]!;
  }
  const hint = closest(unknown, optionNames());
  return `unknown option '${unknown}'${hint ? `; did you mean '${hint}'?` : '.'}`;
}

function defaults(command: Command, cwd: string): CliOptions {
  return {
    command,
    manifests: DEFAULT_MANIFESTS,
    allowEmpty: DEFAULTS.allowEmpty,
    json: false,
    summary: null,
    cwd,
    baseUrl: null,
    apiKeyStdin: false,
    allowInsecureHttp: DEFAULTS.allowInsecureHttp,
    concurrency: DEFAULTS.concurrency,
    wait: DEFAULTS.wait,
    timeoutMinutes: DEFAULTS.timeoutMinutes,
    lateWindowMs: parseDuration(DEFAULTS.lateWindow)!,
    publish: DEFAULTS.publish,
    pause: null,
    overrideFreeze: false,
    atMostOnce: false,
    selfHeal: false,
    maxPublications: DEFAULTS.maxPublications,
    cancelRunning: DEFAULTS.cancelRunning,
    base: null,
    changedSince: null,
    budget: DEFAULT_DOCTOR_BUDGET,
    out: null,
    only: null,
    status: [],
    rest: [],
  };
}

function lateWindow(value: string | undefined): number {
  const ms = parseDuration(value ?? DEFAULTS.lateWindow);
  if (ms === null) throw new UsageError(`--late-window: ${DURATION_FORM} (got '${value}').`);
  return ms;
}

function isCommand(value: string): value is Command {
  return (COMMANDS as readonly string[]).includes(value);
}

function integer(flag: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min) {
    throw new UsageError(`${flag} expects a whole number of at least ${min}, got '${raw}'.`);
  }
  return value;
}

function number(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value <= 0) {
    throw new UsageError(`${flag} expects a positive number of minutes, got '${raw}'.`);
  }
  return value;
}

/** The candidate within edit distance 2, for "did you mean". */
function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[b.length]!;
}
