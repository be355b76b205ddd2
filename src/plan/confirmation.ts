import type { Account, ContentDetail, ContentSummary, PublishedLink } from '../service-client/types.ts';
import type { DesiredItem, Problem } from '../manifest/types.ts';
import type { Confirmation, PlanContext, PlanItem, PublicationTarget } from './types.ts';

// Published means live: the service shows the item UPLOADED and a URL for
// each account the publication asked for. The interface shows one URL per
// item (A28); where the service shows one per account, an account without
// one is unconfirmed, named; where it shows one for the item, that is said
// rather than taken for every account.

/** The link shown for an account: by its id where the service names accounts, else by its platform when it is the only one asked there. */
function linkFor(
  account: Account,
  asked: readonly Account[],
  links: readonly PublishedLink[],
): PublishedLink | null {
  const byId = links.find((link) => link.accountId === account.id);
  if (byId) return byId;
  if (links.some((link) => link.accountId !== null)) return null;
  // One account, one URL the service does not place: that account's.
  if (asked.length === 1 && links.length === 1 && links[0]!.platform === null) return links[0]!;
  const samePlatform = asked.filter((other) => other.platform === account.platform).length;
  return samePlatform === 1 ? (links.find((link) => link.platform === account.platform) ?? null) : null;
}

/** What the service shows of a publication to `asked` (the accounts it was asked for), read from the item's list row. */
export function confirmationOf(
  asked: readonly Account[],
  row: Pick<ContentSummary, 'published'>,
): Confirmation {
  const { links, perAccount } = row.published;
  const accounts = asked.map((account) => ({
    accountId: account.id,
    platform: account.platform,
    name: account.name,
    url: linkFor(account, asked, links)?.url ?? null,
  }));
  const missing = accounts.filter((account) => account.url === null);
  if (missing.length === 0) return { state: 'confirmed', accounts };
  // One URL for several accounts: the interface's own reading, said as it is.
  if (!perAccount && links.length === 1 && accounts.length > 1) return { state: 'one_url', accounts };
  return { state: 'unconfirmed', accounts, missing };
}

/** How long after its upload a publication may stay unconfirmed before that is a failure to confirm. */
export const CONFIRM_WITHIN_MS = 24 * 3_600_000;

/**
 * Later runs check a published item again: the accounts it was published to
 * (as the service attaches them, else as the manifest asks) against the URLs
 * its row shows. Unconfirmed within a day of its upload is said; past that,
 * a failure to confirm is an error of the item.
 */
export function publicationCheck(
  item: DesiredItem,
  detail: ContentDetail | null,
  row: ContentSummary | null,
  target: PublicationTarget | null,
  context: Pick<PlanContext, 'now'>,
): { confirmation?: PlanItem['confirmation']; problems: Problem[] } {
  if (detail?.status !== 'UPLOADED' || row === null) return { problems: [] };
  const asked = detail.accounts.length > 0 ? detail.accounts : (target?.accounts ?? []);
  if (asked.length === 0) return { problems: [] };
  const confirmation = confirmationOf(asked, row);
  if (confirmation.state !== 'unconfirmed') return { problems: [] };
  const uploaded = Date.parse(detail.upload_date ?? row.upload_date ?? '');
  const overdue = Number.isFinite(uploaded) && context.now.getTime() - uploaded > CONFIRM_WITHIN_MS;
  if (!overdue)
    return { confirmation: { state: confirmation.state, accounts: confirmation.accounts }, problems: [] };
  const names = confirmation.missing.map((account) => `${account.platform} "${account.name}"`).join(', ');
  const { line, column } = item.location;
  const message =
    `Published ${detail.upload_date ?? ''}, but a day later the service still shows no URL for ${names}: ` +
    'check the post on that platform; a publication is never sent again.';
  return {
    problems: [
      {
        severity: 'error',
        code: 'unconfirmed_publication',
        file: item.file,
        line,
        column,
        message,
        itemOnly: true,
      },
    ],
  };
}
