// Hostile text from manifests and from the service, through validate, plan
// (the PR comment, on a local fake of GitHub) and apply (summary, outputs,
// log), in the committed bundle: read as the runner reads it, nothing becomes
// a workflow command, and the comment and summary hold no live link or
// mention the report did not build. Then keys with `:`, `\`, `"`, `%` and 200
// characters, echoed by the emulator in every error body and in last_error,
// whole, split across lines and base64-encoded: in no byte written.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import { HOSTILE_LINES, yamlDoubleQuoted } from '../support/hostile-text.ts';
import { liveMarkup } from '../support/live-markup.ts';
import { dangerousCommands, parseRunnerCommands } from '../support/runner-commands.ts';
import {
  REPOSITORY,
  requireDist,
  runAction,
  type ActionRun,
  type RunnerEvent,
  pushEvent,
} from '../support/runner.ts';
import { execFile } from 'node:child_process';
import { NODE, ROOT } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

const HEAD_SHA = 'c'.repeat(40);
const repository = {
  name: 'videos',
  full_name: REPOSITORY,
  owner: { login: 'octo-org' },
  default_branch: 'main',
};
/** ESC, C1 controls (NEL among them) and bidi controls: none may reach a log or a terminal. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE_CHARACTERS = /[\u001b\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;
const OWN_LINKS = [
  `https://github.com/${REPOSITORY}/blob/`,
  `https://github.com/${REPOSITORY}/actions/runs/`,
];

const pullRequest: RunnerEvent = {
  name: 'pull_request',
  ref: 'refs/pull/7/merge',
  sha: 'e'.repeat(40),
  payload: {
    number: 7,
    pull_request: {
      number: 7,
      head: { sha: HEAD_SHA, repo: { full_name: REPOSITORY } },
      base: { sha: 'b'.repeat(40), repo: { full_name: REPOSITORY } },
    },
    repository,
  },
};
const push = pushEvent({ sha: HEAD_SHA, before: '0'.repeat(40) });

/** File names a contributor could choose: the runner's command forms, an escaped newline, bidi. */
const FILE_NAMES = [
  'content/##[add-mask]Ocean.yml',
  'content/::warning::file.yml',
  'content/a%0A::error::b.yml',
  'content/bidi-\u202eevil.yml',
  'content/@octocat-GH-3.yml',
];

/** One manifest per hostile line, and per hostile file name; every text field hostile. */
function hostileManifests(): Record<string, string> {
  const files: Record<string, string> = {};
  const names = [...FILE_NAMES, ...HOSTILE_LINES.map((_, i) => `content/hostile-${i}.yml`)];
  names.forEach((file, i) => {
    const line = HOSTILE_LINES[i % HOSTILE_LINES.length]!;
    const published = i % 3 === 0;
    files[file] = [
      `title: ${yamlDoubleQuoted(`${i} ${line}`.replace(/\n/g, ' '))}`,
      `description: ${yamlDoubleQuoted(line)}`,
      `full_text: ${yamlDoubleQuoted(`${HOSTILE_LINES.join('\n')}\n`)}`,
      `textover: ${yamlDoubleQuoted(`Script ${i}\n${line}\n`)}`,
      published ? 'stage: published' : 'stage: draft',
      ...(published ? ['publish:', '  accounts:', '    - { platform: YouTube, name: Ocean Facts }'] : []),
      '',
    ].join('\n');
  });
  // One manifest with a mistake, so validate reports a problem quoting hostile text.
  files['content/broken.yml'] =
    `title: ${yamlDoubleQuoted(HOSTILE_LINES[0]!)}\nstage: ${yamlDoubleQuoted(HOSTILE_LINES[3]!)}\n`;
  return files;
}

async function workspace(files: Record<string, string>): Promise<string> {
  const dir = await tempDir('cac-hostile-');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return dir;
}

let emulator: Emulator | undefined;
let github: GitHubFake | undefined;
afterEach(async () => {
  await emulator?.close();
  await github?.close();
  emulator = undefined;
  github = undefined;
});
beforeAll(() => requireDist());

/** What the runner would run from a step's stdout, beyond annotations, groups and masks of `keys`. */
function expectNoInjectedCommand(run: ActionRun, keys: readonly string[]): void {
  const masks = keys.map((key) => key.replace(/%/g, '%25'));
  expect(dangerousCommands(run.stdout, masks)).toEqual([]);
  expect(dangerousCommands(run.stderr)).toEqual([]);
  // The corpus's own commands (`::warning title=fake::injected`, …) appear as none.
  const data = parseRunnerCommands(run.stdout).map((command) => command.data);
  for (const smuggled of ['injected', 'after escape', 'pause', 'Ocean', 'tok3n'])
    expect(data).not.toContain(smuggled);
  expect(Object.keys(run.outputs).sort()).toEqual(
    run.outputFile === ''
      ? []
      : ['changed', 'plan', 'plan-file', 'published-urls', 'results', 'results-file'],
  );
  // No escape sequence, C1 control or bidi control reaches the log.
  expect(run.stdout).not.toMatch(UNSAFE_CHARACTERS);
}

/** Every form of the key that must not appear: 16-character windows of it raw, JSON-escaped and in base64. */
function keyTraces(key: string): string[] {
  const windows = (text: string, from = 0, to = text.length): string[] => {
    const found: string[] = [];
    for (let i = from; i + 16 <= to; i++) found.push(text.slice(i, i + 16));
    return found;
  };
  const json = JSON.stringify(key).slice(1, -1);
  const base64 = Buffer.from(key).toString('base64');
  const basic = Buffer.from(`user:${key}`).toString('base64');
  const secret = key.slice('svc_live_'.length);
  return [
    ...windows(secret),
    ...windows(json, 9),
    ...windows(base64, 12),
    ...windows(basic, 20, basic.length - 4),
  ];
}

describe('hostile text through the bundled action', () => {
  it('validate, plan (PR comment) and apply write no command and no live markup', async () => {
    emulator = await startEmulator({
      phaseMs: { audio: 10, video: 10, upload: 10 },
      rateLimit: null,
      failures: HOSTILE_LINES.map((line, i) => ({
        titleIncludes: `${i * 3} `,
        phase: 'video' as const,
        message: `render failed: ${line}`,
      })),
    });
    github = await startGitHubFake();
    const dir = await workspace(hostileManifests());
    const inputs = { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, 'github-token': github.token };
    const keys = [emulator.apiKey, github.token];

    const validate = await runAction({
      workspace: dir,
      event: push,
      inputs: { ...inputs, mode: 'validate' },
    });
    expect(validate.code).toBe(1); // broken.yml
    expect(validate.annotations.length).toBeGreaterThan(0);
    expectNoInjectedCommand(validate, keys);

    const plan = await runAction({ workspace: dir, event: pullRequest, apiUrl: github.apiUrl, inputs });
    expectNoInjectedCommand(plan, keys);
    expect(plan.stdout).toContain('PR comment created');
    const comment = github.comments(7)[0]!.body;
    expect(liveMarkup(comment, OWN_LINKS)).toEqual([]);
    expect(liveMarkup(plan.summary, OWN_LINKS)).toEqual([]);

    await rm(join(dir, 'content/broken.yml'));
    const apply = await runAction({ workspace: dir, event: push, inputs: { ...inputs, mode: 'apply' } });
    expectNoInjectedCommand(apply, keys);
    expect(apply.summary).toContain('render failed');
    expect(liveMarkup(apply.summary, OWN_LINKS)).toEqual([]);
    const results = JSON.parse(apply.outputs.results!) as Array<{ lastError?: string | null }>;
    expect(results.some((item) => item.lastError?.startsWith('render failed'))).toBe(true);
  });
});

/** A key holding `:`, `\\`, `"` and `%`. */
const HOSTILE_KEYS = [
  'svc_live_Zq8Rt5:colon\\back"quote%25pct',
  `svc_live_${'Kx7:Pq\\9"Wd%2Fm'.repeat(13)}`.slice(0, 200),
];

/** The CLI bundle as a user runs it; every byte it writes. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      NODE,
      [join(ROOT, 'dist/cli/index.js'), ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? -1 : 0;
        resolve({ code, out: `${stdout}${stderr}` });
      },
    );
  });
}

describe('keys the service echoes back', () => {
  it.each(HOSTILE_KEYS.map((key) => [key.length, key] as const))(
    'a key of %i characters with : \\ " % is in no byte the action or the CLI writes',
    async (_length, key) => {
      expect(key).toMatch(/:/);
      expect(key).toMatch(/\\/);
      expect(key).toMatch(/"/);
      expect(key).toMatch(/%/);
      const half = Math.floor(key.length / 2);
      const echoed = `key ${key}; wrapped ${key.slice(0, half)}\n${key.slice(half)}; base64 ${Buffer.from(key).toString('base64')}`;
      emulator = await startEmulator({
        apiKey: key,
        phaseMs: { audio: 10, video: 10, upload: 10 },
        rateLimit: null,
        failures: [{ titleIncludes: 'octopuses', phase: 'video', message: `render failed (${echoed})` }],
      });
      emulator.admin.echoKeyInErrors(true);
      github = await startGitHubFake();
      const dir = await workspace(hostileManifests());
      await rm(join(dir, 'content/broken.yml'));
      await writeFile(
        join(dir, 'content/octopus.yml'),
        'title: Why octopuses have three hearts\nfull_text: Three hearts.\nstage: published\npublish:\n  accounts:\n    - { platform: YouTube, name: Ocean Facts }\n',
      );
      const inputs = { 'api-key': key, 'base-url': emulator.baseUrl, 'github-token': github.token };
      const written: string[] = [];
      const keep = (run: ActionRun): ActionRun => {
        // `::add-mask::` is the one line that must hold the key: the runner consumes it and shows nothing.
        const masks = run.stdout.split('\n').filter((line) => line.startsWith('::add-mask::'));
        expect(masks).toEqual([`::add-mask::${key.replace(/%/g, '%25')}`, `::add-mask::${github!.token}`]);
        const log = run.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
        written.push(log.join('\n'), run.stderr, run.summary, run.outputFile);
        return run;
      };

      // Plan on a PR, with the listing refused: the error body quotes the key.
      emulator.admin.injectFault({
        method: 'GET',
        path: '/contents',
        fault: { kind: 'status', status: 400 },
      });
      const plan = keep(
        await runAction({ workspace: dir, event: pullRequest, apiUrl: github.apiUrl, inputs }),
      );
      expect(plan.code).toBe(1);
      expect(plan.stdout).toMatch(/::error::/);
      expect(github.comments(7)).toHaveLength(1);
      written.push(github.comments(7)[0]!.body);

      // Apply: one create refused (422, quoting the key), one render failing with the key in last_error.
      emulator.admin.injectFault({
        method: 'POST',
        path: '/contents',
        fault: { kind: 'status', status: 422 },
      });
      const apply = keep(
        await runAction({ workspace: dir, event: push, inputs: { ...inputs, mode: 'apply' } }),
      );
      expect(apply.code).toBe(1);
      expect(apply.summary).toContain('render failed');
      expect(apply.outputs.results).toContain('render failed');
      expect(apply.annotations.some((a) => a.message.includes('422'))).toBe(true);
      expectNoInjectedCommand(apply, [key, github.token]);

      // The CLI, as text and as --json, against the same service: a second apply finds the failures again.
      emulator.admin.injectFault({
        method: 'POST',
        path: '/contents',
        fault: { kind: 'status', status: 422 },
      });
      const env = { CONTENT_API_KEY: key, CONTENT_API_URL: emulator.baseUrl };
      for (const args of [['apply'], ['apply', '--json'], ['plan', '--json']]) {
        const cli = await runCli([...args, '--cwd', dir], env);
        written.push(cli.out);
        expect(cli.out.length).toBeGreaterThan(100);
        // Titles with escape sequences, bidi controls and workflow commands print inert.
        expect(cli.out).not.toMatch(UNSAFE_CHARACTERS);
        expect(dangerousCommands(cli.out)).toEqual([]);
      }
      // And a wrong key, which the service answers 401 quoting it.
      written.push((await runCli(['plan', '--cwd', dir], { ...env, CONTENT_API_KEY: `${key}x` })).out);

      const everything = written.join('\n');
      expect(everything).toContain('***');
      const leaks = [key, `${key}x`].flatMap((secret) =>
        keyTraces(secret).flatMap((trace) =>
          written.flatMap((blob, index) => {
            const at = blob.indexOf(trace);
            return at < 0
              ? []
              : [`output ${index}: ${JSON.stringify(blob.slice(Math.max(0, at - 80), at + 40))}`];
          }),
        ),
      );
      expect(leaks.slice(0, 5)).toEqual([]);
    },
    // Six runs of the bundle and the CLI, each a child process: minutes on a loaded machine, not seconds.
    300_000,
  );
});
