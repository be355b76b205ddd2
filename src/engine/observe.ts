import {
  DEFAULT_CONNECTIONS,
  type Account,
  type ContentDetail,
  type ContentSummary,
  type ServiceApi,
} from '../service-client/types.ts';
import { ServiceError, describeError } from '../service-client/errors.ts';
import { readGenerationPace } from '../service-client/readings.ts';
import type { ItemRun } from '../apply/types.ts';
import type { NamedManifest } from '../manifest/index.ts';
import { titleKey } from '../text/service-terms.ts';
import { DetailReads } from './detail-reads.ts';
import type { Plan } from '../plan/types.ts';

// What the engine reads from the service: every page of GET /contents and
// GET /accounts, then the detail view of each matched item (reads are not
// rate limited, so many at a time); the credit balance; the scripts the
// service wrote for drafts. The planner gets all of it as plain data.

/**
 * One reader per connection of the client's pool, less the two the listings
 * (contents and accounts) read their pages on: a detail read never waits for
 * a connection, and the listing, one page after another, never waits behind one.
 */
export const DEFAULT_READ_CONCURRENCY = DEFAULT_CONNECTIONS - 2;

export interface Listing {
  contents: ContentSummary[];
  accounts: Account[];
  /** Why GET /contents is not proven complete (no create may be planned then); null when it is. */
  contentsGap: string | null;
  /** Why GET /accounts is not proven complete: an account it lacks is then an error of its item alone. */
  accountsGap: string | null;
  /** Why GET /accounts could not be read at all: only items that name accounts are held. */
  accountsError: string | null;
}

/**
 * GET /contents and GET /accounts (every page, through the client), side by
 * side; `onItems` sees each page of contents as it arrives. Every item
 * depends on the contents listing; only the items that publish depend on the
 * accounts, so a failed accounts listing is theirs (a 401 is everyone's).
 */
export async function observeListing(
  client: ServiceApi,
  onItems?: (items: readonly ContentSummary[]) => void,
): Promise<Listing> {
  const accounts = client.listAccounts().then(
    (listed) => ({ listed, error: null }),
    (error: unknown) => {
      if (error instanceof ServiceError && error.status === 401) throw error;
      return { listed: null, error: describeError(error) };
    },
  );
  // Awaited below, unless the contents listing fails first: never left unhandled meanwhile.
  accounts.catch(() => undefined);
  const contents = await client.listContents(onItems ? { onItems } : {});
  const { listed, error } = await accounts;
  return {
    contents: contents.items,
    accounts: listed?.items ?? [],
    contentsGap: contents.complete ? null : (contents.gap ?? 'not proven complete'),
    accountsGap: listed === null || listed.complete ? null : (listed.gap ?? 'not proven complete'),
    accountsError: error,
  };
}

/**
 * The listing under way, and the detail reads it starts. The listing does not
 * depend on the manifests, so it starts while they are parsed; each item is
 * named as its manifest is parsed (`name`), and an item that is both named
 * and listed is read at once, whichever came first. What is planned still
 * waits for the whole listing, proven complete or not.
 */
export interface Observation {
  listing: Promise<Listing>;
  reads: DetailReads;
  /** These manifests are known: read the details of the items they name, listed so far and from now on. */
  name(items: Iterable<NamedManifest>): void;
  /** Nothing more is needed: waits for what is in flight, sends nothing more. */
  stop(): Promise<void>;
}

export function startObservation(client: ServiceApi, width = DEFAULT_READ_CONCURRENCY): Observation {
  const reads = new DetailReads(client, width);
  const namedTitles = new Set<string>();
  const namedIds = new Set<string>();
  // Listed so far: the ids under each title (by its key), and every id.
  const listedByTitle = new Map<string, string[]>();
  const listedIds = new Set<string>();
  const listing = observeListing(client, (items) => {
    for (const summary of items) {
      const key = titleKey(summary.title);
      const ids = listedByTitle.get(key);
      if (ids) ids.push(summary.id);
      else listedByTitle.set(key, [summary.id]);
      listedIds.add(summary.id);
      if (namedTitles.has(key) || namedIds.has(summary.id)) reads.want(summary.id);
    }
  });
  // Awaited by the engine, or by stop(); never left unhandled meanwhile.
  listing.catch(() => undefined);
  return {
    listing,
    reads,
    name(items) {
      for (const item of items) {
        const key = titleKey(item.title);
        if (!namedTitles.has(key)) {
          namedTitles.add(key);
          for (const id of listedByTitle.get(key) ?? []) reads.want(id);
        }
        if (item.id !== null && !namedIds.has(item.id)) {
          namedIds.add(item.id);
          if (listedIds.has(item.id)) reads.want(item.id);
        }
      }
    },
    async stop() {
      reads.abandon();
      await listing.catch(() => undefined);
      await reads.drain();
    },
  };
}

/** GET /contents/{id} for each id; an item deleted since the listing (404) is left out. */
export async function observeDetails(
  client: ServiceApi,
  ids: readonly string[],
  concurrency = DEFAULT_READ_CONCURRENCY,
): Promise<Map<string, ContentDetail>> {
  return (await new DetailReads(client, concurrency).settle(ids)).read;
}

/**
 * GET /users/credits is informational: a failure or a shape no reading covers
 * is a note in the report, never a reason to stop (A10).
 */
export async function bestEffortCredits(
  client: ServiceApi,
  notes: string[],
  when: 'before' | 'after',
): Promise<number | null> {
  try {
    return await client.credits();
  } catch (error) {
    notes.push(`The credit balance ${when} the run could not be read: ${describeError(error)}`);
    return null;
  }
}

/**
 * A41: the generation rate GET /subscription/current states, told to the
 * client before the first generation request, so that the requests keep to
 * it from the first one on. Informational: limits that state no rate, or a
 * subscription that cannot be read (a note), leave the pace to be learned
 * from the service's 429s.
 */
export async function statedPace(client: ServiceApi, notes: string[]): Promise<void> {
  if (!client.keepPace) return;
  try {
    const stated = readGenerationPace((await client.subscription()).limits);
    if (stated) client.keepPace(stated.limit);
  } catch (error) {
    notes.push(
      `The subscription could not be read (${describeError(error)}); generation requests keep to the pace the service's 429s show.`,
    );
  }
}

/** Script previews: after drafts were created or edited, the plan shows the scripts the service wrote (A15). */
export async function refreshScripts(
  client: ServiceApi,
  plan: Plan,
  runs: readonly ItemRun[],
  concurrency = DEFAULT_READ_CONCURRENCY,
): Promise<void> {
  const touched = runs.filter((run) => run.id !== null && (run.created || run.edited));
  const details = await observeDetails(
    client,
    touched.map((run) => run.id as string),
    concurrency,
  );
  for (const run of touched) {
    const detail = details.get(run.id as string);
    const item = plan.items.find((entry) => entry.file === run.item.file);
    if (detail && item) item.script = { ...item.script, remote: detail.textover };
  }
}
