import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ROOT, runCli, startEmulatorProcess, workspace, type EmulatorProcess } from './binary.ts';

// What the CLI reports, through the real binary: --json in the shape
// schema/cli-output.schema.json documents, --summary FILE with the action's
// Markdown, the results table's notes, and validate checking account names
// when it has a key.

const schemaText = readFileSync(join(ROOT, 'schema', 'cli-output.schema.json'), 'utf8');
const outputSchema = z.fromJSONSchema(JSON.parse(schemaText) as Parameters<typeof z.fromJSONSchema>[0]);

let emulator: EmulatorProcess;
beforeAll(async () => {
  emulator = await startEmulatorProcess(['--phase-ms', '10']);
});
afterAll(async () => {
  await emulator.stop();
});

function checked(stdout: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(stdout);
  const result = outputSchema.safeParse(parsed);
  expect(result.error?.issues ?? []).toEqual([]);
  return parsed as Record<string, unknown>;
}

describe('--json', () => {
  it('prints validate, plan and apply in the documented shape, and nothing of the engine’s internals', async () => {
    const cwd = await workspace({ 'content/bad.yml': 'title: Bad\nstage: drafty\n' }, true);
    const validate = await runCli(['validate', '--json'], { cwd, env: emulator.env });
    expect(validate.code).toBe(1);
    const shown = checked(validate.stdout);
    expect(shown).toMatchObject({ version: 1, command: 'validate', exitCode: 1, plan: null, results: null });
    expect(shown['accounts']).toEqual({ checked: true, note: null });

    const cleanCwd = await workspace({}, true);
    const plan = await runCli(['plan', '--json'], { cwd: cleanCwd, env: emulator.env });
    expect(checked(plan.stdout)).toMatchObject({ command: 'plan', exitCode: 0, plan: { willRun: true } });

    const apply = await runCli(['apply', '--json'], { cwd: cleanCwd, env: emulator.env });
    expect(apply.code).toBe(0);
    const applied = checked(apply.stdout) as {
      results: { items: { file: string; reason: string | null }[] };
    };
    expect(applied.results.items.find((item) => item.file === 'content/glowing-reefs.yml')?.reason).toBe(
      'publishes at 2030-06-01 15:00 UTC',
    );
    for (const internal of ['locations', 'positions', 'timings', 'account_ids', 'requiredScopes', 'script']) {
      expect(apply.stdout).not.toContain(`"${internal}"`);
    }
    expect(apply.stdout.length).toBeLessThan(8_000);
  });

  it('the schema names every property it allows, so a new field cannot slip out undocumented', () => {
    const walk = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      if (record['type'] === 'object') expect(record['additionalProperties']).toBe(false);
      for (const value of Object.values(record)) walk(value);
    };
    walk(JSON.parse(schemaText));
    const sample = { version: 1, command: 'validate', exitCode: 0, manifests: { pattern: 'x', count: 1 } };
    const minimal = { ...sample, problems: [], accounts: null, plan: null, results: null, fatal: null };
    const full = { ...minimal, credits: { before: null, after: null } };
    expect(outputSchema.safeParse(full).success).toBe(true);
    expect(outputSchema.safeParse({ ...full, timings: {} }).success).toBe(false);
    expect(outputSchema.safeParse({ ...full, version: 2 }).success).toBe(false);
  });
});

describe('--summary FILE and the results table', () => {
  it('writes the Markdown summary on plan and apply, with a reason beside every skip and each schedule', async () => {
    // A service of its own: the titles of the examples are not yet taken there.
    const own = await startEmulatorProcess(['--phase-ms', '10']);
    const env = own.env;
    const cwd = await workspace({}, true);
    const plan = await runCli(['plan', '--summary', 'out/plan.md'], { cwd, env });
    expect(plan.code).toBe(0);
    const planned = readFileSync(join(cwd, 'out', 'plan.md'), 'utf8');
    expect(planned).toContain('### content-as-code · plan');
    expect(planned).toContain(
      '| content/octopus-hearts.yml | Why octopuses have three hearts | not created |',
    );

    const held = await runCli(['apply', '--no-publish', '--summary', 'apply.md'], { cwd, env });
    expect(held.code).toBe(0);
    const summary = readFileSync(join(cwd, 'apply.md'), 'utf8');
    expect(summary).toMatch(
      /\| content\/glowing-reefs\.yml \|[^\n]*\| rendered \| VIDEO\\_PROCESSED \| {2}\| publishes at 2030-06-01 15:00 UTC \|/,
    );
    expect(summary).toMatch(
      /\| content\/octopus-hearts\.yml \|[^\n]*\| publishing is turned off for this run \|/,
    );
    expect(summary).toContain('#### Scripts');
    expect(held.stdout).toMatch(
      /content\/glowing-reefs\.yml +Why some corals glow +rendered +VIDEO_PROCESSED +\S+ +publishes at 2030-06-01 15:00 UTC/,
    );

    const published = await runCli(['apply', '--summary', 'apply.md'], { cwd, env });
    const after = readFileSync(join(cwd, 'apply.md'), 'utf8');
    expect(published.code, `${published.stdout}\n${published.stderr}`).toBe(0);
    expect(after).toMatch(
      /\| content\/octopus-hearts\.yml \|[^\n]*\| published \| UPLOADED \| \[\w+\]\(https:[^)]+\) \(one URL for 2 accounts\) \|/,
    );
    expect(after).toContain('The service reports one public URL per item');
    expect(published.stdout).toMatch(
      /the service reports this one URL for YouTube "Ocean Facts", TikTok "oceanfacts"/,
    );
    // Result rows (the outcome, then the status) of items that did not do everything: each says why.
    // Markdown escapes the status's underscores (VIDEO\_PROCESSED).
    const skipOrHold = /\| (skipped|held) \| [A-Z\\_]+ \|/;
    const rows = after.split('\n').filter((line) => skipOrHold.test(line));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/\| (skipped|held) \| [A-Z\\_]+ \| [^|]* \| \S[^|]* \|/);

    // Nothing changes: the summary stays short, no script is expanded.
    const quiet = await runCli(['apply', '--summary', 'quiet.md'], { cwd, env });
    expect(quiet.code, `${quiet.stdout}\n${quiet.stderr}`).toBe(0);
    const unchanged = readFileSync(join(cwd, 'quiet.md'), 'utf8');
    expect(unchanged).not.toContain('#### Scripts');
    expect(unchanged).toMatch(
      /\| content\/glowing-reefs\.yml \|[^\n]*\| held \| VIDEO\\_PROCESSED \| {2}\| publishes at 2030-06-01 15:00 UTC \|/,
    );
    // The same word in the summary's count as in its rows.
    expect(unchanged).toContain('**Applied** 5 manifests: 4 unchanged, 1 held.');
    await own.stop();
  });
});

describe('validate and account names', () => {
  const manifest =
    'title: Leeks\nstage: published\npublish:\n  accounts:\n    - { platform: YouTube, name: Ocean Fact }\n';

  it('checks them against GET /accounts when a key is at hand, read-only', async () => {
    const cwd = await workspace({ 'content/leeks.yml': manifest });
    const run = await runCli(['validate'], { cwd, env: emulator.env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'content/leeks.yml:5:7: error: No connected YouTube account is named "Ocean Fact". Did you mean "Ocean Facts"?',
    );
    expect(run.stdout).toBe('1 error in 1 of 1 manifest; nothing was sent to the service.\n');
  });

  it('says that it could not check them, and why, without failing', async () => {
    const cwd = await workspace({ 'content/leeks.yml': manifest });
    const noKey = await runCli(['validate'], { cwd });
    expect(noKey.code).toBe(0);
    expect(noKey.stderr).toContain('Account names were not checked against the service: no API key');

    const down = await runCli(['validate'], {
      cwd,
      env: { CONTENT_BASE_URL: 'http://127.0.0.1:9', CONTENT_API_KEY: emulator.apiKey },
    });
    expect(down.code).toBe(0);
    expect(down.stderr).toContain('Account names were not checked against the service:');
    expect(down.stderr).toContain('CONTENT_BASE_URL (or --base-url)');
  });
});
