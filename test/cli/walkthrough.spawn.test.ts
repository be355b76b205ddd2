import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';
import { ROOT, runCli, serviceList, startEmulatorProcess, workspace } from './binary.ts';

// The README's walkthrough, as a newcomer does it: a fresh directory outside
// this repository, the package installed from the tarball `npm pack` makes
// of it (it has no dependency to fetch: the bundle holds them), manifests naming the user's own accounts, the
// emulator seeded with those accounts, then validate, plan, apply and a
// second apply that has nothing left to do. The installed bin is run with
// the Node that runs the tests, as `npx content-as-code` would run it.

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npmEnv = {
  ...process.env,
  PATH: `${dirname(process.execPath)}:${process.env['PATH'] ?? ''}`,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

const OWN_MANIFESTS = {
  'content/leeks.yml': `title: Why leeks are mild
full_text: |
  Leeks are onions that never grew a bulb.
  Their taste is milder because they hold less sulphur.
stage: published
publish:
  accounts:
    - { platform: YouTube, name: My Channel }
    - { platform: TikTok, name: mychannel }
  tiktok: { post_mode: direct, privacy: PUBLIC_TO_EVERYONE }
`,
  'content/drafts/_defaults.yml': 'stage: draft\n',
  'content/drafts/garlic.yml': 'title: Garlic, briefly\nfull_text: Garlic is a bulb of cloves.\n',
};

describe('the README walkthrough in a fresh directory', () => {
  it('keeps the steps the test runs in the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = readme.split('<!-- walkthrough:')[1]?.split('```')[1] ?? '';
    for (const step of [
      'npx content-as-code validate',
      "npx content-as-code emulator --accounts 'YouTube:My Channel,TikTok:mychannel'",
      '--key svc_live_localtrial1 --state .emulator.json',
      'export CONTENT_BASE_URL=',
      'npx content-as-code plan',
      'npx content-as-code apply',
    ]) {
      expect(block).toContain(step);
    }
  });

  it('installs the packed package, and validates, plans and applies the user’s own manifests', async () => {
    const packs = await tempDir('cac-pack-');
    await run(npm, ['pack', '--pack-destination', packs, '--silent'], { cwd: ROOT, env: npmEnv });
    const [tarball] = (await readdir(packs)).filter((name) => name.endsWith('.tgz'));
    expect(tarball).toBeDefined();

    const project = await workspace(OWN_MANIFESTS);
    expect(project.startsWith(ROOT)).toBe(false);
    await writeFile(join(project, 'package.json'), '{ "name": "my-videos", "private": true }\n');
    await run(npm, ['install', '--save-dev', '--prefer-offline', join(packs, tarball!)], {
      cwd: project,
      env: npmEnv,
    });
    const bin = join(project, 'node_modules', 'content-as-code', 'bin', 'content-as-code.js');

    const offline = await runCli(['validate'], { cwd: project, bin });
    expect(offline.code).toBe(0);
    expect(offline.stdout).toBe('2 manifests valid.\n');
    expect(offline.stderr).toContain('Account names were not checked against the service: no API key');

    const emulator = await startEmulatorProcess(
      [
        '--accounts',
        'YouTube:My Channel,TikTok:mychannel',
        '--key',
        'svc_live_localtrial1',
        '--state',
        '.emulator.json',
        '--phase-ms',
        '10',
      ],
      project,
      bin,
    );
    // Registered after the project's removal, so run before it: the emulator keeps its state there.
    onTestFinished(() => emulator.kill());
    expect(emulator.apiKey).toBe('svc_live_localtrial1');
    const env = emulator.env;

    const validate = await runCli(['validate'], { cwd: project, bin, env });
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toBe('2 manifests valid.\n');

    const plan = await runCli(['plan'], { cwd: project, bin, env });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain(
      'Plan (plan only, nothing is changed): 2 items, 2 to create, 0 to edit, 1 to render, 2 publications.',
    );
    expect(await serviceList(emulator, '/contents')).toEqual([]);

    const apply = await runCli(['apply', '--summary', 'summary.md'], { cwd: project, bin, env });
    expect(apply.stderr).toBe('');
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain('Results: 2 items, 2 created, 0 edited, 1 rendered, 2 publications.');
    expect(apply.stdout).toMatch(
      /the service reports this one URL for YouTube "My Channel", TikTok "mychannel"/,
    );
    expect(readFileSync(join(project, 'summary.md'), 'utf8')).toContain('**Applied** 2 manifests');

    const again = await runCli(['apply'], { cwd: project, bin, env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      '2 items, 0 to create, 0 to edit, 0 to render, 0 publications, 2 unchanged.',
    );
    expect(await serviceList(emulator, '/contents')).toHaveLength(2);
  }, 180_000);
});
