import { describe, expect, it } from 'vitest';
import { eventFromPayload } from '../../src/action/event.ts';
import { readInputs, type ActionInputs } from '../../src/action/inputs.ts';
import { baseUrlGate, chooseRun, decideRun, decisionLine, type RunDecision } from '../../src/action/mode.ts';
import { runSettingsFromInputs } from '../../src/action/settings.ts';

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

/** The service is configured unless `given` says otherwise: api-key and base-url are checked below. */
const SERVICE = { 'api-key': 'svc_test_key', 'base-url': 'https://api.example.com' };

function decideOrRefuse(name: string, payload: Record<string, unknown>, ref: string, given = {}) {
  const event = eventFromPayload({ GITHUB_EVENT_NAME: name, GITHUB_REF: ref }, payload);
  const read = inputs({ ...SERVICE, ...given });
  if (read.mode === 'doctor' || read.mode === 'import' || read.mode === 'adopt')
    throw new Error(`${read.mode} is decided before the engine runs`);
  return decideRun({ ...read, mode: read.mode }, event);
}

/** The message a refused run fails with; null when the run was decided. */
function refusal(name: string, payload: Record<string, unknown>, ref: string, given = {}): string | null {
  const decided = decideOrRefuse(name, payload, ref, given);
  return 'refused' in decided ? decided.refused : null;
}

function decide(name: string, payload: Record<string, unknown>, ref = 'refs/heads/main', given = {}) {
  const decided = decideOrRefuse(name, payload, ref, given);
  if ('refused' in decided) throw new Error(`refused: ${decided.refused}`);
  return decided;
}

describe('the policy inputs, read by the decision alone', () => {
  const dispatch = { repository };
  const push = { repository, before: 'b'.repeat(40), after: 'a'.repeat(40) };

  it('lifts the freeze on workflow_dispatch only, and says why it does not elsewhere', () => {
    const given = { 'override-freeze': 'true' };
    expect(decide('workflow_dispatch', dispatch, 'refs/heads/main', given)).toMatchObject({
      overrideFreeze: true,
      overrideIgnored: null,
    });
    expect(decide('push', push, 'refs/heads/main', given)).toMatchObject({
      overrideFreeze: false,
      overrideIgnored:
        'override-freeze is ignored on push: only a workflow_dispatch run may lift the freeze windows.',
    });
    expect(decide('workflow_dispatch', dispatch)).toMatchObject({
      overrideFreeze: false,
      overrideIgnored: null,
    });
  });

  it("reads a pull request's change unless full-read says everything; every other run reads everything", () => {
    const pr = pullRequest('octo-org/videos');
    expect(decide('pull_request', pr, 'refs/pull/7/merge').reads).toBe('change');
    expect(decide('pull_request', pr, 'refs/pull/7/merge', { 'full-read': 'true' }).reads).toBe('everything');
    expect(decide('push', push).reads).toBe('everything');
    expect(decide('workflow_dispatch', dispatch).reads).toBe('everything');
  });

  it('compares with the reviewed plan on an apply of a push only', () => {
    expect(decide('push', push).requireReview).toBe('warn');
    expect(decide('push', push, 'refs/heads/main', { 'require-review': 'hold' }).requireReview).toBe('hold');
    expect(decide('workflow_dispatch', dispatch).requireReview).toBe('off');
    expect(decide('schedule', { repository }).requireReview).toBe('off');
    expect(decide('pull_request', pullRequest('octo-org/videos'), 'refs/pull/7/merge').requireReview).toBe(
      'off',
    );
  });
});

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

  it('preview-renders renders previews only on same-repository PRs, and never publishes, whatever mode says', () => {
    const given = { 'preview-renders': '2', 'preview-credits': '30', mode: 'apply' };
    const same = decide('pull_request', pullRequest('octo-org/videos'), 'refs/pull/7/merge', given);
    expect(same.permissions).toMatchObject({ write: true, render: false, publish: false, draftsOnly: true });
    const settings = (decision: RunDecision) =>
      runSettingsFromInputs(inputs({ ...SERVICE, ...given }), decision, '/w');
    expect(settings(same).previewRenders).toEqual({ limit: 2, credits: 30 });
    const fork = decide('pull_request', pullRequest('someone/videos'), 'refs/pull/7/merge', given);
    expect(fork.permissions.write).toBe(false);
    expect(settings(fork).previewRenders).toBeUndefined();
    const push = decide('push', { repository, before: 'b'.repeat(40) }, 'refs/heads/main', given);
    expect(settings(push).previewRenders).toBeUndefined();
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

describe('the service a mode needs', () => {
  const push = { ref: 'refs/heads/main', before: 'a'.repeat(40), repository };

  it('a pull request without api-key (a fork gets no secrets) validates, and says why', () => {
    for (const head of ['someone/videos', 'octo-org/videos']) {
      const decision = decide('pull_request', pullRequest(head), 'refs/pull/7/merge', {
        'api-key': '',
        mode: 'apply',
      });
      expect(decision).toMatchObject({
        mode: 'validate',
        because: 'no api-key on a pull request: validate only',
        isPullRequest: true,
        permissions: { write: false, render: false, publish: false },
      });
      expect(decision.note).toMatch(/^No api-key was given to this run \(pull requests from forks/);
    }
  });

  it('validates a key-less pull request whatever base-url says', () => {
    const decision = decide('pull_request', pullRequest('someone/videos'), 'refs/pull/7/merge', {
      'api-key': '',
      'base-url': '',
    });
    expect(decision.mode).toBe('validate');
  });

  it('refuses any other run without api-key, saying how to pass it', () => {
    expect(decideOrRefuse('push', push, 'refs/heads/main', { 'api-key': '', mode: 'plan' })).toEqual({
      refused:
        'Input `api-key` is empty, and plan needs the service: pass it from a secret, for example api-key: ${{ secrets.CONTENT_API_KEY }}.',
    });
    expect(refusal('schedule', {}, 'refs/heads/main', { 'api-key': '' })).toMatch(
      /^Input `api-key` is empty, and apply needs the service/,
    );
  });

  it('refuses plan and apply without base-url, on pull requests too', () => {
    expect(decideOrRefuse('push', push, 'refs/heads/main', { 'base-url': '' })).toEqual({
      refused:
        "Input `base-url` is empty, and apply needs the service's URL, for example https://api.example.com.",
    });
    expect(
      refusal('pull_request', pullRequest('octo-org/videos'), 'refs/pull/7/merge', { 'base-url': '' }),
    ).toMatch(/^Input `base-url` is empty, and plan needs the service's URL/);
  });

  it('validate needs neither, and has nothing to say', () => {
    const decision = decide('push', push, 'refs/heads/main', {
      mode: 'validate',
      'api-key': '',
      'base-url': '',
    });
    expect(decision).toMatchObject({ mode: 'validate', because: 'mode: validate', note: null });
  });

  it('a run that does what it was asked has no note', () => {
    expect(decide('push', push).note).toBeNull();
  });
});

describe('the one choice of a run', () => {
  const choose = (name: string, given: Record<string, string>) =>
    chooseRun(inputs({ ...SERVICE, ...given }), eventFromPayload({ GITHUB_EVENT_NAME: name }, {}));

  it('runs doctor on any event, with the service', () => {
    expect(choose('push', { mode: 'doctor' })).toEqual({ kind: 'doctor' });
    expect(choose('pull_request', { mode: 'doctor' })).toEqual({ kind: 'doctor' });
    expect(choose('push', { mode: 'doctor', 'api-key': '' })).toEqual({
      kind: 'refused',
      refused: 'mode: doctor needs the service: give api-key (from a secret) and base-url.',
    });
  });

  it('runs import by hand only, with the service', () => {
    expect(choose('workflow_dispatch', { mode: 'import' })).toEqual({ kind: 'import' });
    expect(choose('push', { mode: 'import' })).toEqual({
      kind: 'refused',
      refused:
        'mode: import runs on workflow_dispatch only (this run is push); start it by hand from the Actions tab.',
    });
    expect(choose('workflow_dispatch', { mode: 'import', 'base-url': '' })).toEqual({
      kind: 'refused',
      refused: 'mode: import needs the service: give api-key (from a secret) and base-url.',
    });
  });

  it('hands every other mode to the engine with its decision, or its refusal', () => {
    expect(choose('schedule', {})).toMatchObject({ kind: 'engine', decision: { mode: 'apply' } });
    const refused = choose('schedule', { 'api-key': '' });
    expect(refused.kind === 'refused' && refused.refused).toMatch(
      /^Input `api-key` is empty, and apply needs the service/,
    );
  });
});

describe('the base-url gate', () => {
  const gate = (given: Record<string, string>) => baseUrlGate(inputs({ ...SERVICE, ...given }));

  it('refuses plain http to another machine before the key is sent, in every mode that sends it', () => {
    for (const mode of ['plan', 'apply', 'auto', 'doctor', 'import']) {
      const { refused } = gate({ mode, 'base-url': 'http://api.example.com' });
      expect(refused).toContain('allow-insecure-http: true');
    }
  });

  it('lets https through, and plain http with allow-insecure-http, with a warning', () => {
    expect(gate({})).toEqual({ refused: null, warning: null });
    const insecure = gate({ 'base-url': 'http://api.example.com', 'allow-insecure-http': 'true' });
    expect(insecure.refused).toBeNull();
    expect(insecure.warning).not.toBeNull();
  });

  it('has nothing to check when no key would be sent', () => {
    const http = { 'base-url': 'http://api.example.com' };
    expect(gate({ ...http, mode: 'validate' })).toEqual({ refused: null, warning: null });
    expect(gate({ ...http, 'api-key': '' })).toEqual({ refused: null, warning: null });
  });
});

describe('the decision in the log', () => {
  const decision: RunDecision = {
    mode: 'apply',
    because: 'auto: push to the default branch main applies',
    permissions: { write: true, render: true, publish: false, publishDisabledBy: 'input' },
    isPullRequest: false,
    trusted: true,
    note: null,
    reads: 'everything',
    overrideFreeze: false,
    overrideIgnored: null,
    requireReview: 'warn',
  };

  it('names the mode and why, the event, the shard and what the run may change', () => {
    expect(decisionLine(decision, { name: 'push', untrusted: null }, { index: 2, count: 4 })).toMatch(
      /: apply \(auto: push to the default branch main applies\); event push; shard 2\/4; this run may write drafts, render\.$/,
    );
  });

  it('says why an untrusted run writes nothing', () => {
    const untrusted = {
      ...decision,
      trusted: false,
      permissions: { write: false, render: false, publish: false },
    };
    expect(decisionLine(untrusted, { name: 'issue_comment', untrusted: 'a comment' }, null)).toMatch(
      /event issue_comment, untrusted \(a comment\): no writes; this run may not change anything on the service\.$/,
    );
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
