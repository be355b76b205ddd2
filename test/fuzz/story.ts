// One story against the emulator in some readings, played by the real engine:
// create, render and publish one-shot and stepwise, two applies at once, an
// edit, a run killed mid-way, two applies more, and one that must send
// nothing. Then the invariants every user relies on are checked.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type ServiceClient } from '../../src/service-client/index.ts';
import { DEFAULT_RETRY } from '../../src/service-client/retry.ts';
import { startEmulator, readingNamed, type Emulator, type ItemRecord } from '../../src/emulator/index.ts';
import { DEFAULT_ACCOUNTS } from '../../src/emulator/index.ts';
import { runEngine } from '../../src/engine/engine.ts';
import type { RunReport } from '../../src/engine/types.ts';
import { isMarkedDuplicate } from '../../src/plan/duplicates.ts';
import { recordingLogger, type RecordingLogger } from '../support/engine-harness.ts';
import { random, type Random } from './random.ts';

const SECOND_MS = 20;
/**
 * The client's first pause on the story's clock, as a real run's is on the
 * real one: the pauses it looks again after (a detail behind its
 * listing, 1, 2 and 4 of them) then span the lags of the readings as they
 * would for a user. Shorter, two applies back to back could both fall
 * inside a lag that no two real runs do.
 */
const FIRST_PAUSE_MS = (DEFAULT_RETRY.baseDelayMs * SECOND_MS) / 1000;
const [YOUTUBE, TIKTOK, INSTAGRAM] = DEFAULT_ACCOUNTS.map((account) => account.id) as [
  string,
  string,
  string,
];

interface Want {
  file: string;
  title: string;
  yaml: string;
  status: 'UPLOADED' | 'VIDEO_PROCESSED';
  accounts: string[];
}

const EDITED = 'Reefs grow a few millimetres a year. Edited once.';

/** The catalogue of the story: one-shot published, stepwise published to two accounts, rendered only. */
function catalogue(edited: boolean): Want[] {
  const reef = 'Les re\u0301cifs';
  return [
    {
      file: 'tide.yml',
      title: 'Tide pools',
      yaml: 'title: Tide pools\nfull_text: Tide pools hold whole worlds.\nstage: published\npublish:\n  accounts:\n    - { platform: YouTube, name: Ocean Facts }\n',
      status: 'UPLOADED',
      accounts: [YOUTUBE],
    },
    {
      file: 'kelp.yml',
      title: 'Kelp  forests',
      yaml: 'title: "Kelp  forests"\nfull_text: Kelp grows half a metre a day.\nstage: published\nflow: stepwise\npublish:\n  accounts:\n    - { platform: TikTok, name: oceanfacts }\n    - { platform: Instagram, name: ocean.facts }\n',
      status: 'UPLOADED',
      accounts: [TIKTOK, INSTAGRAM],
    },
    {
      file: 'reef.yml',
      title: reef,
      yaml: `title: ${JSON.stringify(reef)}\nfull_text: ${JSON.stringify(edited ? EDITED : 'Reefs grow slowly.')}\nstage: rendered\n`,
      status: 'VIDEO_PROCESSED',
      accounts: [],
    },
  ];
}

/** A title compared as the service may keep it: Unicode NFC, blanks collapsed. */
const loose = (title: string): string => title.normalize('NFC').replace(/\s+/g, ' ').trim();

export interface StoryOutcome {
  /** Every invariant broken, one sentence each; empty when the story ran clean. */
  violations: string[];
}

const isClean = (name: string): boolean => readingNamed(name).expect === 'clean';

interface Stage {
  emulator: Emulator;
  dir: string;
  key: string;
  outputs: string[];
  clients: ServiceClient[];
}

function clientOf(stage: Stage): ServiceClient {
  const client = createClient({
    baseUrl: stage.emulator.baseUrl,
    apiKey: stage.key,
    secondMs: SECOND_MS,
    retry: { baseDelayMs: FIRST_PAUSE_MS, maxDelayMs: 20 },
  });
  stage.clients.push(client);
  return client;
}

async function apply(stage: Stage, client: ServiceClient = clientOf(stage)): Promise<RunReport> {
  const logger: RecordingLogger = recordingLogger();
  try {
    const report = await runEngine({
      settings: {
        mode: 'apply',
        cwd: stage.dir,
        manifests: 'content/**/*.yml',
        allowEmpty: false,
        permissions: { write: true, render: true, publish: true },
        maxPublications: 100,
        cancelRunning: false,
        concurrency: 3,
        wait: true,
        timeoutMs: 4000,
        lateWindowMs: 24 * 3_600_000,
      },
      deps: { client, logger },
      seams: {
        // A still snapshot is told stale in the story's time, as the other waits are.
        poll: { initialMs: 2, maxMs: 10, factor: 1.5, staleMs: 300 },
        createLookMs: 150,
        startWaitMs: 600,
        stallMs: 300,
      },
    });
    stage.outputs.push(...logger.lines, JSON.stringify(report));
    return report;
  } catch (error) {
    stage.outputs.push(...logger.lines);
    throw error;
  }
}

async function writeCatalogue(stage: Stage, edited: boolean): Promise<void> {
  for (const want of catalogue(edited)) await writeFile(join(stage.dir, 'content', want.file), want.yaml);
}

/** A run killed mid-way: after `after` requests the service stops answering and the run's client is closed. */
async function killedRun(stage: Stage, after: number): Promise<void> {
  const client = clientOf(stage);
  let seen = 0;
  let dead = false;
  const restore = stage.emulator.admin.intercept({
    request: () => {
      seen += 1;
      if (seen < after) return;
      if (!dead) {
        dead = true;
        void client.close();
      }
      return { drop: true };
    },
  });
  try {
    await apply(stage, client).catch(() => undefined);
  } finally {
    restore();
  }
}

/**
 * The story under `readings`. An apply that fails an item is allowed when a
 * reading drawn may make it fail (not `clean`); it may also hide a failure a
 * `clean` reading caused, so the story is then played again under the clean
 * readings alone, where no apply may fail.
 */
export async function playStory(seed: number, readings: readonly string[]): Promise<StoryOutcome> {
  const played = await playOnce(seed, readings);
  const clean = readings.filter(isClean);
  if (
    played.violations.length > 0 ||
    !played.failedAnApply ||
    clean.length === readings.length ||
    clean.length === 0
  )
    return { violations: played.violations };
  const alone = await playOnce(seed, clean);
  return { violations: alone.violations.map((violation) => `under ${clean.join(', ')} alone: ${violation}`) };
}

async function playOnce(
  seed: number,
  readings: readonly string[],
): Promise<StoryOutcome & { failedAnApply: boolean }> {
  const rng = random(seed);
  const emulator = await startEmulator({
    phaseMs: { audio: 6, video: 10, upload: 6 },
    secondMs: SECOND_MS,
    rateLimit: null,
    listing: { maxPageSize: 3 },
    readings,
  });
  const dir = await mkdtemp(join(tmpdir(), 'cac-fuzz-'));
  const key = emulator.admin.createKey(emulator.admin.defaultUserId, ['read', 'generate', 'write']);
  const stage: Stage = { emulator, dir, key, outputs: [], clients: [] };
  const violations: string[] = [];
  let failedAnApply = false;
  try {
    await mkdir(join(dir, 'content'));
    for (let n = 1; n <= 4; n++) emulator.admin.addLegacyItem({ title: `Someone else's note ${n}` });
    failedAnApply = await tell(stage, rng, readings, violations);
  } catch (error) {
    violations.push(`the story itself broke: ${String(error)}`);
  } finally {
    await Promise.all(stage.clients.map((client) => client.close().catch(() => undefined)));
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
  violations.push(...outputViolations(stage));
  return { violations, failedAnApply };
}

async function tell(
  stage: Stage,
  rng: Random,
  readings: readonly string[],
  violations: string[],
): Promise<boolean> {
  await writeCatalogue(stage, false);
  const delay = Math.floor(rng() * 8);
  const first = await Promise.all([apply(stage), sleep(delay).then(() => apply(stage))]);
  await writeCatalogue(stage, true);
  await killedRun(stage, 1 + Math.floor(rng() * 30));
  const fourth = await apply(stage);
  const last = await apply(stage);
  const errors = [...first, fourth, last].flatMap(errorsOf);
  // Readings a client takes in its stride: no apply that was not killed may end with an error.
  if (readings.every(isClean)) violations.push(...errors);
  violations.push(
    ...stateViolations(
      stage.emulator.admin.items(),
      last,
      readings.filter((name) => readingNamed(name).expect === 'converge-or-hold'),
    ),
  );
  stage.emulator.admin.clearRequestLog();
  const again = await apply(stage);
  const writes = stage.emulator.admin.requestLog
    .filter((entry) => entry.method !== 'GET')
    .map((entry) => `${entry.method} ${entry.path.split('?')[0]}`);
  if (writes.length > 0) violations.push(`an unchanged catalogue re-applied sent ${writes.join(', ')}`);
  const holdable = readings.some((name) => readingNamed(name).expect === 'converge-or-hold');
  if (again.fatal !== null && !holdable) violations.push(`the re-apply stopped: ${again.fatal}`);
  return errors.length > 0;
}

/** What a run reports as an error: its fatal stop, an error problem, an item failed or in error. */
function errorsOf(report: RunReport): string[] {
  const items = (report.result?.items ?? []).filter(
    (item) => item.outcome === 'error' || item.outcome === 'failed',
  );
  return [
    ...(report.fatal === null ? [] : [`an apply stopped: ${report.fatal}`]),
    ...report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `an apply reported an error: ${p.message}`),
    ...items.map(
      (item) =>
        `an apply failed ${JSON.stringify(item.title)}: ${item.error ?? item.lastError ?? item.outcome}`,
    ),
  ].map((text) => text.slice(0, 300));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What the report says of an item: its error, its holds, or the run's fatal error. */
function reportedFor(report: RunReport, title: string): string | null {
  const item = report.result?.items.find((entry) => loose(entry.title) === loose(title));
  const planned = report.plan?.items.find((entry) => loose(entry.title) === loose(title));
  const holds = [...(item?.holds ?? []), ...(planned?.holds ?? [])].map((hold) => JSON.stringify(hold));
  const said = [report.fatal, item?.error, ...holds, ...report.problems.map((p) => p.message)].filter(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  return said.length > 0 ? said.join(' | ') : null;
}

function stateViolations(items: ItemRecord[], last: RunReport, holdable: readonly string[]): string[] {
  const violations: string[] = [];
  const wants = catalogue(true);
  const ours = new Set(wants.map((want) => loose(want.title)));
  for (const want of wants) {
    const live = items.filter(
      (item) => loose(item.title) === loose(want.title) && !isMarkedDuplicate(item.title),
    );
    if (live.length > 1)
      violations.push(`two live items for one title: ${JSON.stringify(want.title)} (${live.length})`);
    for (const item of items.filter(
      (i) => loose(i.title) === loose(want.title) || i.title.startsWith(want.title),
    )) {
      const accounts = item.publications.map((p) => p.accountId);
      if (new Set(accounts).size !== accounts.length)
        violations.push(`one publication twice: ${JSON.stringify(item.title)}`);
      const stray = accounts.filter((id) => !want.accounts.includes(id));
      if (stray.length > 0)
        violations.push(
          `a publication to an account the manifest did not name: ${JSON.stringify(item.title)}`,
        );
    }
    const done = live.length === 1 && isDone(live[0]!, want);
    if (done) continue;
    const said = reportedFor(last, want.title);
    const state = live.map((item) => item.status).join(', ') || 'no item';
    if (holdable.length === 0 || said === null) {
      violations.push(
        `${JSON.stringify(want.title)} not done within two applies (${state})${said ? `; the report says: ${said.slice(0, 300)}` : ', and the report says nothing of it'}`,
      );
    }
  }
  for (const item of items.filter((i) => !ours.has(loose(i.title)) && !isMarkedDuplicate(i.title))) {
    if (item.generationDispatches > 0 || item.publications.length > 0) {
      violations.push(`someone else's item ${JSON.stringify(item.title)} was generated or published`);
    }
  }
  return violations;
}

function isDone(item: ItemRecord, want: Want): boolean {
  if (item.status !== want.status) return false;
  const accounts = item.publications.map((p) => p.accountId).sort();
  if (JSON.stringify(accounts) !== JSON.stringify([...want.accounts].sort())) return false;
  if (want.file === 'reef.yml' && loose(item.full_text ?? '') !== loose(EDITED)) return false;
  return true;
}

const STACK = /\n\s+at .+(?:\(|\s)\S+:\d+:\d+\)?/;

function outputViolations(stage: Stage): string[] {
  const violations: string[] = [];
  const text = stage.outputs.join('\n');
  if (text.includes(stage.key) || text.includes(stage.emulator.apiKey))
    violations.push('the key appears in an output');
  const stack = STACK.exec(text);
  if (stack) violations.push(`a stack trace in an output: ${stack[0].trim().slice(0, 120)}`);
  return violations;
}
