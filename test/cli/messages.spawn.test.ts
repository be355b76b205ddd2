import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startEmulatorProcess, workspace, type EmulatorProcess } from './binary.ts';

// What the CLI says, through the real binary: a glob that matches nothing,
// problems before the plan, YAML slips in the writer's words, defaults files
// counted apart, and names a terminal user has (CONTENT_BASE_URL, not the
// action's base-url).

let emulator: EmulatorProcess;
beforeAll(async () => {
  emulator = await startEmulatorProcess(['--phase-ms', '20']);
});
afterAll(async () => {
  await emulator.stop();
});

const DRAFT = 'title: Onions\nfull_text: Onions make you cry.\n';

describe('a mistyped option', () => {
  it('gets a "did you mean", as a mistyped command does, and exit 2', async () => {
    const cwd = await workspace({ 'content/a.yml': DRAFT });
    const run = await runCli(['validate', '--manifest', 'content/*.yml'], { cwd });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: unknown option '--manifest'; did you mean '--manifests'?\n" +
        'Run content-as-code --help for the commands and options.\n',
    });
  });
});

describe('a glob or folder that matches no manifest', () => {
  it('is an error that names the glob, in validate and in plan', async () => {
    const cwd = await workspace({ 'content/a.yml': DRAFT });
    const validate = await runCli(['validate', '--manifests', 'contnet/**/*.yml'], { cwd });
    expect(validate.code).toBe(1);
    expect(validate.stderr).toContain('No manifest matches contnet/**/*.yml');
    expect(validate.stderr).toContain('--allow-empty');
    expect(validate.stdout).not.toContain('0 manifests valid');

    const plan = await runCli(['plan', '--manifests', 'videos/**/*.yml'], { cwd, env: emulator.env });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('No manifest matches videos/**/*.yml');
    expect(plan.stdout).not.toContain('Plan');
  });

  it('is an error for a folder with only a defaults file, and accepted with --allow-empty', async () => {
    const cwd = await workspace({ 'content/_defaults.yml': 'stage: draft\n' });
    const empty = await runCli(['validate'], { cwd });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('No manifest matches content/**/*.{yml,yaml}');

    const allowed = await runCli(['plan', '--allow-empty'], { cwd, env: emulator.env });
    expect(allowed.stderr).toBe('');
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('Plan (plan only, nothing is changed): 0 items');
  });
});

describe('problems first, then the plan', () => {
  it('prints the errors before the plan, and heads a plan that will not run as such', async () => {
    const cwd = await workspace(
      {
        'content/bad.yml': 'title: Bad\nstage: publishd\n',
        'content/worse.yml': 'title: Worse\nflow: onshot\n',
      },
      true,
    );
    const run = await runCli(['apply'], { cwd, env: emulator.env, merged: true });
    expect(run.code).toBe(1);
    const firstError = run.stdout.indexOf('content/bad.yml:2:8: error:');
    const plan = run.stdout.indexOf('Plan (will not run: fix the 2 errors above first): 5 items');
    expect(firstError).toBeGreaterThanOrEqual(0);
    expect(plan).toBeGreaterThan(firstError);
    expect(run.stdout.indexOf('content/worse.yml:2:7: error:')).toBeLessThan(plan);
    // Nothing after the plan repeats the errors.
    expect(run.stdout.slice(plan)).not.toContain('error: stage');
    expect(run.stdout).toContain('Nothing was sent to the service');
  });
});

describe('YAML slips in the writer’s words', () => {
  it('names a line of a | block that lost its indentation, and a tab anywhere, as such', async () => {
    const cwd = await workspace({
      'content/lost.yml':
        'title: Lost\nfull_text: |\n  The first line.\nThe second lost its indent.\nstage: draft\n',
      'content/less.yml': 'title: Less\nfull_text: |\n    Four spaces.\n  Two spaces.\n',
      'content/tab-in-block.yml': 'title: Tab\nfull_text: |\n  One.\n\tTwo.\n',
      'content/tab-before-key.yml': 'title: Key\n\tstage: draft\n',
    });
    const run = await runCli(['validate'], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'content/lost.yml:4:1: error: line 4 belongs to the full_text: block of line 2 but is indented by 0 spaces, less than the 2 of the block',
    );
    expect(run.stderr).toContain(
      'content/less.yml:4:1: error: line 4 belongs to the full_text: block of line 2',
    );
    expect(run.stderr).toContain(
      'content/tab-in-block.yml:4:1: error: line 4 has a tab character (column 1)',
    );
    expect(run.stderr).toContain(
      'content/tab-before-key.yml:2:1: error: line 2 has a tab character (column 1)',
    );
    // The parser's words are gone, and each slip is said once.
    expect(run.stderr).not.toMatch(/Implicit keys|must not be less indented/);
    expect(run.stderr.match(/tab-in-block\.yml/g)).toHaveLength(1);
    expect(run.stdout).toContain('4 errors in 4 of 4 manifests; nothing was sent to the service.');
  });
});

describe('defaults files', () => {
  it('points an error a _defaults.yml causes at its line, and counts it apart from the manifests', async () => {
    const cwd = await workspace({
      'content/drafts/_defaults.yml': 'stage: published\n',
      'content/drafts/onions.yml': DRAFT,
      'content/drafts/leeks.yml': 'title: Leeks\n',
      'content/ok.yml': 'title: Fine\n',
    });
    const run = await runCli(['validate'], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^content\/drafts\/_defaults\.yml:1:8: error: stage is published but publish\.accounts/m,
    );
    expect(run.stderr).not.toMatch(/^content\/drafts\/onions\.yml/m);
    expect(run.stdout).toBe(
      '1 error in 1 defaults file (3 manifests checked); nothing was sent to the service.\n',
    );
  });

  it('counts an error in the release file apart from the manifests', async () => {
    const cwd = await workspace({
      'content/_release.yml': 'paused: yes please\n',
      'content/ok.yml': 'title: Fine\n',
    });
    const run = await runCli(['validate'], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^content\/_release\.yml:1:/m);
    expect(run.stdout).toBe(
      '1 error in the release file (1 manifest checked); nothing was sent to the service.\n',
    );
  });

  it('says "2 errors" and counts manifests without their defaults files', async () => {
    const cwd = await workspace({
      'content/_defaults.yml': 'flow: oneshot\n',
      'content/a.yml': 'title: A\nstage: drafty\n',
      'content/b.yml': 'title: B\nflow: onshot\n',
      'content/c.yml': 'title: C\n',
    });
    const run = await runCli(['validate'], { cwd });
    expect(run.stdout).toBe('2 errors in 2 of 3 manifests; nothing was sent to the service.\n');
  });
});

describe('names a terminal user has', () => {
  it('reads CONTENT_BASE_URL, and the old CONTENT_API_URL with a warning', async () => {
    const cwd = await workspace({ 'content/a.yml': DRAFT });
    const current = await runCli(['plan'], { cwd, env: emulator.env });
    expect(current.code).toBe(0);
    expect(current.stderr).toBe('');

    const old = await runCli(['plan'], {
      cwd,
      env: { CONTENT_API_URL: emulator.baseUrl, CONTENT_API_KEY: emulator.apiKey },
    });
    expect(old.code).toBe(0);
    expect(old.stderr).toContain('warning: CONTENT_API_URL is the old name of CONTENT_BASE_URL');
    expect(old.stdout).toContain('1 item, 1 to create');
  });

  it('says CONTENT_BASE_URL, not base-url, when the service cannot be reached', async () => {
    const cwd = await workspace({ 'content/a.yml': DRAFT });
    const run = await runCli(['plan'], {
      cwd,
      env: { CONTENT_BASE_URL: 'http://127.0.0.1:9', CONTENT_API_KEY: emulator.apiKey },
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('CONTENT_BASE_URL (or --base-url)');
    expect(run.stderr).not.toMatch(/Check base-url/);
  });

  it('shows the key prefix in the malformed-key hint, and never the key', async () => {
    const cwd = await workspace({ 'content/a.yml': DRAFT });
    const run = await runCli(['plan', '--api-key-stdin'], {
      cwd,
      env: { CONTENT_BASE_URL: emulator.baseUrl },
      stdin: 'sk_test_not_a_service_key\n',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('The API key does not start with svc_live_:');
    expect(run.stderr).not.toContain('***');
    expect(run.stderr + run.stdout).not.toContain('sk_test_not_a_service_key');
  });
});
