// `content-as-code emulator [options]`: the emulator for a terminal. Options
// are one table (flag, value name, help, how to read it), so the usage text,
// --help and the parser cannot disagree, and a new option is one row.
import { createHash } from 'node:crypto';
import { KEY_PREFIX } from '../interface/enumerations.ts';
import type { Platform } from './types.ts';
import { DIALECT_NAMES, dialectNamed } from './dialects.ts';
import { READY_KEY_SCOPES, startEmulator } from './emulator.ts';
import { keepState, readState } from './state-file.ts';
import { DEFAULT_ACCOUNTS } from './store.ts';
import type { Emulator, EmulatorOptions } from './types.ts';

/** What the command line asks for: the emulator's options and what the command does around them. */
export interface EmulatorCommandOptions extends EmulatorOptions {
  help?: boolean;
  /** JSON file the items and credits are kept in across restarts. */
  state?: string;
}

interface Flag {
  name: string;
  /** Shown in the usage; absent for a flag that takes no value. */
  value?: string;
  help: string;
  read: (options: EmulatorCommandOptions, value: string) => void;
}

const PLATFORMS: readonly Platform[] = ['YouTube', 'TikTok', 'Instagram'];

/**
 * The port the emulator listens on unless told otherwise. A fixed one keeps
 * the exported CONTENT_BASE_URL right across restarts (the key and the state
 * already are, with --key and --state).
 */
export const DEFAULT_PORT = 8787;

const FLAGS: readonly Flag[] = [
  {
    name: '--port',
    value: 'N',
    help: `port to listen on (default: ${DEFAULT_PORT}; 0: any free port)`,
    read: (options, value) => (options.port = count('--port', value, 65535)),
  },
  {
    name: '--phase-ms',
    value: 'MS|A,V,U',
    help: 'how long each phase lasts: one duration, or audio,video,upload (default 1500,2500,1000)',
    read: (options, value) => (options.phaseMs = phaseMs(value)),
  },
  {
    name: '--key',
    value: 'KEY',
    help: `the ready API key (${KEY_PREFIX}...), the same on every start (default: a new random key)`,
    read: (options, value) => (options.apiKey = key(value)),
  },
  {
    name: '--accounts',
    value: 'LIST',
    help: "your connected accounts, as 'YouTube:My Channel,TikTok:mychannel' (default: the Ocean Facts examples)",
    read: (options, value) => (options.accounts = accounts(value)),
  },
  {
    name: '--state',
    value: 'FILE',
    help: 'keep items and credits in FILE, so they are still there after a restart',
    read: (options, value) => (options.state = value),
  },
  {
    name: '--dialect',
    value: 'NAME',
    help: `the reading of the interface's "not shown" rules it speaks: ${DIALECT_NAMES.join(', ')} (default: reference)`,
    read: (options, value) => (options.dialect = dialect(value)),
  },
  { name: '--help', help: 'this text', read: (options) => (options.help = true) },
];

/** A dialect by name (src/emulator/dialects.ts); the error lists the names. */
function dialect(value: string): string {
  dialectNamed(value);
  return value;
}

function emulatorUsage(): string {
  const width = Math.max(...FLAGS.map((flag) => `${flag.name} ${flag.value ?? ''}`.length));
  const lines = FLAGS.map((flag) => `  ${`${flag.name} ${flag.value ?? ''}`.padEnd(width)}  ${flag.help}`);
  return [
    'usage: content-as-code emulator [options]',
    '',
    'A local emulator of the service, for trying manifests without an account. Runs until Ctrl-C.',
    '',
    'Options:',
    ...lines,
  ].join('\n');
}

const SEE_HELP = 'See content-as-code emulator --help.';

function count(flag: string, value: string, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) > max) {
    throw new Error(`${flag} expects a whole number from 0 to ${max}, got "${value}". ${SEE_HELP}`);
  }
  return Number(value);
}

function phaseMs(value: string): NonNullable<EmulatorOptions['phaseMs']> {
  const parts = value.split(',');
  if (parts.length !== 1 && parts.length !== 3) {
    throw new Error(
      `--phase-ms expects one duration or three (audio,video,upload), got "${value}". ${SEE_HELP}`,
    );
  }
  const [audio, video, upload] = parts.map((part) => count('--phase-ms', part.trim(), 3_600_000));
  return parts.length === 1 ? { audio, video: audio, upload: audio } : { audio, video, upload };
}

function key(value: string): string {
  if (!new RegExp(`^${KEY_PREFIX}[A-Za-z0-9_-]{8,}$`).test(value)) {
    throw new Error(
      `--key expects ${KEY_PREFIX} followed by at least 8 letters, digits, _ or -. ${SEE_HELP}`,
    );
  }
  return value;
}

/** `YouTube:My Channel,TikTok:mychannel`; ids derive from the name, so they are the same on every start. */
function accounts(value: string): NonNullable<EmulatorOptions['accounts']> {
  const parsed = value
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const colon = part.indexOf(':');
      const platformName = part.slice(0, colon).trim();
      const name = part.slice(colon + 1).trim();
      const platform = PLATFORMS.find((known) => known.toLowerCase() === platformName.toLowerCase());
      if (colon === -1 || platform === undefined || name === '') {
        throw new Error(
          `--accounts expects PLATFORM:NAME pairs separated by commas, with PLATFORM one of ` +
            `${PLATFORMS.join(', ')}; got "${part.trim()}". ${SEE_HELP}`,
        );
      }
      return { platform, name, id: stableId(`${platform}:${name}`) };
    });
  if (parsed.length === 0) throw new Error(`--accounts lists no account. ${SEE_HELP}`);
  return parsed;
}

function stableId(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function parseEmulatorArgs(argv: readonly string[]): EmulatorCommandOptions {
  const options: EmulatorCommandOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const flag = FLAGS.find(
      (candidate) => candidate.name === name || (name === '-h' && candidate.name === '--help'),
    );
    if (flag === undefined) throw new Error(`Unknown argument "${arg}". ${SEE_HELP}`);
    let value = '';
    if (flag.value !== undefined) {
      const next = inline ?? argv[++i];
      if (next === undefined) throw new Error(`${flag.name} expects ${flag.value}. ${SEE_HELP}`);
      value = next;
    }
    flag.read(options, value);
  }
  return options;
}

function portTaken(port: number): Error {
  return new Error(
    `port ${port} is taken: another emulator (or another program) is listening on it. ` +
      'Stop it, or start this one with --port N (--port 0 picks a free port) and export the CONTENT_BASE_URL it prints.',
  );
}

/** A running emulator for a terminal; `close` also writes the state file one last time. */
export interface EmulatorSession {
  emulator: Emulator;
  close: () => Promise<void>;
}

/** Starts the emulator for a terminal and prints how to reach it. The caller closes it. */
export async function runEmulatorCommand(
  argv: string[],
  out: (line: string) => void,
): Promise<EmulatorSession | 'help'> {
  const { help, state, ...options } = parseEmulatorArgs(argv);
  if (help) {
    out(emulatorUsage());
    return 'help';
  }
  const saved = state === undefined ? null : readState(state);
  const port = options.port ?? DEFAULT_PORT;
  const emulator = await startEmulator({
    ...options,
    port,
    ...(saved ? { items: saved.items, credits: saved.credits } : {}),
  }).catch((error: unknown) => {
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? portTaken(port) : error;
  });
  const kept = state === undefined ? null : keepState(emulator, state);
  out(`Service emulator listening on ${emulator.baseUrl} (endpoints under ${emulator.baseUrl}/v1)`);
  const name = options.dialect ?? 'reference';
  out(`Dialect: ${name} (${dialectNamed(name).summary})`);
  out(`Ready API key (scopes ${READY_KEY_SCOPES.join(', ')}): ${emulator.apiKey}`);
  out('Connected accounts:');
  for (const account of options.accounts ?? DEFAULT_ACCOUNTS) {
    out(`  ${account.platform} "${account.name}"  id ${account.id}`);
  }
  if (state !== undefined) {
    out(`Items are kept in ${state} (${saved?.items.length ?? 0} restored).`);
  }
  out('Point the CLI at it with:');
  out(`export CONTENT_BASE_URL=${emulator.baseUrl}`);
  out(`export CONTENT_API_KEY=${emulator.apiKey}`);
  return {
    emulator,
    close: async () => {
      kept?.stop();
      await emulator.close();
    },
  };
}
