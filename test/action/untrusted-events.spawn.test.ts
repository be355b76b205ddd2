import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventFromPayload } from '../../src/action/event.ts';
import { readInputs } from '../../src/action/inputs.ts';
import { decideRun } from '../../src/action/mode.ts';
import { startEmulator } from '../../src/emulator/index.ts';
import { requireDist, ROOT, runAction } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

// Events whose content comes from a fork or a comment never write to the
// service, whatever `mode` says, unless allow-untrusted-events vouches for them.

const repository = { name: 'videos', full_name: 'octo-org/videos', owner: { login: 'octo-org' } };

function workflowRun(headRepo: string | null) {
  return {
    action: 'completed',
    workflow_run: {
      event: 'pull_request',
      head_branch: 'edit',
      head_sha: 'h'.repeat(40),
      head_repository: headRepo === null ? null : { full_name: headRepo },
      repository: { full_name: 'octo-org/videos' },
    },
    repository,
  };
}

const issueComment = {
  action: 'created',
  issue: { number: 7, pull_request: { url: 'https://api.github.com/repos/octo-org/videos/pulls/7' } },
  comment: { body: '/apply', user: { login: 'mallory' } },
  repository,
};

function decide(name: string, payload: Record<string, unknown>, given: Record<string, string> = {}) {
  const event = eventFromPayload({ GITHUB_EVENT_NAME: name, GITHUB_REF: 'refs/heads/main' }, payload);
  const service: Record<string, string> = {
    'api-key': 'svc_test_key',
    'base-url': 'https://api.example.com',
  };
  const read = readInputs((input) => given[input] ?? service[input] ?? '');
  if (read.mode === 'doctor' || read.mode === 'import' || read.mode === 'adopt')
    throw new Error('decided before the engine runs');
  const decision = decideRun({ ...read, mode: read.mode }, event);
  if ('refused' in decision) throw new Error(`refused: ${decision.refused}`);
  return { event, decision };
}

const NOTHING = { write: false, render: false, publish: false };

describe('untrusted events', () => {
  it.each([
    ['workflow_run', workflowRun('mallory/videos'), /workflow_run of mallory\/videos/],
    ['workflow_run', workflowRun(null), /workflow_run of an unknown repository/],
    ['issue_comment', issueComment, /issue_comment: its content comes from a comment/],
    ['pull_request_review_comment', issueComment, /comment/],
  ])('%s (%#) with mode: apply writes nothing', (name, payload, reason) => {
    const { event, decision } = decide(name, payload, { mode: 'apply' });
    expect(event.untrusted).toMatch(reason);
    expect(decision.mode).toBe('apply');
    expect(decision.trusted).toBe(false);
    expect(decision.permissions).toMatchObject(NOTHING);
  });

  it('a workflow_run of this repository is trusted, and applies as asked', () => {
    const { event, decision } = decide('workflow_run', workflowRun('Octo-Org/videos'), { mode: 'apply' });
    expect(event.untrusted).toBeNull();
    expect(decision.permissions).toMatchObject({ write: true, render: true, publish: true });
  });

  it('allow-untrusted-events: true vouches for them', () => {
    const { decision } = decide('issue_comment', issueComment, {
      mode: 'apply',
      'allow-untrusted-events': 'true',
    });
    expect(decision.trusted).toBe(true);
    expect(decision.permissions).toMatchObject({ write: true, render: true, publish: true });
  });
});

describe('dist/index.js on an untrusted event', () => {
  it.each([
    ['issue_comment', issueComment],
    ['workflow_run', workflowRun('mallory/videos')],
  ])('%s with mode: apply sends no write to the service', async (name, payload) => {
    requireDist();
    const emulator = await startEmulator({ rateLimit: null });
    try {
      const dir = await tempDir('cac-ws-');
      await cp(join(ROOT, 'examples/content'), join(dir, 'content'), { recursive: true });
      const run = await runAction({
        workspace: dir,
        event: { name, payload },
        inputs: { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, mode: 'apply' },
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/untrusted \(.+\): no writes/);
      expect(emulator.admin.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
      expect(emulator.admin.requestLog.length).toBeGreaterThan(0);
    } finally {
      await emulator.close();
    }
  });
});
