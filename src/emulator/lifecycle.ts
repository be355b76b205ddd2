// The worker: walks an item through the states table of the interface.
// PROCESSING_AUDIO → AUDIO_PROCESSED → PROCESSING_VIDEO → VIDEO_PROCESSED
// (→ UPLOADING → UPLOADED when publication was asked for). A phase that fails
// moves to its FAILED_* state and refunds itself and every phase after it (A30).
import { createHash } from 'node:crypto';
import type { Clock, Config } from './config.ts';
import { refund } from './limits.ts';
import { writeScript } from './script.ts';
import { setStatus } from './store.ts';
import type { UserRecord } from './store.ts';
import type {
  Account,
  FailureRule,
  ItemRecord,
  Phase,
  Publication,
  PublishSettings,
  Status,
} from './types.ts';

/** Progress snapshots written per phase, besides the one at its end. */
const SNAPSHOTS_PER_PHASE = 5;

const RUNNING: Record<Phase, Status> = {
  audio: 'PROCESSING_AUDIO',
  video: 'PROCESSING_VIDEO',
  upload: 'UPLOADING',
};
const FAILED: Record<Phase, Status> = {
  audio: 'FAILED_AUDIO',
  video: 'FAILED_VIDEO',
  upload: 'FAILED_UPLOAD',
};
const WEIGHT: Record<Phase, number> = { audio: 1, video: 2, upload: 1 };
const MESSAGE: Record<Phase, string> = {
  audio: 'Generating voiceover',
  video: 'Rendering video',
  upload: 'Publishing',
};

export interface Dispatch {
  item: ItemRecord;
  user: UserRecord;
  /** The phases reserved and to run, in order. */
  phases: Phase[];
  /** Accounts the publication resolved to (may be empty: the plain-string trap). */
  accounts: Account[];
  settings: PublishSettings | null;
}

function publicationUrl(item: ItemRecord, account: Account): string {
  const digest = createHash('sha256').update(`${item.id}/${account.id}/${item.uploadDispatches}`).digest();
  const slug = digest.toString('base64url').slice(0, 11);
  switch (account.platform) {
    case 'YouTube':
      return `https://www.youtube.com/watch?v=${slug}`;
    case 'TikTok':
      return `https://www.tiktok.com/@${encodeURIComponent(account.name)}/video/${digest.readBigUInt64BE(0).toString().padStart(19, '7').slice(0, 19)}`;
    case 'Instagram':
      return `https://www.instagram.com/reel/${slug}/`;
    default:
      return `https://social.example/${encodeURIComponent(account.platform)}/${slug}`;
  }
}

class Job {
  readonly #dispatch: Dispatch;
  readonly #config: Config;
  readonly #clock: Clock;
  readonly #failures: FailureRule[];
  readonly #onEnd: (job: Job) => void;
  /** Reserved phases not finished yet: refunded on failure or cancellation. */
  readonly pending: Phase[];
  #stopped = false;
  #sleeping: { timer: NodeJS.Timeout; resolve: (awake: boolean) => void } | null = null;

  constructor(
    dispatch: Dispatch,
    config: Config,
    clock: Clock,
    failures: FailureRule[],
    onEnd: (job: Job) => void,
  ) {
    this.#dispatch = dispatch;
    this.#config = config;
    this.#clock = clock;
    this.#failures = failures;
    this.#onEnd = onEnd;
    this.pending = [...dispatch.phases];
  }

  get item(): ItemRecord {
    return this.#dispatch.item;
  }

  /** Stops the job where it stands; its timer is cleared at once. */
  stop(): void {
    this.#stopped = true;
    if (this.#sleeping) {
      clearTimeout(this.#sleeping.timer);
      this.#sleeping.resolve(false);
      this.#sleeping = null;
    }
  }

  async run(): Promise<void> {
    const { phases } = this.#dispatch;
    // A queued generation keeps the item's status until the worker takes it.
    const { queueMs: queued = 0, queueStatus, gapStatus } = this.#config.behaviours;
    if (queued > 0 && queueStatus !== undefined) setStatus(this.item, queueStatus);
    if (queued > 0 && !(await this.#sleep(queued))) return;
    const total = phases.reduce((sum, p) => sum + WEIGHT[p], 0);
    let done = 0;
    for (const [index, phase] of phases.entries()) {
      if (index > 0) {
        // The state between two phases is visible for a moment, as on the real worker.
        const gap = Math.round(this.#config.phaseMs[phase] / 10);
        if (gapStatus !== undefined && phase === 'video') setStatus(this.item, gapStatus);
        if (!(await this.#sleep(gap))) return;
      }
      const from = (done / total) * 100;
      const to = ((done + WEIGHT[phase]) / total) * 100;
      if (!(await this.#phase(phase, from, to))) return;
      done += WEIGHT[phase];
    }
    this.#end();
  }

  async #phase(phase: Phase, from: number, to: number): Promise<boolean> {
    const item = this.item;
    this.#enter(phase);
    let failure = this.#takeFailure(phase);
    if (phase === 'audio' && item.textover === null) {
      // A23: the voiceover reads the current script; one is written only when there is none.
      if (item.full_text !== null && item.full_text.trim() !== '')
        item.textover = writeScript(item.full_text);
      else failure ??= 'Nothing to voice: the item has neither textover nor full_text.';
    }
    const step = this.#config.phaseMs[phase] / SNAPSHOTS_PER_PHASE;
    for (let tick = 0; tick < SNAPSHOTS_PER_PHASE; tick++) {
      this.#snapshot(phase, from + ((to - from) * tick) / SNAPSHOTS_PER_PHASE);
      if (failure !== null && tick === Math.floor(SNAPSHOTS_PER_PHASE / 2)) {
        this.#fail(phase, failure);
        return false;
      }
      if (!(await this.#sleep(step))) return false;
    }
    this.pending.splice(this.pending.indexOf(phase), 1);
    this.#finish(phase, to);
    return true;
  }

  #enter(phase: Phase): void {
    const item = this.item;
    setStatus(item, RUNNING[phase]);
    touch(item);
    if (phase === 'upload') {
      item.uploadDispatches += 1;
      item.uploadDispatchedAt = this.#clock.now();
      item.accounts = this.#dispatch.accounts.map((a) => ({ ...a }));
      item.publishSettings = this.#dispatch.settings;
    }
  }

  #finish(phase: Phase, percentage: number): void {
    const item = this.item;
    if (phase === 'audio') setStatus(item, 'AUDIO_PROCESSED');
    if (phase === 'video') {
      setStatus(item, 'VIDEO_PROCESSED');
      item.rendered = true;
    }
    if (phase === 'upload') {
      const now = new Date().toISOString();
      const published: Publication[] = this.#dispatch.accounts.map((account) => ({
        accountId: account.id,
        platform: account.platform,
        name: account.name,
        url: publicationUrl(item, account),
        publishedAt: now,
      }));
      item.publications.push(...published);
      const lastOne = published.at(-1);
      if (lastOne) {
        item.published_url = lastOne.url;
        item.published_platform = lastOne.platform;
      }
      setStatus(item, 'UPLOADED');
      item.upload_date = now;
      item.stats = { views: 0, likes: 0, comments: 0 };
    }
    // The last phase clears the progress, unless the service keeps a stale snapshot.
    if (this.pending.length > 0 || this.#config.behaviours.staleProgress) this.#snapshot(phase, percentage);
    else item.progress = null;
    touch(item);
  }

  #fail(phase: Phase, message: string): void {
    const item = this.item;
    setStatus(item, FAILED[phase]);
    item.last_error = message;
    item.progress = null;
    refund(this.#dispatch.user, this.pending.splice(0));
    touch(item);
    this.#end();
  }

  #snapshot(phase: Phase, percentage: number): void {
    const item = this.item;
    const accounts = this.#dispatch.accounts.length;
    item.progress = {
      percentage: Math.round(percentage),
      step: phase,
      message: phase === 'upload' ? `${MESSAGE.upload} to ${accounts} account(s)` : MESSAGE[phase],
    };
    item.progressUpdates += 1;
  }

  #takeFailure(phase: Phase): string | null {
    const index = this.#failures.findIndex(
      (rule) => rule.phase === phase && this.item.title.includes(rule.titleIncludes),
    );
    const rule = this.#failures[index];
    if (!rule) return null;
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.#failures.splice(index, 1);
    }
    return rule.message;
  }

  #sleep(ms: number): Promise<boolean> {
    if (this.#stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#sleeping = null;
        resolve(!this.#stopped);
      }, ms);
      this.#sleeping = { timer, resolve };
    });
  }

  #end(): void {
    this.#stopped = true;
    this.#onEnd(this);
  }
}

function touch(item: ItemRecord): void {
  item.updated_at = new Date().toISOString();
}

/** Every running job, by item. close() stops them all and leaves no timer. */
export class Jobs {
  readonly #byItem = new Map<string, Set<Job>>();
  readonly #config: Config;
  readonly #clock: Clock;
  readonly #failures: FailureRule[];

  constructor(config: Config, clock: Clock, failures: FailureRule[]) {
    this.#config = config;
    this.#clock = clock;
    this.#failures = failures;
  }

  /** Starts a run whose credits are already reserved. Its first state is entered at once. */
  start(dispatch: Dispatch): void {
    const job = new Job(dispatch, this.#config, this.#clock, this.#failures, (ended) => this.#forget(ended));
    const set = this.#byItem.get(dispatch.item.id) ?? new Set<Job>();
    set.add(job);
    this.#byItem.set(dispatch.item.id, set);
    job.run().catch((error: unknown) => {
      setStatus(dispatch.item, 'FAILED');
      dispatch.item.last_error = `Emulator worker error: ${String(error)}`;
      this.#forget(job);
    });
  }

  /** A17: stops every run of the item and refunds the phases that had not finished. */
  cancel(item: ItemRecord, user: UserRecord): void {
    for (const job of this.#byItem.get(item.id) ?? []) {
      job.stop();
      refund(user, job.pending.splice(0));
    }
    this.#byItem.delete(item.id);
  }

  running(item: ItemRecord): boolean {
    return (this.#byItem.get(item.id)?.size ?? 0) > 0;
  }

  close(): void {
    for (const set of this.#byItem.values()) for (const job of set) job.stop();
    this.#byItem.clear();
  }

  #forget(job: Job): void {
    const set = this.#byItem.get(job.item.id);
    set?.delete(job);
    if (set?.size === 0) this.#byItem.delete(job.item.id);
  }
}
