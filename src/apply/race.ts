import { ReadBackError, ServiceError } from '../service-client/errors.ts';
import {
  isKnownStatus,
  type ContentDetail,
  type ContentSummary,
  type ServiceApi,
} from '../service-client/types.ts';
import type { Logger } from '../log.ts';
import { createdAtSameInstant, duplicateTitle, hasCreationTime, winnerOf } from '../plan/duplicates.ts';
import type { Hold } from '../plan/types.ts';
import { sameTitle } from '../text/service-terms.ts';
import type { NewItem } from './types.ts';
import type { Clock } from './wait.ts';

// The service offers no lock, so two runs started at the same moment may each
// create the same title. Right after its create every run lists the title
// again; all runs pick the same winner (plan/duplicates.ts), and only the run
// whose own item lost acts: it marks that item, which is then never rendered
// or published, and goes on with the winner. Generation and upload of the
// winner are guarded by the service's 409s, so the two runs never start a
// second job beside the first.
//
// A listing served by a replica behind the writes hides the other run's item
// as it hides this run's own: until the listing shows this run's new item it
// proves nothing, and it is read again after a pause. One that never catches
// up leaves the item held: the next run sees what this one could not.

export interface TitleRace {
  /** The item this run goes on with when its own lost; null when it won, or the winner cannot be read now. */
  winner: ContentDetail | null;
  /** Set when this run's own item lost and was marked, or when who won cannot be decided. */
  lost: Extract<Hold, { kind: 'duplicate_marked' | 'race_undecided' }> | null;
}

/** The list view's row of an item, from its detail view (for a listing that has not caught up yet). */
export function asSummary(detail: ContentDetail): ContentSummary {
  return {
    id: detail.id,
    title: detail.title,
    description: detail.description,
    full_text: detail.full_text,
    hashtags: detail.hashtags,
    status: detail.status,
    persona: detail.persona,
    published_url: null,
    published_platform: null,
    published: { links: [], perAccount: false },
    last_error: detail.last_error,
    creation_date: detail.creation_date,
    updated_at: detail.updated_at,
    upload_date: detail.upload_date,
  };
}

/** Pauses before the listing is read again while it does not show this run's new item: about 6 s in all. */
const CATCH_UP_MS: readonly number[] = [100, 200, 400, 800, 1600, 3200];

/** When the run must be done by (on `clock`): no pause goes past it. */
export interface RaceTime {
  clock: Clock;
  deadline: number;
}

/**
 * The items titled like `created`, this run's own among them; 'unread' when
 * the listing could not be read the last time it was asked for, 'behind'
 * when it never showed this run's item.
 */
async function sameTitled(
  client: ServiceApi,
  created: NewItem,
  time: RaceTime,
): Promise<ContentSummary[] | 'unread' | 'behind'> {
  let unread = false;
  for (const pause of [0, ...CATCH_UP_MS]) {
    if (pause > time.deadline - time.clock.now()) break;
    if (pause > 0) await time.clock.sleep(pause);
    let listed: ContentSummary[];
    try {
      listed = (await client.listContents()).items;
      unread = false;
    } catch {
      // A listing that shifts under a replica catching up may not read whole: it is read again too.
      unread = true;
      continue;
    }
    const same = listed.filter((summary) => sameTitle(summary.title, created.title));
    if (same.some((summary) => summary.id === created.id))
      return same.length < 2 ? same : withDetailFacts(client, same, created);
  }
  return unread ? 'unread' : 'behind';
}

/**
 * The creation times of a race from each item's detail: a service may show
 * them to the second in its list and to the millisecond in its detail, and
 * every run must rank the items as they were created, its own (read from the
 * detail) and the others alike; and the status, where the list does not
 * show it. A detail that cannot be read, or shows neither, leaves its row's.
 */
export async function withDetailFacts(
  client: ServiceApi,
  same: readonly ContentSummary[],
  created: NewItem | null,
): Promise<ContentSummary[]> {
  return Promise.all(
    same.map(async (summary) => {
      if (created !== null && summary.id === created.id)
        return { ...summary, creation_date: created.creation_date ?? summary.creation_date };
      const detail = await client.getContent(summary.id).catch(() => null);
      if (detail === null) return summary;
      return {
        ...summary,
        creation_date: detail.creation_date ?? summary.creation_date,
        status: isKnownStatus(summary.status) ? summary.status : detail.status,
      };
    }),
  );
}

/**
 * Lists the new item's title again and settles a race for it. Who wins rests
 * on the creation times the service shows; where it shows none for one of the
 * items, or the listing cannot be read, it is not guessed: the item is held.
 */
export async function settleTitleRace(
  client: ServiceApi,
  created: NewItem,
  logger: Logger,
  time: RaceTime,
): Promise<TitleRace> {
  const same = await sameTitled(client, created, time);
  const undecided = (why: string, ids: string[]): TitleRace => {
    logger.warning(`"${created.title}": ${why}; it is neither rendered nor published in this run.`);
    return { winner: null, lost: { kind: 'race_undecided', title: created.title, ids, why, marked: [] } };
  };
  if (same === 'unread') return giveWayUnread(client, created, logger);
  if (same === 'behind')
    return undecided(
      "the listing did not show this run's new item, so a second item of the title cannot be ruled out",
      [created.id],
    );
  if (same.length < 2) return { winner: null, lost: null };
  const ids = same.map((summary) => summary.id).sort();
  // With no time to rank them by, no run can tell who was first: each gives way, as twins do.
  if (same.some((summary) => !hasCreationTime(summary))) {
    const other = ids.find((id) => id !== created.id)!;
    return giveWay(
      client,
      created,
      { other, ids, why: 'the service shows no creation time for one of them' },
      logger,
    );
  }
  const winner = winnerOf(same);
  const twin = winner === null ? null : createdAtSameInstant(winner, same);
  if (winner !== null && twin !== null && [winner.id, twin.id].includes(created.id)) {
    const other = created.id === winner.id ? twin.id : winner.id;
    const why = "another run created it at the same instant as far as the service's times tell";
    return giveWay(client, created, { other, ids, why }, logger);
  }
  if (winner === null || winner.id === created.id) return { winner: null, lost: null };
  await markDuplicate(client, created, winner.id);
  logger.warning(
    `Another run created "${created.title}" at the same moment (${winner.id}, created first). This run's item ` +
      `${created.id} was retitled as its duplicate and is never rendered or published; going on with ${winner.id}.`,
  );
  return {
    // A winner created a moment ago may not be readable yet: the next run goes on with it then.
    winner: await client.getContent(winner.id).catch(() => null),
    lost: { kind: 'duplicate_marked', id: created.id, title: created.title, winner: winner.id },
  };
}

/**
 * Retitles this run's own item as the duplicate of `winner`. A 412 says the
 * item changed since it was read (RFC 9110, 15.5.13) and changed nothing:
 * the item is this run's, seconds old, so it is read again and retitled once
 * more; a second refusal is the item's error.
 */
async function markDuplicate(client: ServiceApi, created: NewItem, winner: string): Promise<void> {
  const retitle = (): Promise<void> =>
    client.editContent(created.id, { title: duplicateTitle(created.title, winner) }).then(
      () => undefined,
      (error: unknown) => {
        // Accepted, and not read back yet: the mark stands.
        if (!(error instanceof ReadBackError)) throw error;
      },
    );
  try {
    await retitle();
  } catch (error) {
    if (!(error instanceof ServiceError) || error.status !== 412) throw error;
    // This run's own item, just created: a 404 is a read behind the create, looked again; one
    // still behind does not stop the retitle, which the service judges by what it holds.
    await client.getContent(created.id, { listed: true }).catch(() => undefined);
    await retitle();
  }
}

/**
 * Two items of the title that no run can rank (created at the same instant
 * as far as the service tells, or with no creation time), this run's one of
 * them: the other run may have gone on alone with its own, so this run gives
 * way, whichever id is smaller. Its item is marked, never rendered or
 * published; if the other run gave way too, the next run creates the title
 * again, once.
 */
/**
 * The listing could not be read to look for a second item: keeping this
 * run's would rest on what was not read, and another run may be keeping its
 * own for the same reason. It gives way as twins do: its item is marked,
 * never rendered or published; the next run goes on with another run's item
 * of the title, or creates it once. (A listing that reads but lags is waited
 * for instead, in sameTitled: marking there could repeat on every run.)
 */
async function giveWayUnread(client: ServiceApi, created: NewItem, logger: Logger): Promise<TitleRace> {
  await markDuplicate(client, created, 'unchecked');
  const why =
    `the listing could not be read to check for a second item; this run's item ${created.id} was retitled ` +
    "as a duplicate, and the next run goes on with another run's item of the title, or creates it once";
  logger.warning(`"${created.title}": ${why}.`);
  return {
    winner: null,
    lost: { kind: 'race_undecided', title: created.title, ids: [created.id], why, marked: [created.id] },
  };
}

async function giveWay(
  client: ServiceApi,
  created: NewItem,
  race: { other: string; ids: string[]; why: string },
  logger: Logger,
): Promise<TitleRace> {
  await markDuplicate(client, created, race.other);
  const why =
    `${race.why} (${race.other}); this run's item ${created.id} was retitled as its duplicate, ` +
    'and the next run goes on with the one left';
  logger.warning(`"${created.title}": ${why}.`);
  return {
    winner: null,
    lost: { kind: 'race_undecided', title: created.title, ids: race.ids, why, marked: [created.id] },
  };
}
