import { describe, expect, it } from 'vitest';
import { DEFAULT_MANIFESTS, parseCliArgs, UsageError } from '../../src/cli/args.ts';

describe('parseCliArgs', () => {
  it('reads --late-window as a duration and refuses anything else', () => {
    expect(parseCliArgs(['plan'], '/here')).toMatchObject({ lateWindowMs: 86_400_000 });
    expect(parseCliArgs(['plan', '--late-window', '90m'], '/here')).toMatchObject({
      lateWindowMs: 5_400_000,
    });
    expect(() => parseCliArgs(['plan', '--late-window', 'soon'], '/here')).toThrow(
      /--late-window: expected a duration such as 90m, 24h or 7d/,
    );
  });

  it('reads every option into one typed object', () => {
    const options = parseCliArgs(
      [
        'apply',
        '--manifests',
        'videos/**/*.yml',
        '--json',
        '--cwd',
        '/work',
        '--base-url=http://127.0.0.1:9',
        '--concurrency',
        '2',
        '--no-wait',
        '--timeout-minutes',
        '1.5',
        '--late-window',
        '7d',
        '--no-publish',
        '--pause',
        'Brand review',
        '--override-freeze',
        '--at-most-once',
        '--self-heal',
        '--max-publications',
        '0',
        '--cancel-running',
        '--base',
        'origin/main',
        '--allow-empty',
        '--summary',
        'out/summary.md',
      ],
      '/here',
    );
    expect(options).toEqual({
      command: 'apply',
      manifests: 'videos/**/*.yml',
      allowEmpty: true,
      json: true,
      summary: 'out/summary.md',
      cwd: '/work',
      baseUrl: 'http://127.0.0.1:9',
      apiKeyStdin: false,
      allowInsecureHttp: false,
      concurrency: 2,
      wait: false,
      timeoutMinutes: 1.5,
      lateWindowMs: 7 * 86_400_000,
      publish: false,
      pause: { reason: 'Brand review' },
      overrideFreeze: true,
      atMostOnce: true,
      selfHeal: true,
      maxPublications: 0,
      cancelRunning: true,
      base: 'origin/main',
      changedSince: null,
      budget: 60,
      out: null,
      only: null,
      status: [],
      rest: [],
    });
  });

  it('reads the import options, --status repeatable', () => {
    expect(
      parseCliArgs(
        [
          'import',
          '--out',
          'content/old',
          '--only',
          'Ocean*',
          '--status',
          'NEW',
          '--status',
          'draft,UPLOADED',
        ],
        '/here',
      ),
    ).toMatchObject({
      command: 'import',
      out: 'content/old',
      only: 'Ocean*',
      status: ['NEW', 'draft,UPLOADED'],
    });
  });

  it('has the action defaults', () => {
    expect(parseCliArgs(['plan'], '/here')).toMatchObject({
      manifests: DEFAULT_MANIFESTS,
      cwd: '/here',
      concurrency: 4,
      wait: true,
      timeoutMinutes: 30,
      publish: true,
      maxPublications: 10,
      baseUrl: null,
      allowEmpty: false,
      summary: null,
    });
  });

  it('hands the emulator its own arguments', () => {
    expect(parseCliArgs(['emulator', '--port', '8080'], '/here')).toMatchObject({
      command: 'emulator',
      rest: ['--port', '8080'],
    });
  });

  it('refuses a key on the command line without echoing it', () => {
    for (const args of [
      ['plan', '--api-key', 'svc_live_secret'],
      ['plan', '--api-key=svc_live_secret'],
    ]) {
      expect(() => parseCliArgs(args, '/here')).toThrow(UsageError);
      try {
        parseCliArgs(args, '/here');
      } catch (error) {
        expect((error as Error).message).toContain('CONTENT_API_KEY');
        expect((error as Error).message).not.toContain('svc_live_secret');
      }
    }
  });

  it('suggests the command that was meant', () => {
    expect(() => parseCliArgs(['aply'], '/here')).toThrow("unknown command 'aply'; did you mean 'apply'?");
  });

  it('suggests the option an unknown one is closest to, as it does for commands', () => {
    expect(() => parseCliArgs(['plan', '--manifest', 'x'], '/here')).toThrow(
      new UsageError("unknown option '--manifest'; did you mean '--manifests'?"),
    );
    expect(() => parseCliArgs(['apply', '--no-wiat'], '/here')).toThrow(
      new UsageError("unknown option '--no-wiat'; did you mean '--no-wait'?"),
    );
    expect(() => parseCliArgs(['apply', '--frobnicate'], '/here')).toThrow(
      new UsageError("unknown option '--frobnicate'."),
    );
  });

  it('names the option and the form it expects', () => {
    expect(() => parseCliArgs(['plan', '--concurrency', 'many'], '/here')).toThrow(
      "--concurrency expects a whole number of at least 1, got 'many'.",
    );
    expect(() => parseCliArgs(['plan', '--timeout-minutes', '0'], '/here')).toThrow('--timeout-minutes');
    expect(() => parseCliArgs(['plan', '--colour'], '/here')).toThrow(UsageError);
  });

  it('explains an unquoted glob expanded by the shell', () => {
    expect(() => parseCliArgs(['validate', 'content/a.yml'], '/here')).toThrow(/--manifests 'GLOB'/);
  });

  it('treats no command and --help alike, and knows --version', () => {
    expect(parseCliArgs([], '/here')).toMatchObject({ command: 'help' });
    expect(parseCliArgs(['plan', '--help'], '/here')).toMatchObject({ command: 'help' });
    expect(parseCliArgs(['--version'], '/here')).toBe('version');
  });
});
