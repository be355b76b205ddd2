import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Reader } from './file-reader.ts';
import { parseManifestFile, type FolderDefaults, type ParsedFile } from './manifest-file.ts';
import type { Source } from './position-tree.ts';

// Where the manifests are parsed. A catalogue of thousands is parsed in
// worker threads, a batch at a time, so that the main thread is free for the
// service's answers meanwhile (the listing and the detail reads the parsed
// manifests start): the YAML library's work was the longest part of a large
// plan. A few manifests, or a worker that cannot start or fails, are parsed
// on the main thread, in short slices between the service's answers. Either
// way the outcomes are the same, in the files' order.

/** What parsing needs: the workspace, its real path, the size cap, the folders' defaults (already read). */
export interface ParseContext {
  cwd: string;
  root: string;
  maxFileBytes: number;
  defaults: FolderDefaults;
}

export interface ParseOptions {
  /** Called as each file is parsed, in no particular order. */
  onParsed?: (parsed: ParsedFile) => void;
  /** Worker threads to parse in; default: one per core but one, for a catalogue large enough. */
  workers?: number;
  /** The workers' script; default: parse-worker beside this module, or beside the bundle. */
  workerScript?: string;
}

/**
 * Below this many files, starting a worker costs more than it saves: a
 * worker's start and its cold compiler take 100-200 ms, the main thread
 * parses 2,000 small manifests in about as long.
 */
const WORKER_THRESHOLD = 2000;
const MAX_WORKERS = 4;
/** Files in one message to a worker; two batches are kept in flight per worker, so none waits. */
const BATCH = 100;
const IN_FLIGHT = 2;
/** Files the main thread reads at once when it parses itself. */
const PARALLEL_READS = 32;
/**
 * Longest stretch of parsing on the main thread between two turns of the
 * event loop: the service's answers the engine reads meanwhile are handled
 * at least this often.
 */
const SLICE_MS = 2;

/** A worker's share: the files from `start` on. */
interface Batch {
  start: number;
  files: string[];
}

/** What a worker answers for one batch. */
export interface BatchResult {
  start: number;
  parsed: Array<ParsedFile | null>;
}

/** What a worker is told before its first batch. */
interface WorkerSetup {
  cwd: string;
  root: string;
  maxFileBytes: number;
  defaults: Array<[string, Source | null]>;
}

/** A worker's messages: the setup once, then batches. */
export type ToWorker = { setup: WorkerSetup } | Batch;

/** The files' outcomes, and how many worker threads parsed some of them (0: the main thread parsed all). */
export interface Parsed {
  /** Every file's outcome, in the order of the files; null for a path that is no file. */
  results: Array<ParsedFile | null>;
  workerThreads: number;
}

/**
 * Parsing begun as soon as the catalogue's size is known: its workers start
 * (a worker's start and cold compiler take 100-300 ms) while the folders'
 * defaults are read, and are told them with the files. `parse` is called
 * once; `close` ends workers that were never given files.
 */
export class Parsing {
  readonly #workers: StartedWorker[] = [];
  readonly #options: Pick<ParseOptions, 'workers' | 'workerScript'>;
  /** Workers asked for so far, those that could not start included. */
  #asked = 0;
  readonly #cores = availableParallelism();

  constructor(count: number, options: Pick<ParseOptions, 'workers' | 'workerScript'> = {}) {
    this.#options = options;
    this.grow(count);
  }

  /**
   * The catalogue has at least `count` files: the workers that many call for
   * are started, so a walk still counting can start them before it ends.
   */
  grow(count: number): void {
    const wanted = Math.min(
      this.#options.workers ?? defaultWorkers(count, this.#cores),
      Math.ceil(count / BATCH),
    );
    if (wanted <= this.#asked) return;
    const script = this.#options.workerScript ?? workerScript();
    if (script !== null) this.#workers.push(...startWorkers(script, wanted - this.#asked));
    this.#asked = wanted;
  }

  async parse(
    files: readonly string[],
    context: ParseContext,
    options: Pick<ParseOptions, 'onParsed'> = {},
  ): Promise<Parsed> {
    const results = new Array<ParsedFile | null>(files.length).fill(null);
    const batches = batchesOf(files);
    const threaded = await inWorkers(batches, context, this.#workers.splice(0), results, options);
    const onMain = threaded.left.flatMap((batch) =>
      batch.files.map((file, index) => ({ file, at: batch.start + index })),
    );
    await onMainThread(onMain, context, results, options);
    return { results, workerThreads: threaded.workerThreads };
  }

  close(): void {
    for (const started of this.#workers.splice(0)) void started.worker.terminate();
  }
}

export function parseFiles(
  files: readonly string[],
  context: ParseContext,
  options: ParseOptions = {},
): Promise<Parsed> {
  return new Parsing(files.length, options).parse(files, context, options);
}

function defaultWorkers(count: number, cores: number): number {
  if (count < WORKER_THRESHOLD) return 0;
  return Math.min(MAX_WORKERS, Math.max(1, cores - 1), Math.ceil(count / WORKER_THRESHOLD));
}

function batchesOf(files: readonly string[]): Batch[] {
  const batches: Batch[] = [];
  for (let start = 0; start < files.length; start += BATCH)
    batches.push({ start, files: files.slice(start, start + BATCH) });
  return batches;
}

/**
 * The worker's script: its source beside this one when run from the sources
 * (tests, `node src/cli/bin.ts`), or its one bundle, dist/cli/parse-worker/,
 * which the CLI's bundle has beside it and the action's (in dist/) finds
 * under cli/: the npm package ships dist/cli/ alone. Null when there is
 * none: the main thread parses then.
 */
function workerScript(): string | null {
  const here = import.meta.dirname;
  const scripts = import.meta.filename.endsWith('.ts')
    ? [path.join(here, 'parse-worker.ts')]
    : [path.join(here, 'parse-worker', 'index.js'), path.join(here, 'cli', 'parse-worker', 'index.js')];
  return scripts.find((script) => existsSync(script)) ?? null;
}

/** A worker started before it has files; `gone` once it failed or exited, whoever was listening then. */
interface StartedWorker {
  worker: Worker;
  gone: boolean;
}

/** Workers that cannot start are left out: the main thread parses what they would have. */
function startWorkers(script: string, count: number): StartedWorker[] {
  const started: StartedWorker[] = [];
  for (let i = 0; i < count; i++) {
    try {
      const entry: StartedWorker = { worker: new Worker(script), gone: false };
      const gone = (): void => void (entry.gone = true);
      entry.worker.on('error', gone).on('exit', gone);
      started.push(entry);
    } catch {
      break;
    }
  }
  return started;
}

/**
 * The batches parsed by the workers, each taking the next batch as it
 * answers one. Returns the batches no worker answered (a worker that failed
 * leaves its batches in flight to the main thread, and the others go on),
 * and how many workers answered any.
 */
async function inWorkers(
  batches: readonly Batch[],
  context: ParseContext,
  workers: readonly StartedWorker[],
  results: Array<ParsedFile | null>,
  options: Pick<ParseOptions, 'onParsed'>,
): Promise<{ left: Batch[]; workerThreads: number }> {
  const setup: WorkerSetup = {
    cwd: context.cwd,
    root: context.root,
    maxFileBytes: context.maxFileBytes,
    defaults: [...context.defaults],
  };
  let next = 0;
  const unanswered: Batch[] = [];
  const take = (): Batch | undefined => batches[next++];
  const answered = (result: BatchResult): void => {
    result.parsed.forEach((parsed, index) => {
      results[result.start + index] = parsed;
      if (parsed) options.onParsed?.(parsed);
    });
  };
  const answering = new Set<number>();
  await Promise.all(
    workers.map((started, worker) =>
      driveWorker(started, setup, take, (result) => {
        answering.add(worker);
        answered(result);
      }).then((left) => unanswered.push(...left)),
    ),
  );
  return { left: [...unanswered, ...batches.slice(next)], workerThreads: answering.size };
}

/**
 * One worker through the batches, told the setup first; resolves with those
 * it took and did not answer (a worker that failed, or an answer that could
 * not be read), and rejects with what `answered` threw.
 */
function driveWorker(
  { worker, gone }: StartedWorker,
  setup: WorkerSetup,
  take: () => Batch | undefined,
  answered: (result: BatchResult) => void,
): Promise<Batch[]> {
  return new Promise((done, fail) => {
    const inFlight = new Map<number, Batch>();
    const end = (): Batch[] => {
      const left = [...inFlight.values()];
      inFlight.clear();
      worker.removeAllListeners();
      void worker.terminate();
      return left;
    };
    if (gone) return done(end());
    const stop = (): void => done(end());
    const feed = (): void => {
      while (inFlight.size < IN_FLIGHT) {
        const batch = take();
        if (batch === undefined) break;
        inFlight.set(batch.start, batch);
        worker.postMessage(batch);
      }
      if (inFlight.size === 0) stop();
    };
    worker.on('message', (result: BatchResult) => {
      inFlight.delete(result.start);
      try {
        answered(result);
      } catch (error) {
        end();
        return fail(error instanceof Error ? error : new Error(String(error)));
      }
      feed();
    });
    worker.on('messageerror', stop);
    worker.on('error', stop);
    worker.on('exit', stop);
    worker.postMessage({ setup });
    feed();
  });
}

async function onMainThread(
  files: ReadonlyArray<{ file: string; at: number }>,
  context: ParseContext,
  results: Array<ParsedFile | null>,
  options: ParseOptions,
): Promise<void> {
  const reader = new Reader(context.cwd, context.root, context.maxFileBytes);
  await inSlices(files.length, async (index) => {
    const { file, at } = files[index]!;
    const parsed = await parseManifestFile(reader, file, context.defaults);
    results[at] = parsed;
    if (parsed) options.onParsed?.(parsed);
  });
}

async function inSlices(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  // Files are read synchronously: without a turn of the event loop now and
  // then, the service's answers the engine is reading meanwhile would wait
  // until every manifest was parsed. The readers share one slice and one
  // turn: each waiting for its own would hand the loop to all of them in a row.
  let sliceStarted = performance.now();
  let turn: Promise<void> | null = null;
  const nextTurn = (): Promise<void> =>
    (turn ??= new Promise((resume) =>
      setImmediate(() => {
        turn = null;
        sliceStarted = performance.now();
        resume();
      }),
    ));
  const reader = async (): Promise<void> => {
    while (next < count) {
      if (performance.now() - sliceStarted > SLICE_MS) await nextTurn();
      const index = next++;
      if (index >= count) return;
      await work(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, count) }, reader));
}
