import { describe, expect, it } from 'vitest';
import { DEFAULT_MANIFESTS, parseCliArgs, UsageError } from '../../src/cli/args.ts';

describe('parseCliArgs', () => {
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
        '--no-publish',
        '--max-publications',
        '0',
        '--cancel-running',
        '--base',
        'origin/main',
      ],
      '/here',
    );
    expect(options).toEqual({
      command: 'apply',
      manifests: 'videos/**/*.yml',
      json: true,
      cwd: '/work',
      baseUrl: 'http://127.0.0.1:9',
      apiKeyStdin: false,
      concurrency: 2,
      wait: false,
      timeoutMinutes: 1.5,
      publish: false,
      maxPublications: 0,
      cancelRunning: true,
      base: 'origin/main',
      budget: 60,
      rest: [],
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
