import type { Account } from '../service-client/types.ts';
import type { DesiredItem, FreezeHold, PausedAccount, ReleaseControl } from '../manifest/types.ts';
import { FreezeCalendar, type Freeze } from './freeze-windows.ts';
import { publishes } from './steps.ts';
import type {
  HeldWork,
  Hold,
  PlanContext,
  PublicationTarget,
  ReleaseRules,
  RunPause,
  Step,
} from './types.ts';

// Release control in the plan: the kill switch (the release file's
// `paused`, or the `pause` input), items paused by their manifest or a
// `_defaults.yml`, accounts paused by the release file, and freeze windows.
// What they hold becomes a hold that says why and since when; nothing else
// of the plan changes. The publication's own timing (a freeze, a paused
// account, lateness measured without the frozen time) is video-steps.ts's.

/** The run's release rules: the release file (null: there is none), the pause input, override-freeze. */
export function releaseRules(
  control: ReleaseControl | null,
  run: { pause: { reason: string | null } | null; overrideFreeze: boolean },
): ReleaseRules {
  const filePause: RunPause | null =
    control?.paused == null
      ? null
      : {
          by: 'release_file',
          file: control.file,
          reason: control.paused.reason,
          since: control.paused.since,
        };
  const inputPause: RunPause | null =
    run.pause === null ? null : { by: 'input', file: null, reason: run.pause.reason, since: null };
  const windows = control?.windows ?? [];
  return {
    // The committed pause says the most (why, since when); the input stops the run just the same.
    pause: filePause ?? inputPause,
    accounts: control?.accounts ?? [],
    calendar: windows.length === 0 ? null : new FreezeCalendar(windows),
    overrideFreeze: run.overrideFreeze,
  };
}

/** The freeze holding `what` at `instant` in this run; none where override-freeze lifted them. */
function freezeAt(rules: ReleaseRules | undefined, what: FreezeHold, instant: number): Freeze | null {
  if (rules === undefined || rules.overrideFreeze) return null;
  return rules.calendar?.at(what, instant) ?? null;
}

const NOT_PAUSED = new Set(['', 'false', 'no', 'off', '0']);

/**
 * The `pause` input, typically a repository variable: empty or false is no
 * pause, true is a pause, and any other text is a pause with that reason
 * (`CONTENT_PAUSE=Brand review until Monday`). The CLI's --pause reads the same. A misspelt false pauses: the
 * safe side of an emergency stop.
 */
export function parsePause(value: string): { reason: string | null } | null {
  const text = value.replace(/\s+/g, ' ').trim();
  const word = text.toLowerCase();
  if (NOT_PAUSED.has(word)) return null;
  return {
    reason: word === 'true' || word === 'yes' || word === 'on' || word === '1' ? null : text.slice(0, 300),
  };
}

/** Whether a paused account is this one. */
function isAccount(paused: PausedAccount, account: Account): boolean {
  const selector = paused.account;
  return selector.kind === 'id'
    ? selector.id === account.id
    : selector.platform === account.platform && selector.name === account.name;
}

/**
 * The rules, where the accounts listing was not proven complete: a paused
 * account it did not show may be on a page not read, so every publication
 * to its platform (to any account, for one paused by id) is held rather
 * than trusted to another account.
 */
export function withUnseenPauses(
  rules: ReleaseRules,
  connected: readonly Account[],
  complete: boolean,
): ReleaseRules {
  if (complete) return rules;
  const unseen = rules.accounts.filter((entry) => !connected.some((account) => isAccount(entry, account)));
  return unseen.length === 0 ? rules : { ...rules, unseen };
}

function mayBeUnseen(entry: PausedAccount, target: PublicationTarget): boolean {
  const selector = entry.account;
  return selector.kind === 'id' || target.accounts.some((account) => account.platform === selector.platform);
}

/** What a list of steps would have done, as the holds and the review name it. */
function workOf(steps: readonly Step[]): HeldWork[] {
  const work = new Set<HeldWork>();
  for (const step of steps) if (step.kind !== 'wait' && step.kind !== 'upload') work.add(step.kind);
  if (publishes(steps)) work.add('publish');
  return [...work];
}

function pausedHold(
  scope: 'input' | 'release_file' | 'item',
  pause: { reason: string | null; since: string | null },
  file: string | null,
  held: HeldWork[],
): Hold {
  return { kind: 'paused', scope, file, account: null, reason: pause.reason, since: pause.since, held };
}

/** A freeze as a hold: until when, why, since when. */
export function frozenHold(freeze: Freeze, what: FreezeHold, held: HeldWork[]): Hold {
  const reasons = [...new Set(freeze.windows.map((window) => window.reason))];
  const zones = freeze.windows.map((window) => window.timeZone).filter((zone) => zone !== null);
  return {
    kind: 'frozen',
    what,
    since: new Date(freeze.since).toISOString(),
    until: new Date(freeze.until).toISOString(),
    reasons,
    timeZone: zones[0] ?? null,
    held,
  };
}

/** A publication held by a paused account, named as the release file or the listing names it. */
function accountPausedHold(entry: PausedAccount, account: { platform: string; name: string }): Hold {
  const { pause } = entry;
  return {
    kind: 'paused',
    scope: 'account',
    file: pause.location.file,
    account,
    reason: pause.reason,
    since: pause.since,
    held: ['publish'],
  };
}

/**
 * Why a publication to `target` cannot go out at `instant`: an account it
 * names is paused (the item is held whole, never published to fewer
 * accounts than asked), or a freeze holds publications then. Null: it can.
 */
export function publicationBlock(
  rules: ReleaseRules | undefined,
  target: PublicationTarget,
  instant: number,
): Hold | null {
  if (rules === undefined) return null;
  const paused = rules.accounts.find((entry) => target.accounts.some((account) => isAccount(entry, account)));
  if (paused !== undefined) {
    const account = target.accounts.find((candidate) => isAccount(paused, candidate))!;
    return accountPausedHold(paused, { platform: account.platform, name: account.name });
  }
  const unseen = rules.unseen?.find((entry) => mayBeUnseen(entry, target));
  if (unseen !== undefined) {
    const selector = unseen.account;
    const named =
      selector.kind === 'id'
        ? { platform: 'id', name: selector.id }
        : { platform: selector.platform, name: selector.name };
    return accountPausedHold(unseen, named);
  }
  const freeze = freezeAt(rules, 'publish', instant);
  return freeze === null ? null : frozenHold(freeze, 'publish', ['publish']);
}

/**
 * Why a generation or upload may not be sent at `instant`: a freeze of
 * renders open now (for a generation), or a publication it carries that a
 * paused account or a freeze holds now, or that may end inside a freeze: the
 * service publishes when the job ends, up to `leadMs` after the request
 * (apply/job-times.ts). Null: it may be sent.
 */
export function sendBlock(
  rules: ReleaseRules | undefined,
  send: { publication: PublicationTarget | null; renders: boolean; leadMs: number },
  instant: number,
): Hold | null {
  const { publication } = send;
  const renders = send.renders ? freezeAt(rules, 'render', instant) : null;
  if (renders !== null)
    return frozenHold(renders, 'render', publication ? ['render', 'publish'] : ['render']);
  if (publication === null) return null;
  const now = publicationBlock(rules, publication, instant);
  if (now !== null || rules === undefined || rules.overrideFreeze) return now;
  const ahead = rules.calendar?.within('publish', instant, instant + send.leadMs) ?? null;
  return ahead === null ? null : frozenHold(ahead, 'publish', ['publish']);
}

/**
 * How long of [at, now) the work an item still needs (its publication, and
 * the render or the create before it) could go out: the late window counts
 * only that time, so a schedule that fell in a freeze is caught up when it
 * ends, override-freeze or not. Stops counting past `enough`.
 */
export function openSince(
  rules: ReleaseRules | undefined,
  needs: readonly FreezeHold[],
  span: { at: number; now: number },
  enough: number,
): number {
  return rules?.calendar ? rules.calendar.openMs(needs, span.at, span.now, enough) : span.now - span.at;
}

interface Controlled {
  steps: Step[];
  holds: Hold[];
}

/**
 * The steps of one item that release control lets through, in order of
 * precedence: the kill switch, the item's own pause, a freeze of edits, a
 * freeze of renders. What one holds is not held again by the next.
 */
export function releaseControl(planned: Controlled, item: DesiredItem, context: PlanContext): Controlled {
  const rules = context.release;
  const { steps, holds } = planned;
  if (steps.length === 0) return planned;
  const held = (hold: Hold): Controlled => ({ steps: [], holds: [...holds, hold] });
  if (rules?.pause) return held(pausedHold(rules.pause.by, rules.pause, rules.pause.file, workOf(steps)));
  if (item.paused) return held(pausedHold('item', item.paused, item.paused.location.file, workOf(steps)));
  const now = context.now.getTime();
  const edits = freezeAt(rules, 'edit', now);
  if (edits !== null && steps.some((step) => step.kind === 'create' || step.kind === 'edit'))
    return held(frozenHold(edits, 'edit', workOf(steps)));
  const renders = freezeAt(rules, 'render', now);
  if (renders === null || !steps.some((step) => step.kind === 'render')) return planned;
  // A render held takes the upload that publishes it with it.
  const isKept = (step: Step): boolean => step.kind !== 'render' && step.kind !== 'upload';
  const kept = steps.filter(isKept);
  const dropped = steps.filter((step) => !isKept(step));
  return { steps: kept, holds: [...holds, frozenHold(renders, 'render', workOf(dropped))] };
}
