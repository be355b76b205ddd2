import { describe, expect, it } from 'vitest';
import { eventFromPayload } from '../../src/action/event.ts';
import { readInputs, type ActionInputs } from '../../src/action/inputs.ts';
import { decideRun } from '../../src/action/mode.ts';

const repository = {
  name: 'videos',
  full_name: 'octo-org/videos',
  owner: { login: 'octo-org' },
  default_branch: 'main',
};

function pullRequest(headRepo: string | null) {
  return {
    action: 'synchronize',
    number: 7,
    pull_request: {
      number: 7,
      head: { ref: 'edit', sha: 'h'.repeat(40), repo: headRepo === null ? null : { full_name: headRepo } },
      base: { ref: 'main', sha: 'b'.repeat(40), repo: { full_name: 'octo-org/videos' } },
    },
    repository,
  };
}

function inputs(overrides: Record<string, string> = {}): ActionInputs {
  return readInputs((name) => overrides[name] ?? '');
}

function decide(name: string, payload: Record<string, unknown>, ref = 'refs/heads/main', given = {}) {
  const event = eventFromPayload({ GITHUB_EVENT_NAME: name, GITHUB_REF: ref }, payload);
  const read = inputs(given);
  if (read.mode === 'doctor' || read.mode === 'import')
    throw new Error(`${read.mode} is decided before the engine runs`);
  return decideRun({ ...read, mode: read.mode }, event);
}

describe('mode: auto', () => {
  it.each([
    ['pull_request', pullRequest('octo-org/videos'), 'refs/pull/7/merge', 'plan'],
    ['pull_request_target', pullRequest('octo-org/videos'), 'refs/heads/main', 'plan'],
    [
      'merge_group',
      { merge_group: { base_sha: 'b'.repeat(40), head_sha: 'h'.repeat(40) }, repository },
      'refs/heads/gh-readonly-queue/main/pr-7',
      'plan',
    ],
    ['push', { ref: 'refs/heads/feature', before: 'a'.repeat(40), repository }, 'refs/heads/feature', 'plan'],
    ['push', { ref: 'refs/heads/main', before: 'a'.repeat(40), repository }, 'refs/heads/main', 'apply'],
    ['push', { ref: 'refs/tags/v1', repository }, 'refs/tags/v1', 'plan'],
    ['schedule', { schedule: '0 6 * * *' }, 'refs/heads/main', 'apply'],
    ['workflow_dispatch', { inputs: {}, repository }, 'refs/heads/feature', 'apply'],
    ['release', { repository }, 'refs/tags/v1', 'plan'],
  ])('%s on %s -> %s', (name, payload, ref, mode) => {
    expect(decide(name, payload, ref).mode).toBe(mode);
  });
});

describe('permissions', () => {
  it('a push to the default branch may write, render and publish', () => {
    const decision = decide('push', { ref: 'refs/heads/main', before: 'a'.repeat(40), repository });
    expect(decision.permissions).toEqual({
      write: true,
      render: true,
      publish: true,
      publishDisabledBy: 'input',
      draftsOnly: false,
    });
  });

  it('publish: false forbids publication, attributed to the input', () => {
    const decision = decide('schedule', { schedule: '0 6 * * *' }, 'refs/heads/main', { publish: 'false' });
    expect(decision.permissions).toEqual({
      write: true,
      render: true,
      publish: false,
      publishDisabledBy: 'input',
      draftsOnly: false,
    });
  });

  it('PR runs never render or publish, even with mode: apply', () => {
    const decision = decide('pull_request', pullRequest('octo-org/videos'), 'refs/pull/7/merge', {
      mode: 'apply',
    });
    expect(decision).toMatchObject({ mode: 'apply', isPullRequest: true, trusted: true });
    // Nor do they write, unless preview-scripts asks for drafts.
    expect(decision.permissions).toEqual({
      write: false,
      render: false,
      publish: false,
      publishDisabledBy: 'event',
      draftsOnly: true,
    });
  });

  it('preview-scripts writes drafts only for same-repository PRs', () => {
    const same = decide('pull_request', pullRequest('octo-org/videos'), 'refs/pull/7/merge', {
      'preview-scripts': 'true',
    });
    expect(same.permissions.write).toBe(true);
    expect(same.permissions.render).toBe(false);
    const fork = decide('pull_request', pullRequest('someone/videos'), 'refs/pull/7/merge', {
      'preview-scripts': 'true',
    });
    expect(fork.trusted).toBe(false);
    expect(fork.permissions).toMatchObject({ write: false, render: false, publish: false });
    const plain = decide('pull_request', pullRequest('octo-org/videos'), 'refs/pull/7/merge');
    expect(plain.permissions.write).toBe(false);
  });

  it('pull_request_target and forks (even with a deleted head repo) are untrusted: no writes in any mode', () => {
    for (const [name, head] of [
      ['pull_request_target', 'octo-org/videos'],
      ['pull_request', 'someone/videos'],
      ['pull_request', null],
    ] as const) {
      const decision = decide(name, pullRequest(head), 'refs/pull/7/merge', {
        mode: 'apply',
        'preview-scripts': 'true',
      });
      expect(decision.trusted).toBe(false);
      expect(decision.permissions).toMatchObject({ write: false, render: false, publish: false });
    }
  });

  it('validate never writes', () => {
    expect(
      decide('push', { ref: 'refs/heads/main', repository }, 'refs/heads/main', { mode: 'validate' })
        .permissions,
    ).toEqual({
      write: false,
      render: false,
      publish: false,
    });
  });
});

describe('event', () => {
  it('takes the base commit for renames from the PR base, push before, or merge-group base', () => {
    const pr = eventFromPayload({ GITHUB_EVENT_NAME: 'pull_request' }, pullRequest('octo-org/videos'));
    expect(pr).toMatchObject({
      baseSha: 'b'.repeat(40),
      sha: 'h'.repeat(40),
      owner: 'octo-org',
      repo: 'videos',
      defaultBranch: 'main',
    });
    expect(pr.pullRequest).toMatchObject({ number: 7, fork: false });
    const push = eventFromPayload({ GITHUB_EVENT_NAME: 'push' }, { before: 'a'.repeat(40), repository });
    expect(push.baseSha).toBe('a'.repeat(40));
    const newBranch = eventFromPayload({ GITHUB_EVENT_NAME: 'push' }, { before: '0'.repeat(40), repository });
    expect(newBranch.baseSha).toBeNull();
  });

  it('falls back to GITHUB_REPOSITORY when the payload has no repository (schedule)', () => {
    const event = eventFromPayload(
      {
        GITHUB_EVENT_NAME: 'schedule',
        GITHUB_REPOSITORY: 'octo-org/videos',
        GITHUB_RUN_ID: '9',
        GITHUB_SHA: 'c'.repeat(40),
      },
      { schedule: '0 6 * * *' },
    );
    expect(event).toMatchObject({
      owner: 'octo-org',
      repo: 'videos',
      sha: 'c'.repeat(40),
      runUrl: 'https://github.com/octo-org/videos/actions/runs/9',
    });
  });
});
