import type { FreezeHold, Pause, PausedAccount } from '../manifest/types.ts';
import type { ReleaseStatus } from '../plan/release-status.ts';
import type { RunPause } from '../plan/types.ts';
import { formatIn, joinWords, whyAndSince } from './words.ts';

// What release control says about a whole run, in sentences: the kill
// switch, the freezes open now (or lifted by override-freeze), paused
// accounts and paused manifests, each with why and since when. Every plan,
// summary, comment and terminal report opens with them, so that a run that
// does less than asked says why before anything else.

/** How many paused manifests are named before the rest are counted. */
const NAMED_ITEMS = 5;

const HELD_WORDS: Record<FreezeHold, string> = {
  publish: 'publications',
  render: 'renders',
  edit: 'creates and edits',
};

/** The sentences of a run's release status; none when nothing is paused or frozen. */
export function releaseLines(status: ReleaseStatus | null | undefined): string[] {
  if (!status) return [];
  return [
    ...(status.pause ? [pauseLine(status.pause)] : []),
    ...status.frozen.map((entry) => freezeLine(entry, status.overridden)),
    ...status.accounts.map(accountLine),
    ...itemsLine(status.items),
  ];
}

function pauseLine(pause: RunPause): string {
  return pause.by === 'input'
    ? `Paused by the pause input${whyAndSince(pause)}. Nothing is written to the service in this run; clear the input (or the variable behind it) to go on.`
    : `Paused by ${pause.file ?? 'the release file'}${whyAndSince(pause)}. Nothing is written to the service until paused is removed from it.`;
}

function freezeLine(entry: ReleaseStatus['frozen'][number], overridden: boolean): string {
  const { freeze } = entry;
  const held = joinWords(entry.holds.map((what) => HELD_WORDS[what]));
  const when = `until ${formatIn(freeze.until, freeze.timeZone)} (since ${formatIn(freeze.since, freeze.timeZone)})`;
  const reasons = freeze.reasons.join('; ');
  return overridden
    ? `Frozen ${when}, ${reasons}: lifted for this run by override-freeze, so ${held} go on.`
    : `Frozen ${when}, ${reasons}: ${held} are held and go on when the window ends.`;
}

function accountLine(entry: PausedAccount): string {
  const account = entry.account;
  const name = account.kind === 'id' ? `with id ${account.id}` : `${account.platform} "${account.name}"`;
  return `Account ${name} is paused in ${entry.pause.location.file}${whyAndSince(entry.pause)}: items that publish to it are not published, to it or to any other account they name.`;
}

function itemsLine(items: ReadonlyArray<{ file: string; pause: Pause }>): string[] {
  if (items.length === 0) return [];
  const named = items
    .slice(0, NAMED_ITEMS)
    .map(({ file, pause }) => `${file}${pauseWhere(file, pause)}${whyAndSince(pause)}`);
  const more = items.length > NAMED_ITEMS ? `, and ${items.length - NAMED_ITEMS} more` : '';
  const count = items.length === 1 ? '1 manifest is' : `${items.length} manifests are`;
  return [`${count} paused, and held until paused is removed: ${named.join('; ')}${more}.`];
}

/** ` by content/ocean/_defaults.yml` when the pause is written in a folder's defaults, not the manifest. */
function pauseWhere(file: string, pause: Pause): string {
  return pause.location.file === file ? '' : ` by ${pause.location.file}`;
}
