import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaValidator } from '../support/json-schema.ts';
import { removeDir } from '../support/temp-dir.ts';
import { runCli, startEmulatorProcess, workspace, type EmulatorProcess } from './binary.ts';

// One JSON document per run, for every command, in the shape its schema in
// schema/ describes, checked with a JSON Schema validator (ajv) as a script
// reading it would: the bundled CLI against the emulator, each command with
// --json, the same three fields first (version, command, exitCode).

const SCHEMAS = {
  validate: 'cli-output.schema.json',
  plan: 'cli-output.schema.json',
  apply: 'cli-output.schema.json',
  doctor: 'doctor.schema.json',
  import: 'import.schema.json',
} as const;

let emulator: EmulatorProcess;
let project: string;
beforeAll(async () => {
  emulator = await startEmulatorProcess(['--phase-ms', '10']);
  project = await workspace({}, true);
});
afterAll(async () => {
  await emulator.stop();
  await removeDir(project);
});

async function document(
  command: keyof typeof SCHEMAS,
  cwd: string,
  ...args: string[]
): Promise<{ code: number | null; json: Record<string, unknown> }> {
  const run = await runCli([command, '--json', ...args], { cwd, env: emulator.env });
  const json = JSON.parse(run.stdout) as Record<string, unknown>;
  expect(schemaValidator(SCHEMAS[command])(json), `${command} --json`).toEqual([]);
  expect(Object.keys(json).slice(0, 3)).toEqual(['version', 'command', 'exitCode']);
  expect(json).toMatchObject({ version: 1, command, exitCode: run.code });
  return { code: run.code, json };
}

describe('--json prints one document in the shape of its schema', () => {
  it('for validate, plan and apply (schema/cli-output.schema.json)', async () => {
    expect((await document('validate', project)).code).toBe(0);
    expect((await document('plan', project)).code).toBe(0);
    const apply = await document('apply', project);
    expect(apply.code).toBe(0);
    expect((apply.json['results'] as { items: unknown[] }).items).toHaveLength(5);
  });

  it('for a validate that finds errors', async () => {
    const broken = await workspace({ 'content/a.yml': 'title: A\nstage: publishd\n' });
    const { code, json } = await document('validate', broken);
    expect(code).toBe(1);
    expect(json['problems']).toHaveLength(1);
  });

  it('for doctor (schema/doctor.schema.json)', async () => {
    const { code, json } = await document('doctor', project);
    expect(code).toBe(0);
    expect(json['understood']).toBe(true);
  });

  it('for import (schema/import.schema.json), with what it wrote and what it skipped', async () => {
    // The items the apply above created; a second folder has no manifest for them yet.
    const elsewhere = await workspace({ 'content/_defaults.yml': 'stage: draft\n' });
    const { code, json } = await document('import', elsewhere, '--allow-empty');
    expect(code).toBe(0);
    expect(json['refused']).toBeNull();
    expect((json['imported'] as unknown[]).length).toBeGreaterThan(0);
  });
});
