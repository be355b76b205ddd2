// Runs the real engine against the real emulator over HTTP, with manifests in
// a temporary workspace and every wait shrunk to milliseconds.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createClient, type ClientOptions, type ServiceClient } from '../../src/service-client/index.ts';
import type { ContentStatus, Progress } from '../../src/service-client/types.ts';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.ts';
import { runEngine } from '../../src/engine/engine.ts';
import type {
  EngineDependencies,
  EngineOptions,
  EngineSeams,
  RunReport,
  RunSettings,
} from '../../src/engine/types.ts';
import type { Logger, Tally } from '../../src/log.ts';
import { removeDir, tempDir } from './temp-dir.ts';

const FAST_PHASES = { audio: 15, video: 25, upload: 10 };
export const SECOND_MS = 20;

export interface RecordingLogger extends Logger {
  lines: string[];
  progressEvents: { file: string; status: ContentStatus; progress: Progress | null }[];
  /** The running count each progress event carried, in order. */
  progressTallies: Tally[];
}

export function recordingLogger(): RecordingLogger {
  const lines: string[] = [];
  const progressEvents: RecordingLogger['progressEvents'] = [];
  const progressTallies: Tally[] = [];
  return {
    lines,
    progressEvents,
    progressTallies,
    info: (message) => lines.push(`info ${message}`),
    warning: (message) => lines.push(`warning ${message}`),
    debug: () => undefined,
    group: async (title, fn) => {
      lines.push(`group ${title}`);
      return fn();
    },
    progress: (event) => {
      progressEvents.push({ file: event.file, status: event.status, progress: event.progress });
      if (event.tally) progressTallies.push(event.tally);
    },
    itemDone: (event) =>
      lines.push(`done ${event.tally.done}/${event.tally.total} ${event.file} ${event.outcome}`),
  };
}

/** Any setting, dependency or seam of a run, given flat: a test names what it changes, not where it sits. */
type RunOverrides = Partial<RunSettings & EngineDependencies & EngineSeams>;

const SETTING_KEYS = [
  'mode',
  'cwd',
  'manifests',
  'allowEmpty',
  'permissions',
  'maxPublications',
  'cancelRunning',
  'concurrency',
  'wait',
  'timeoutMs',
  'lateWindowMs',
  'shard',
  'pause',
  'overrideFreeze',
  'atMostOnce',
  'previewRenders',
  'selfHeal',
] as const satisfies readonly (keyof RunSettings)[];
const DEPENDENCY_KEYS = [
  'client',
  'logger',
  'previous',
  'review',
  'previewWrites',
  'changes',
  'onPlan',
] as const satisfies readonly (keyof EngineDependencies)[];

function pick<T extends object>(from: object, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(from).filter(([key]) => keys.includes(key))) as Partial<T>;
}

/** Engine options with the overrides put where they belong. */
function withOverrides(base: EngineOptions, overrides: RunOverrides = {}): EngineOptions {
  const known = [...SETTING_KEYS, ...DEPENDENCY_KEYS] as readonly string[];
  return {
    settings: { ...base.settings, ...pick<RunSettings>(overrides, SETTING_KEYS) },
    deps: { ...base.deps, ...pick<EngineDependencies>(overrides, DEPENDENCY_KEYS) },
    seams: {
      ...base.seams,
      ...(Object.fromEntries(
        Object.entries(overrides).filter(([key]) => !known.includes(key)),
      ) as EngineSeams),
    },
  };
}

export interface Harness {
  emulator: Emulator;
  dir: string;
  client: ServiceClient;
  logger: RecordingLogger;
  /** Writes content/<name> in the workspace. */
  write(name: string, yaml: string): Promise<void>;
  remove(name: string): Promise<void>;
  run(overrides?: RunOverrides): Promise<RunReport>;
  /** The options `run` would give the engine, for a caller that runs it itself. */
  options(overrides?: RunOverrides): EngineOptions;
  /** Requests the emulator received, as `METHOD /path` without the query. */
  requests(): string[];
  close(): Promise<void>;
}

export function clientFor(
  emulator: Emulator,
  apiKey = emulator.apiKey,
  extra: Partial<ClientOptions> = {},
): ServiceClient {
  return createClient({
    baseUrl: emulator.baseUrl,
    apiKey,
    secondMs: SECOND_MS,
    retry: { baseDelayMs: 2, maxDelayMs: 20 },
    ...extra,
  });
}

function engineOptions(dir: string, client: ServiceClient, logger: Logger): EngineOptions {
  return {
    settings: {
      mode: 'apply',
      cwd: dir,
      manifests: 'content/**/*.{yml,yaml}',
      allowEmpty: false,
      permissions: { write: true, render: true, publish: true },
      maxPublications: 100,
      cancelRunning: false,
      concurrency: 4,
      wait: true,
      // Only a hang: the test's deadline is 120 s, and a busy machine is slow.
      timeoutMs: 100_000,
      lateWindowMs: 24 * 3_600_000,
    },
    deps: { client, logger },
    seams: { poll: { initialMs: 2, maxMs: 10, factor: 1.5 } },
  };
}

export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const emulator = await startEmulator({
    phaseMs: FAST_PHASES,
    secondMs: SECOND_MS,
    rateLimit: null,
    ...options,
  });
  // Removed by close, or when the test ends should it fail before closing.
  const dir = await tempDir('cac-engine-');
  await mkdir(join(dir, 'content'));
  const client = clientFor(emulator);
  const logger = recordingLogger();
  return {
    emulator,
    dir,
    client,
    logger,
    write: async (name, yaml) => {
      const path = join(dir, 'content', name);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, yaml);
    },
    remove: (name) => rm(join(dir, 'content', name)),
    run: (overrides = {}) => runEngine(withOverrides(engineOptions(dir, client, logger), overrides)),
    options: (overrides = {}) => withOverrides(engineOptions(dir, client, logger), overrides),
    requests: () => emulator.admin.requestLog.map((entry) => `${entry.method} ${entry.path.split('?')[0]}`),
    close: async () => {
      await client.close();
      await emulator.close();
      await removeDir(dir);
    },
  };
}

/** A manifest as users write it. */
export function manifest(title: string, extra = ''): string {
  return `title: ${JSON.stringify(title)}\nfull_text: ${JSON.stringify(`About ${title}.`)}\n${extra}`;
}

export const PUBLISHED = `stage: published
publish:
  accounts:
    - { platform: YouTube, name: Ocean Facts }
`;
