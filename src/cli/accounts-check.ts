import type { ServiceClient } from '../api/client.ts';
import { describeError } from '../api/errors.ts';
import type { RunReport } from '../engine/types.ts';
import { outlineAccountProblems } from '../plan/accounts.ts';
import { inCliWords } from './connect.ts';

// validate sends nothing, but an unknown account is an error the README
// promises before anything is sent: when a key is at hand, validate reads
// GET /accounts (read-only) and checks every publish.accounts entry against
// it, exactly as plan would. Without a key it says that the names were not
// checked, rather than letting "valid" imply they were.

export interface AccountsCheck {
  checked: boolean;
  /** A sentence for the terminal: why the names were not checked. */
  note: string | null;
}

export async function checkAccounts(
  report: RunReport,
  client: ServiceClient | string,
): Promise<AccountsCheck> {
  // Every manifest that names an account well, valid or not: an unknown name
  // is reported in the same run as the manifest's other mistakes.
  const naming = report.load.outlines.filter((outline) => outline.accounts.length > 0);
  if (naming.length === 0) return { checked: false, note: null };
  if (typeof client === 'string') {
    return { checked: false, note: `Account names were not checked against the service: ${client}.` };
  }
  let connected;
  try {
    connected = (await client.listAccounts()).items;
  } catch (error) {
    return {
      checked: false,
      note: `Account names were not checked against the service: ${inCliWords(describeError(error))}`,
    };
  }
  const found = outlineAccountProblems(naming, connected);
  report.problems.push(...found);
  report.problems.sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column,
  );
  return { checked: true, note: null };
}
