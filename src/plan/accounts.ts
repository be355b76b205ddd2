import type { Account } from '../service-client/types.ts';
import type {
  AccountSelector,
  DesiredItem,
  IndexedSelector,
  ManifestOutline,
  Problem,
} from '../manifest/types.ts';
import { suggest } from '../manifest/suggest.ts';

// publish.accounts name accounts by id or by {platform, name}; GET /accounts
// says which exist. An unknown one is an error at the selector, with a
// "did you mean" taken from the accounts that do exist.

export interface ResolvedAccounts {
  accounts: Account[];
  problems: Problem[];
}

function problemAt(index: number, selector: AccountSelector, message: string): Problem {
  const at = selector.location;
  return {
    severity: 'error',
    code: 'unknown_account',
    file: at.file,
    line: at.line,
    column: at.column,
    field: `publish.accounts.${index}`,
    message,
  };
}

function hint(candidate: string | undefined): string {
  return candidate === undefined ? '' : ` Did you mean "${candidate}"?`;
}

/** Resolves one item's selectors in order, without duplicates. */
export function resolveAccounts(item: DesiredItem, connected: readonly Account[]): ResolvedAccounts {
  const selectors = item.publish?.accounts ?? [];
  return resolveSelectors(
    selectors.map((selector, index) => ({ index, selector })),
    connected,
  );
}

/** Resolves selectors that keep their place in publish.accounts (`index`), without duplicates. */
export function resolveSelectors(
  entries: readonly IndexedSelector[],
  connected: readonly Account[],
): ResolvedAccounts {
  const accounts: Account[] = [];
  const problems: Problem[] = [];
  entries.forEach(({ index, selector }) => {
    let found: Account | undefined;
    if (selector.kind === 'id') {
      found = connected.find((account) => account.id === selector.id);
      if (!found) {
        problems.push(
          problemAt(
            index,
            selector,
            `No connected account has id ${selector.id}.` +
              hint(
                suggest(
                  selector.id,
                  connected.map((account) => account.id),
                ),
              ) +
              ' Connect the account in the service, or name it as {platform, name}.',
          ),
        );
      }
    } else {
      const onPlatform = connected.filter((account) => account.platform === selector.platform);
      found = onPlatform.find((account) => account.name === selector.name);
      if (!found && onPlatform.length === 0) {
        problems.push(
          problemAt(
            index,
            selector,
            `No ${selector.platform} account is connected, so "${selector.name}" cannot be published to. ` +
              'Connect it in the service first.',
          ),
        );
      } else if (!found) {
        problems.push(
          problemAt(
            index,
            selector,
            `No connected ${selector.platform} account is named "${selector.name}".` +
              hint(
                suggest(
                  selector.name,
                  onPlatform.map((account) => account.name),
                ),
              ) +
              ` Connected ${selector.platform} accounts: ${onPlatform.map((account) => account.name).join(', ')}.`,
          ),
        );
      }
    }
    if (found && !accounts.some((account) => account.id === found.id)) accounts.push(found);
  });
  return { accounts, problems };
}

/**
 * The unknown accounts that manifests name, valid or not (their outlines):
 * a manifest with another mistake still has its accounts looked up, so that
 * every mistake is reported in one run.
 */
export function outlineAccountProblems(
  outlines: readonly ManifestOutline[],
  connected: readonly Account[],
): Problem[] {
  return outlines.flatMap((outline) => resolveSelectors(outline.accounts, connected).problems);
}
