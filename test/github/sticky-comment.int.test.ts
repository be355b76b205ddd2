import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient, throttleGroups, writeSpacingMs } from '../../src/github/client.ts';
import {
  commentAuthor,
  markerFor,
  stickyHeadLength,
  upsertStickyComment,
} from '../../src/github/sticky-comment.ts';
import {
  ACTIONS_BOT,
  startGitHubFake,
  SUPPORTED_API_VERSION,
  type GitHubFake,
} from '../support/github-fake.ts';

let fake: GitHubFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

const target = (issueNumber = 7, author = ACTIONS_BOT.login) => ({
  owner: 'octo-org',
  repo: 'videos',
  issueNumber,
  marker: markerFor(null),
  author,
});

async function setup(options: Parameters<typeof startGitHubFake>[0] = {}) {
  fake = await startGitHubFake(options);
  // Waits GitHub asks for (retry-after, back-off) shrink to a millisecond per second.
  return { fake, api: createGitHubClient({ apiUrl: fake.apiUrl, token: fake.token, waitUnitMs: 1 }) };
}

interface RequestFailure {
  status: number;
  message: string;
  request: { method: string; url: string };
}

/** The error a failed call rejects with (Octokit's RequestError). */
async function failure(call: Promise<unknown>): Promise<RequestFailure> {
  try {
    await call;
  } catch (error) {
    return error as RequestFailure;
  }
  throw new Error('expected the call to fail');
}

describe('the sticky PR comment', () => {
  it('is created once, edited in place when it changes, and left alone when it does not', async () => {
    const { fake, api } = await setup();
    expect(await upsertStickyComment(api, target(), 'plan A', 'plan A')).toMatchObject({ action: 'created' });
    expect(await upsertStickyComment(api, target(), 'plan A, other run link', 'plan A')).toMatchObject({
      action: 'unchanged',
    });
    expect(await upsertStickyComment(api, target(), 'plan B', 'plan B')).toMatchObject({ action: 'updated' });
    expect(fake.comments(7)).toHaveLength(1);
    expect(fake.comments(7)[0]!.body).toMatch(
      /^<!-- content-as-code:pr-comment -->\n<!-- content-as-code:digest [0-9a-f]{32} [0-9a-f]{64} -->\nplan B$/,
    );
    const writes = fake.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual([
      'POST /repos/octo-org/videos/issues/7/comments',
      'PATCH /repos/octo-org/videos/issues/comments/1000',
    ]);
    // Every request names the REST API version it was written for.
    expect(new Set(fake.requests.map((r) => r.headers['x-github-api-version']))).toEqual(
      new Set([SUPPORTED_API_VERSION]),
    );
  });

  it('searches every page of comments, following Link rel=next', async () => {
    const { fake, api } = await setup({ maxPerPage: 10 });
    for (let i = 0; i < 25; i++) fake.addComment(7, `comment ${i}`, { login: 'reviewer', type: 'User' });
    await upsertStickyComment(api, target(), 'first', 'first');
    for (let i = 0; i < 5; i++) fake.addComment(7, `later ${i}`, { login: 'reviewer', type: 'User' });
    expect(await upsertStickyComment(api, target(), 'second', 'second')).toMatchObject({ action: 'updated' });
    expect(fake.comments(7).filter((c) => c.user.type === 'Bot')).toHaveLength(1);
    const pages = fake.requests
      .filter((r) => r.method === 'GET' && r.path.includes('/comments'))
      .map((r) => r.path);
    expect(pages.slice(-3)).toEqual([
      '/repos/octo-org/videos/issues/7/comments?per_page=100',
      '/repos/octo-org/videos/issues/7/comments?per_page=100&page=2',
      '/repos/octo-org/videos/issues/7/comments?per_page=100&page=3',
    ]);
  });

  it('ignores the marker in a comment a person wrote or quoted', async () => {
    const { fake, api } = await setup();
    fake.addComment(7, `${markerFor(null)}\nfake`, { login: 'mallory', type: 'User' });
    fake.addComment(7, `> ${markerFor(null)}\nquoted`, ACTIONS_BOT);
    expect(await upsertStickyComment(api, target(), 'real', 'real')).toMatchObject({ action: 'created' });
    expect(fake.comments(7)[0]!.body).toContain('fake');
  });

  it('with a personal token, matches the token user found through GET /user', async () => {
    const { fake, api } = await setup({ identity: { login: 'release-bot-user', type: 'User' } });
    fake.addComment(7, `${markerFor(null)}\nother bot`, ACTIONS_BOT);
    const author = await commentAuthor(api, '');
    expect(author).toBe('release-bot-user');
    await upsertStickyComment(api, target(7, author), 'one', 'one');
    await upsertStickyComment(api, target(7, author), 'two', 'two');
    const mine = fake.comments(7).filter((c) => c.user.login === 'release-bot-user');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toContain('two');
  });

  it("never takes another app's bot comment for ours, even when it came first", async () => {
    const { fake, api } = await setup();
    const other = { login: 'other-app[bot]', type: 'Bot' as const };
    fake.addComment(7, `${markerFor(null)}\n<!-- content-as-code:digest 0 -->\nforged`, other);
    expect(await upsertStickyComment(api, target(), 'real', 'real')).toMatchObject({
      action: 'created',
      writtenBy: ACTIONS_BOT.login,
    });
    expect(fake.comments(7).map((c) => [c.user.login, c.body.split('\n').at(-1)])).toEqual([
      ['other-app[bot]', 'forged'],
      [ACTIONS_BOT.login, 'real'],
    ]);
    expect(await upsertStickyComment(api, target(), 'real 2', 'real 2')).toMatchObject({ action: 'updated' });
    expect(fake.comments(7)[0]!.body).toContain('forged');
  });

  it('writes the comment again when it was edited, though its digest line was left as it was', async () => {
    const { fake, api } = await setup();
    const seal = (text: string) => createHmac('sha256', 'the caller keys it').update(text).digest('hex');
    await upsertStickyComment(api, target(), 'plan A', 'plan A', seal);
    fake.comments(7)[0]!.body = fake.comments(7)[0]!.body.replace('plan A', 'plan X');
    expect(await upsertStickyComment(api, target(), 'plan A', 'plan A', seal)).toMatchObject({
      action: 'updated',
    });
    expect(fake.comments(7)[0]!.body).toMatch(/\nplan A$/);
    expect(await upsertStickyComment(api, target(), 'plan A', 'plan A', seal)).toMatchObject({
      action: 'unchanged',
    });
  });

  it("starts with lines of the length the report holds back for them, so a body within its budget stays within GitHub's limit", async () => {
    const { fake, api } = await setup();
    const seal = (text: string) => createHmac('sha256', 'the caller keys it').update(text).digest('hex');
    await upsertStickyComment(api, target(), 'plan A', 'plan A', seal);
    const written = fake.comments(7)[0]!.body;
    expect(written.length - 'plan A'.length).toBe(stickyHeadLength(markerFor(null), seal));
  });

  it('says who wrote a new comment, so that a login other than the trusted one is noticed', async () => {
    const { api } = await setup({ identity: { login: 'my-app[bot]', type: 'Bot' } });
    expect(await upsertStickyComment(api, target(), 'x', 'x')).toMatchObject({
      action: 'created',
      writtenBy: 'my-app[bot]',
    });
  });

  it('keeps one comment per shard', async () => {
    const { fake, api } = await setup();
    const shard = (index: number) => ({ ...target(), marker: markerFor({ index, count: 2 }) });
    await upsertStickyComment(api, shard(1), 'one', 'one');
    await upsertStickyComment(api, shard(2), 'two', 'two');
    await upsertStickyComment(api, shard(1), 'one again', 'one again');
    expect(fake.comments(7).map((c) => c.body.split('\n').at(-1))).toEqual(['one again', 'two']);
  });

  it('never creates a comment when the lookup failed', async () => {
    const { fake, api } = await setup({ failListing: true });
    await expect(upsertStickyComment(api, target(), 'x', 'x')).rejects.toMatchObject({ status: 500 });
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('trusts one login: comment-author when given, else the token user, else github-actions[bot]', async () => {
    const user = await setup({ identity: { login: 'release-bot-user', type: 'User' } });
    expect(await commentAuthor(user.api, 'my-app[bot]')).toBe('my-app[bot]');
    expect(user.fake.requests).toEqual([]); // GitHub is not asked what the workflow says
    expect(await commentAuthor(user.api, '')).toBe('release-bot-user');
    await user.fake.close();
    const workflowToken = await setup(); // GITHUB_TOKEN: GET /user answers 403
    expect(await commentAuthor(workflowToken.api, '')).toBe('github-actions[bot]');
  });

  it('never creates a comment when finding out who the token is failed', async () => {
    const { fake, api } = await setup({
      identity: { login: 'release-bot-user', type: 'User' },
      failUser: true,
    });
    const error = await failure(commentAuthor(api, ''));
    expect(error.status).toBe(500);
    expect(error.request.url).toMatch(/\/user$/);
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('reports a read-only token as an error the caller turns into a warning', async () => {
    const { api } = await setup({ readOnly: true });
    const error = await failure(upsertStickyComment(api, target(), 'x', 'x'));
    expect(error.status).toBe(403);
    expect(error.message).toContain('Resource not accessible by integration');
    expect(error.request.method).toBe('POST');
    expect(error.request.url).toMatch(/\/issues\/7\/comments$/);
  });

  it('is written once through a 502 and then a secondary rate limit', async () => {
    const { fake, api } = await setup();
    fake.fault(
      { method: 'POST', kind: 'bad_gateway' },
      { method: 'POST', kind: 'secondary_rate_limit', seconds: 2 },
    );
    expect(await upsertStickyComment(api, target(), 'plan A', 'plan A')).toMatchObject({ action: 'created' });
    expect(fake.comments(7)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.status)).toEqual([502, 403, 201]);
  });

  it('waits out a primary rate limit on the lookup, then edits the one comment', async () => {
    const { fake, api } = await setup();
    await upsertStickyComment(api, target(), 'plan A', 'plan A');
    fake.fault({ method: 'GET', pathStartsWith: '/repos/', kind: 'rate_limit', seconds: 1 });
    expect(await upsertStickyComment(api, target(), 'plan B', 'plan B')).toMatchObject({ action: 'updated' });
    expect(fake.comments(7)).toHaveLength(1);
    expect(fake.comments(7)[0]!.body).toMatch(/plan B$/);
  });

  it("spaces writes as the throttling plugin does, counted in the client's wait unit", async () => {
    // The plugin's own spacing at the runner's unit of a second; a millisecond per second in tests.
    expect(writeSpacingMs(1000)).toEqual({ write: 1000, notifications: 3000 });
    expect(writeSpacingMs(1)).toEqual({ write: 1, notifications: 3 });
    // A unit no other test uses: its groups are fresh, and shared by every client of that unit.
    const unit = 7;
    expect(throttleGroups(unit)).toBe(throttleGroups(unit));
    expect(throttleGroups(unit).write.keys()).toEqual([]);
    fake = await startGitHubFake();
    const api = createGitHubClient({ apiUrl: fake.apiUrl, token: fake.token, waitUnitMs: unit });
    expect(await upsertStickyComment(api, target(), 'plan A', 'plan A')).toMatchObject({ action: 'created' });
    // The new comment went through this unit's groups, not the plugin's fixed ones.
    expect(throttleGroups(unit).write.keys()).toEqual(['no-id']);
    expect(throttleGroups(unit).notifications.keys()).toEqual(['no-id']);
  });

  it('is not written twice when GitHub wrote it and still answered 502', async () => {
    const { fake, api } = await setup();
    fake.fault({ method: 'POST', kind: 'bad_gateway_after_write' });
    expect(await upsertStickyComment(api, target(), 'plan A', 'plan A')).toMatchObject({ action: 'created' });
    expect(fake.comments(7)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.status)).toEqual([502]);
  });
});
