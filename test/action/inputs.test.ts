import { describe, expect, it } from 'vitest';
import { InputError, readInputs } from '../../src/action/inputs.ts';

const from = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? '';

describe('readInputs', () => {
  it('fills every default of src/defaults.ts when inputs are empty', () => {
    expect(readInputs(from({ 'api-key': 'svc_live_x', 'base-url': 'https://api.example.com' }))).toEqual({
      apiKey: 'svc_live_x',
      baseUrl: 'https://api.example.com',
      manifests: 'content/**/*.{yml,yaml}',
      allowEmpty: false,
      mode: 'auto',
      githubToken: '',
      commentAuthor: '',
      reviewKey: '',
      comment: true,
      previewScripts: false,
      previewRenders: 0,
      previewCredits: null,
      previewLinksPublic: false,
      fullRead: false,
      publish: true,
      maxPublications: 10,
      cancelRunning: false,
      concurrency: 4,
      wait: true,
      timeoutMinutes: 30,
      lateWindowMs: 86_400_000,
      requireReview: 'warn',
      shard: null,
      pause: null,
      overrideFreeze: false,
      atMostOnce: false,
      selfHeal: false,
      allowInsecureHttp: false,
      allowUntrustedEvents: false,
      deployments: false,
    });
  });

  it('reads preview-renders as a count and preview-credits as a ceiling, empty meaning none', () => {
    const base = { 'api-key': 'svc_live_x', 'base-url': 'https://api.example.com' };
    const inputs = readInputs(from({ ...base, 'preview-renders': '2', 'preview-credits': '40' }));
    expect(inputs).toMatchObject({ previewRenders: 2, previewCredits: 40 });
    expect(() => readInputs(from({ ...base, 'preview-renders': 'two' }))).toThrow(
      'Input `preview-renders`: expected a whole number from 0 to 100 (got "two").',
    );
  });

  it('takes a GitHub login as comment-author, and never echoes review-key', () => {
    const base = { 'api-key': 'svc_live_x', 'base-url': 'https://api.example.com' };
    expect(readInputs(from({ ...base, 'comment-author': 'content-app[bot]' })).commentAuthor).toBe(
      'content-app[bot]',
    );
    expect(() => readInputs(from({ ...base, 'comment-author': 'two words' }))).toThrow(
      'Input `comment-author`: expected a GitHub login, for example my-app[bot] (got "two words").',
    );
    expect(readInputs(from({ ...base, 'review-key': 'sealing-secret' })).reviewKey).toBe('sealing-secret');
  });

  it('reads YAML booleans, numbers and the shard', () => {
    const inputs = readInputs(
      from({
        mode: 'apply',
        comment: 'False',
        publish: 'FALSE',
        'cancel-running': 'True',
        'max-publications': '0',
        concurrency: '8',
        'timeout-minutes': '2.5',
        shard: '2/3',
      }),
    );
    expect(inputs).toMatchObject({
      mode: 'apply',
      comment: false,
      publish: false,
      cancelRunning: true,
      maxPublications: 0,
      concurrency: 8,
      timeoutMinutes: 2.5,
      shard: { index: 2, count: 3 },
    });
  });

  it('names every bad input and the form it expects, in one error', () => {
    let error: unknown;
    try {
      readInputs(
        from({
          mode: 'deploy',
          publish: 'yes',
          concurrency: '0',
          shard: '4/3',
          'base-url': 'api.example.com',
        }),
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    const lines = (error as Error).message.split('\n');
    expect(lines).toEqual([
      'Input `base-url`: expected an http:// or https:// URL, for example https://api.example.com (got "api.example.com").',
      'Input `mode`: expected one of validate, plan, apply, auto, doctor, import, adopt (got "deploy").',
      'Input `publish`: expected true or false (got "yes").',
      'Input `concurrency`: expected a whole number from 1 to 64 (got "0").',
      'Input `shard`: the shard number must be from 1 to 3; shards count from 1 (got "4/3").',
    ]);
  });

  it('rejects shard forms other than i/n', () => {
    expect(() => readInputs(from({ shard: '2' }))).toThrow(/Input `shard`: expected "i\/n"/);
    expect(() => readInputs(from({ shard: '0/2' }))).toThrow(/shards count from 1/);
    expect(() => readInputs(from({ 'timeout-minutes': '0' }))).toThrow(
      /Input `timeout-minutes`: expected a number of minutes/,
    );
    expect(() => readInputs(from({ 'max-publications': '-1' }))).toThrow(/Input `max-publications`/);
  });
});

describe('the pause and override-freeze inputs', () => {
  const base = { 'api-key': 'svc_live_x', 'base-url': 'https://api.example.com' };

  it('reads a repository variable as the pause: empty or false goes on, true or a reason stops', () => {
    const pause = (value: string) => readInputs(from({ ...base, pause: value })).pause;
    expect(pause('')).toBeNull();
    expect(pause('false')).toBeNull();
    expect(pause('FALSE')).toBeNull();
    expect(pause('true')).toEqual({ reason: null });
    expect(pause('  Brand review\nuntil Monday ')).toEqual({ reason: 'Brand review until Monday' });
  });

  it('reads override-freeze as a boolean', () => {
    expect(readInputs(from({ ...base, 'override-freeze': 'true' })).overrideFreeze).toBe(true);
    expect(() => readInputs(from({ ...base, 'override-freeze': 'please' }))).toThrow(
      'Input `override-freeze`',
    );
  });
});
