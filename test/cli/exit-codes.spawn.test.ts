import { afterEach, describe, expect, it } from 'vitest';
import { EXIT, EXIT_CODE_LINES } from '../../src/cli/help.ts';
import { runCli, serviceList, startEmulatorProcess, workspace, type EmulatorProcess } from './binary.ts';

// Every exit code the README documents, each produced by the real binary
// against the emulator; and Ctrl-C or SIGTERM during apply, which stop
// sending, say what was sent and what still runs, and leave a state that a
// re-run converges from.

const started: EmulatorProcess[] = [];
async function emulator(args: string[]): Promise<EmulatorProcess> {
  const running = await startEmulatorProcess(args);
  started.push(running);
  return running;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((running) => running.kill()));
});

/** Once these appear, apply has created the items and started their renders. */
const RENDERING = /PROCESSING_AUDIO/;

describe('exit codes', () => {
  it('has a test below for every documented code', () => {
    expect(EXIT_CODE_LINES.map(([code]) => code)).toEqual([0, 1, 2, 3, 130, 143]);
  });

  it('0: everything planned or applied as asked', async () => {
    const service = await emulator(['--phase-ms', '10']);
    const cwd = await workspace({}, true);
    const run = await runCli(['apply'], { cwd, env: service.env });
    expect(run.stderr).toBe('');
    // The results count in the plan's terms: each planned count is matched.
    expect(run.stdout).toContain('Plan: 5 items, 5 to create, 0 to edit, 4 to render, 4 publications.');
    expect(run.stdout).toContain('Results: 5 items, 5 created, 0 edited, 4 rendered, 4 publications.');
    expect(run.code).toBe(EXIT.ok);
  });

  it('1: validation errors', async () => {
    const cwd = await workspace({ 'content/a.yml': 'title: A\nstage: drafty\n' });
    expect((await runCli(['validate'], { cwd })).code).toBe(EXIT.failed);
  });

  it('1, not 3, when the service dies once work has begun; each line names its file once', async () => {
    const service = await emulator(['--phase-ms', '3000']);
    const cwd = await workspace({}, true);
    const run = await runCli(['apply'], {
      cwd,
      env: service.env,
      when: { output: RENDERING, then: () => service.kill() },
    });
    expect(run.code).toBe(EXIT.failed);
    expect(run.stdout).toMatch(/Results: .*error/);
    for (const line of (run.stdout + run.stderr).split('\n')) {
      const file = /content\/[\w-]+\.yml/.exec(line)?.[0];
      if (file) expect(line.split(file).length - 1, line).toBe(1);
    }
  });

  it('2: wrong usage', async () => {
    const cwd = await workspace();
    const run = await runCli(['plan', '--manifest', 'x'], { cwd });
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('--help');
  });

  it('3: the service refused before work began', async () => {
    const service = await emulator(['--phase-ms', '10']);
    const cwd = await workspace({}, true);
    const run = await runCli(['apply'], {
      cwd,
      env: { ...service.env, CONTENT_API_KEY: 'svc_live_notTheEmulatorsKey' },
    });
    expect(run.code).toBe(EXIT.service);
    expect(run.stderr).toContain('401');
    // A terminal has no secret named api-key: the advice names what it has.
    expect(run.stderr).toContain('set it as CONTENT_API_KEY (or pipe it in with --api-key-stdin)');
    expect(run.stderr).not.toContain('api-key ');
    expect(await serviceList(service, '/contents')).toEqual([]);

    for (const command of ['validate', 'doctor', 'import']) {
      const other = await runCli([command], {
        cwd,
        env: { ...service.env, CONTENT_API_KEY: 'svc_live_notTheEmulatorsKey' },
      });
      // doctor reports what it read as findings, on stdout; the others fail, on stderr.
      const said = other.stdout + other.stderr;
      expect(said, command).toContain('set it as CONTENT_API_KEY');
      expect(said, command).not.toContain('secret passed as api-key');
    }
  });

  for (const [signal, code] of [
    ['SIGINT', EXIT.interrupted],
    ['SIGTERM', EXIT.terminated],
  ] as const) {
    it(`${code}: ${signal} during apply says what was sent and what still runs, and a re-run converges`, async () => {
      const service = await emulator(['--phase-ms', '2000']);
      const cwd = await workspace({}, true);
      const run = await runCli(['apply'], {
        cwd,
        env: service.env,
        when: { output: RENDERING, then: (child) => child.kill(signal) },
      });
      expect(run.code).toBe(code);
      expect(run.stderr).toContain(`Interrupted by ${signal}: nothing more is sent to the service.`);
      expect(run.stderr).toMatch(
        /Sent to the service in this run:\n {2}content\/deepest-point\.yml {2}"The deepest point of the ocean" {2}created\n/,
      );
      expect(run.stderr).toMatch(
        / {2}content\/octopus-hearts\.yml {2}"Why octopuses have three hearts" {2}created, render started/,
      );
      // Each item still running is named with the last state the run saw, or `started` where its
      // job was accepted before any state was read (on a loaded machine, some of them); the item
      // whose state was printed, which the signal followed, is named with it.
      const stillRunning = /Still running on the service[^\n]*\n((?: {2}content\/[^\n]*\n)+)/.exec(
        run.stderr,
      )?.[1];
      expect(stillRunning).toMatch(/^(?: {2}content\/[^\n]* {2}(?:PROCESSING_AUDIO|started)\n)+$/);
      expect(stillRunning).toContain('  PROCESSING_AUDIO\n');
      expect(run.stderr).toContain('Run the same command again');

      const again = await runCli(['apply'], { cwd, env: service.env });
      expect(again.code).toBe(EXIT.ok);
      expect(again.stdout).toContain('0 to create');
      expect(again.stdout).not.toContain('Created');
      expect(await serviceList(service, '/contents')).toHaveLength(5);
    });
  }
});
