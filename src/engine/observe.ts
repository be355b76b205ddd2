import {
  DEFAULT_CONNECTIONS,
  type Account,
  type ContentDetail,
  type ContentSummary,
  type ServiceApi,
} from '../api/types.ts';
import { describeError } from '../api/errors.ts';
import type { ItemRun } from '../apply/types.ts';
import type { DesiredItem } from '../manifest/types.ts';
import { DetailReads } from './detail-reads.ts';
import type { Plan } from '../plan/types.ts';

// What the engine reads from the service: every page of GET /contents and
// GET /accounts, then the detail view of each matched item (reads are not
// rate limited, so many at a time); the credit balance; the scripts the
// service wrote for drafts. The planner gets all of it as plain data.

/** One reader per connection of the client's pool: a reader never waits for a connection. */
export const DEFAULT_READ_CONCURRENCY = DEFAULT_CONNECTIONS;

export interface Listing {
  contents: ContentSummary[];
  accounts: Account[];
  /** Why GET /contents is not proven complete (no create may be planned then); null when it is. */
  contentsGap: string | null;
}

/**
 * GET /contents and GET /accounts (every page, through the client), side by
 * side; `onItems` sees each page of contents as it arrives.
 */
export async function observeListing(
  client: ServiceApi,
  onItems?: (items: readonly ContentSummary[]) => void,
): Promise<Listing> {
  const [contents, accounts] = await Promise.all([
    client.listContents(onItems ? { onItems } : {}),
    client.listAccounts(),
  ]);
  return {
    contents: contents.items,
    accounts: accounts.items,
    contentsGap: contents.complete ? null : (contents.gap ?? 'not proven complete'),
  };
}

/** What the manifests name on the service: the titles they match by, and the ids they pin. */
function namedRemote(items: readonly DesiredItem[]): { titles: Set<string>; ids: Set<string> } {
  const titles = new Set<string>();
  const ids = new Set<string>();
  for (const item of items) {
    titles.add(item.fields.title);
    if (item.id !== null) ids.add(item.id);
  }
  return { titles, ids };
}

/**
 * The listing under way, and the detail reads it starts. The listing does not
 * depend on the manifests, so it starts while they are parsed; once they are
 * (`name`), the items they name are read as the listing's pages arrive. What
 * is planned still waits for the whole listing, proven complete or not.
 */
export interface Observation {
  listing: Promise<Listing>;
  reads: DetailReads;
  /** The manifests are known: read the details of the items they name, listed so far and from now on. */
  name(items: readonly DesiredItem[]): void;
  /** Nothing more is needed: waits for what is in flight, sends nothing more. */
  stop(): Promise<void>;
}

export function startObservation(client: ServiceApi, width = DEFAULT_READ_CONCURRENCY): Observation {
  const reads = new DetailReads(client, width);
  let named: ReturnType<typeof namedRemote> | null = null;
  let waiting: ContentSummary[] = [];
  const consider = (summary: ContentSummary): void => {
    if (named?.titles.has(summary.title) || named?.ids.has(summary.id)) reads.want(summary.id);
  };
  const listing = observeListing(client, (items) => {
    if (named === null) waiting.push(...items);
    else items.forEach(consider);
  });
  // Awaited by the engine, or by stop(); never left unhandled meanwhile.
  listing.catch(() => undefined);
  return {
    listing,
    reads,
    name(items) {
      named = namedRemote(items);
      waiting.forEach(consider);
      waiting = [];
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
  return new DetailReads(client, concurrency).settle(ids);
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
