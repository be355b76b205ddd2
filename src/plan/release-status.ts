import type { Account } from '../service-client/types.ts';
import type {
  DesiredItem,
  FreezeHold,
  Pause,
  PausedAccount,
  Problem,
  ReleaseControl,
} from '../manifest/types.ts';
import { resolveSelectors } from './accounts.ts';
import { frozenHold } from './release-control.ts';
import type { Hold, ReleaseRules, RunPause } from './types.ts';

// What release control says about a whole run, once, above the tables of
// every plan, summary and comment: the kill switch, the freezes open now
// (or lifted by override-freeze), paused accounts and paused manifests, each
// with why and since when. And the age warning: a pause older than the
// release file's warn_paused_after is a warning in every run.

const DAY_MS = 86_400_000;
const DEFAULT_WARN_MS = 7 * DAY_MS;

type FrozenHold = Extract<Hold, { kind: 'frozen' }>;

export interface ReleaseStatus {
  pause: RunPause | null;
  /** Freezes open at the run's time, one per stretch, with everything it holds. */
  frozen: Array<{ holds: FreezeHold[]; freeze: FrozenHold }>;
  /** override-freeze lifted `frozen` for this run. */
  overridden: boolean;
  accounts: readonly PausedAccount[];
  /** Manifests paused by themselves or a `_defaults.yml`. */
  items: Array<{ file: string; pause: Pause }>;
}

/** The run's release status; null when nothing is paused or frozen (or declared paused). */
export function releaseStatus(
  items: readonly DesiredItem[],
  rules: ReleaseRules,
  now: Date,
): ReleaseStatus | null {
  // The calendar the plan asks too, whatever override-freeze says: the status shows what it lifted.
  const frozen: ReleaseStatus['frozen'] = [];
  for (const what of ['edit', 'render', 'publish'] as const) {
    const freeze = rules.calendar?.at(what, now.getTime()) ?? null;
    if (freeze === null) continue;
    const hold = frozenHold(freeze, what, []) as FrozenHold;
    const same = frozen.find(
      (entry) => entry.freeze.since === hold.since && entry.freeze.until === hold.until,
    );
    if (same) same.holds.push(what);
    else frozen.push({ holds: [what], freeze: hold });
  }
  const paused = items.flatMap((item) => (item.paused ? [{ file: item.file, pause: item.paused }] : []));
  const status: ReleaseStatus = {
    pause: rules.pause,
    frozen,
    overridden: frozen.length > 0 && rules.overrideFreeze,
    accounts: rules.accounts,
    items: paused,
  };
  const quiet = !status.pause && frozen.length === 0 && status.accounts.length === 0 && paused.length === 0;
  return quiet ? null : status;
}

/** Every pause older than the release file's warn_paused_after (7 days without one), as a warning where it is written. */
export function pauseWarnings(
  control: ReleaseControl | null,
  items: readonly DesiredItem[],
  now: Date,
): Problem[] {
  const limit = control?.warnPausedAfterMs ?? DEFAULT_WARN_MS;
  const pauses: Array<{ pause: Pause; what: string }> = [
    ...(control?.paused ? [{ pause: control.paused, what: 'The catalogue' }] : []),
    ...(control?.accounts ?? []).map((entry) => ({
      pause: entry.pause,
      what: `The account ${accountName(entry)}`,
    })),
    ...items.flatMap((item) => (item.paused ? [{ pause: item.paused, what: `"${item.fields.title}"` }] : [])),
  ];
  return pauses.flatMap(({ pause, what }): Problem[] => {
    if (pause.since === null) return [];
    const age = now.getTime() - Date.parse(pause.since);
    if (age <= limit) return [];
    const days = Math.floor(age / DAY_MS);
    const { file, line, column } = pause.location;
    const message =
      `${what} has been paused for ${days} day${days === 1 ? '' : 's'} (since ${pause.since.slice(0, 10)}` +
      `${pause.reason ? `: ${pause.reason}` : ''}), longer than warn_paused_after (${Math.round(limit / DAY_MS)} days` +
      `${control ? ` in ${control.file}` : ' by default'}). Remove the pause if it is over; raise warn_paused_after if it is meant to last.`;
    return [{ severity: 'warning', code: 'long_pause', file, line, column, message }];
  });
}

function accountName(entry: PausedAccount): string {
  const account = entry.account;
  return account.kind === 'id' ? `with id ${account.id}` : `${account.platform} "${account.name}"`;
}

/**
 * Paused accounts no connected account answers to: a misspelt name would
 * publish to the account meant to be paused, so it is an error, which stops
 * every write until it is fixed. Checked only against a whole listing.
 */
export function pausedAccountProblems(
  control: ReleaseControl | null,
  connected: readonly Account[],
): Problem[] {
  const entries = (control?.accounts ?? []).map((entry, index) => ({ index, selector: entry.account }));
  return resolveSelectors(entries, connected).problems.map((problem) => ({
    ...problem,
    field: problem.field?.replace(/^publish\.accounts/, 'paused_accounts'),
    message: `paused_accounts: ${problem.message}`,
  }));
}
