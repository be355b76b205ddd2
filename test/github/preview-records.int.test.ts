import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/github/client.ts';
import { readPreviewRecords } from '../../src/github/preview-records.ts';
import { blockScope, reviewedBlock, ReviewSeal } from '../../src/github/reviewed-block.ts';
import { markerFor } from '../../src/github/sticky-comment.ts';
import { ACTIONS_BOT, startGitHubFake, type GitHubFake } from '../support/github-fake.ts';

// Main's apply reads what pull requests' previews wrote from their sealed
// comments: only the action's own comment, only a block sealed for that
// pull request.

let fake: GitHubFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

const MARKER = markerFor(null);
const seal = new ReviewSeal('svc_live_review-seal-key');
const commentWith = (pr: number, keys: string[]) =>
  `${MARKER}\n<!-- digest -->\n${reviewedBlock([], null, { seal, scope: blockScope('octo-org', 'videos', pr, MARKER) }, { previewed: keys })}\n### report`;

describe("pull requests' preview records", () => {
  it('are the keys of the verified blocks of the pull requests updated last', async () => {
    fake = await startGitHubFake();
    for (const pr of [7, 8, 9]) fake.setPull(pr, { sha: 'c'.repeat(40) });
    fake.addComment(7, commentWith(7, ['0123456789abcdef']), ACTIONS_BOT);
    // Copied from another pull request's comment: it does not verify here.
    fake.addComment(8, commentWith(7, ['1111111111111111']), ACTIONS_BOT);
    // Not the action's own login.
    fake.addComment(9, commentWith(9, ['2222222222222222']), { login: 'octocat', type: 'User' });
    const github = createGitHubClient({ apiUrl: fake.apiUrl, token: fake.token, waitUnitMs: 1 });
    const keys = await readPreviewRecords(github, {
      owner: 'octo-org',
      repo: 'videos',
      marker: MARKER,
      author: ACTIONS_BOT.login,
      seal,
    });
    expect([...keys]).toEqual(['0123456789abcdef']);
    expect(fake.requests.some((request) => /\/pulls\?.*state=all.*sort=updated/.test(request.path))).toBe(
      true,
    );
  });
});
