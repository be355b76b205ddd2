import type { Account, ContentDetail, ContentSummary, ServiceApi } from '../api/types.ts';
import { ServiceError } from '../api/errors.ts';
import { mapLimit } from './concurrency.ts';

// Observed state: every page of GET /contents and GET /accounts, then the
// detail view of each matched item. Reads are not rate limited, so details
// are fetched many at a time.

export const DEFAULT_READ_CONCURRENCY = 32;

export interface Listing {
  contents: ContentSummary[];
  accounts: Account[];
  /** Why GET /contents is not proven complete (no create may be planned then); null when it is. */
  contentsGap: string | null;
}

/** GET /contents and GET /accounts (every page, through the client), side by side. */
export async function observeListing(client: ServiceApi): Promise<Listing> {
  const [contents, accounts] = await Promise.all([client.listContents(), client.listAccounts()]);
  return {
    contents: contents.items,
    accounts: accounts.items,
    contentsGap: contents.complete ? null : (contents.gap ?? 'not proven complete'),
  };
}

/** GET /contents/{id} for each id; an item deleted since the listing (404) is left out. */
export async function observeDetails(
  client: ServiceApi,
  ids: readonly string[],
  concurrency = DEFAULT_READ_CONCURRENCY,
): Promise<Map<string, ContentDetail>> {
  const unique = [...new Set(ids)];
  const details = await mapLimit(unique, concurrency, async (id) => {
    try {
      return await client.getContent(id);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) return null;
      throw error;
    }
  });
  const byId = new Map<string, ContentDetail>();
  for (const detail of details) if (detail !== null) byId.set(detail.id, detail);
  return byId;
}
