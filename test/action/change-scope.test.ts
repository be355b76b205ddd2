import { describe, expect, it } from 'vitest';
import { pullRequestScope } from '../../src/action/change-scope.ts';
import type { RunDecision } from '../../src/action/mode.ts';
import type { BaseSource, RunBase } from '../../src/action/run-base.ts';

// Where git cannot read a pull request's base, the plan reads GitHub's list
// of its files when that list is whole, and everything otherwise, saying why.

const BASE = 'b'.repeat(40);
const plan = { decision: { reads: 'change' } as RunDecision, workspace: '/nowhere' };
const from = (source: BaseSource): RunBase => ({ sha: BASE, source: () => Promise.resolve(source) });

describe("a pull request's plan without its base in git", () => {
  it('reads every item, naming what GitHub did not answer', async () => {
    const scope = await pullRequestScope(
      plan,
      from({
        kind: 'unread',
        why: "and GitHub's list of its files could not be read (502)",
        failure: new Error('502'),
      }),
    );
    expect(scope.changes).toBeUndefined();
    expect(scope.note).toBe(
      `The pull request's base commit ${BASE.slice(0, 12)} could not be read (a clone that cannot fetch it, or a ` +
        "branch deleted since), and GitHub's list of its files could not be read (502): this plan reads every item, " +
        'as a full plan does.',
    );
  });

  it('reads every item when the list GitHub gave may not be whole', async () => {
    const listing = { files: [], gap: 'GitHub lists 3,000 of its 3,200 files' };
    const scope = await pullRequestScope(plan, from({ kind: 'listed', listing }));
    expect(scope.changes).toBeUndefined();
    expect(scope.note).toContain(
      "and GitHub's list of its files may not be whole (GitHub lists 3,000 of its 3,200 files)",
    );
  });

  it('asks nothing of the base when the run reads everything anyway', async () => {
    let asked = false;
    const base: RunBase = { sha: BASE, source: () => ((asked = true), Promise.resolve({ kind: 'git' })) };
    const full = { ...plan, decision: { reads: 'everything' } as RunDecision };
    expect(await pullRequestScope(full, base)).toEqual({ note: null });
    expect(asked).toBe(false);
  });
});
