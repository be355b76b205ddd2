import type { ServiceClient } from '../service-client/client.ts';
import { describeError } from '../service-client/errors.ts';
import type { RunReport } from '../engine/types.ts';
import { outlineAccountProblems } from '../plan/accounts.ts';
import { pausedAccountProblems } from '../plan/release-status.ts';
import { inCliWords } from './connect.ts';

// validate sends nothing, but an unknown account is an error the README
// promises before anything is sent: when a key is at hand, validate reads
// GET /accounts (read-only) and checks every publish.accounts entry against
// it, exactly as plan would, and the release file's paused_accounts with the
// same function plan uses. Without a key it says that the names were not
// checked, rather than letting "valid" imply they were.

export interface AccountsCheck {
  checked: boolean;
  /** A sentence for the terminal: why the names were not checked. */
  note: string | null;
}

/** Whether publish.accounts were checked, from how GET /accounts was read: validate's and plan's one answer. */
export function accountsVerdict(read: { error: string | null; gap: string | null }): AccountsCheck {
  if (read.error !== null)
    return { checked: false, note: `Account names were not checked against the service: ${read.error}` };
  if (read.gap !== null)
    return {
      checked: false,
      note: "Account names were not checked: the service's list of accounts was not proven complete.",
    };
  return { checked: true, note: null };
}

export async function checkAccounts(
  report: RunReport,
  client: ServiceClient | string,
): Promise<AccountsCheck> {
  // Every manifest that names an account well, valid or not: an unknown name
  // is reported in the same run as the manifest's other mistakes.
  const naming = report.load.outlines.filter((outline) => outline.accounts.length > 0);
  const release = report.load.release ?? null;
  if (naming.length === 0 && (release?.accounts.length ?? 0) === 0) return { checked: false, note: null };
  if (typeof client === 'string') {
    return { checked: false, note: `Account names were not checked against the service: ${client}.` };
  }
  let listed;
  try {
    listed = await client.listAccounts();
  } catch (error) {
    return accountsVerdict({ error: inCliWords(describeError(error)), gap: null });
  }
  // As in plan: a name missing from a listing not proven whole proves nothing.
  if (!listed.complete) return accountsVerdict({ error: null, gap: listed.gap ?? 'not proven complete' });
  const connected = listed.items;
  report.problems.push(
    ...outlineAccountProblems(naming, connected),
    ...pausedAccountProblems(release, connected),
  );
  report.problems.sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column,
  );
  return { checked: true, note: null };
}
