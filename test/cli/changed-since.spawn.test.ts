// `plan --changed-since REF`: the plan of a branch's change, as a pull
// request's is. Only the manifests that differ from REF are read and planned;
// a ref git cannot read is a full read with a warning.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/cli/args.ts';
import { main } from '../../src/cli/main.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { git } from '../support/git.ts';
import { schemaValidator } from '../support/json-schema.ts';
import { tempDir } from '../support/temp-dir.ts';
import { memoryIO } from './io.ts';

let emulator: Emulator;
let cwd: string;

const manifest = (title: string, description = 'Remote description.') =>
  `title: ${title}\ndescription: ${description}\nfull_text: Source text of ${title}.\n`;

async function plan(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const run = memoryIO({ env: { CONTENT_API_URL: emulator.baseUrl, CONTENT_API_KEY: emulator.apiKey }, cwd });
  emulator.admin.clearRequestLog();
  const code = await main(['plan', ...args], run.io);
  return { code, out: run.out, err: run.err };
}

const detailReads = (): number =>
  emulator.admin.requestLog.filter((entry) => /^\/v1\/contents\/[^/?]+$/.test(entry.path.split('?')[0]!))
    .length;

beforeEach(async () => {
  emulator = await startEmulator({ rateLimit: null });
  cwd = await tempDir('cac-changed-since-');
  await mkdir(join(cwd, 'content'));
  for (let index = 0; index < 4; index++) {
    const title = `Video ${index}`;
    emulator.admin.addLegacyItem({
      title,
      description: 'Remote description.',
      full_text: `Source text of ${title}.`,
    });
    await writeFile(join(cwd, 'content', `video-${index}.yml`), manifest(title));
  }
  git(cwd, 'init', '-q', '-b', 'main');
  git(cwd, 'add', '.');
  git(cwd, 'commit', '-qm', 'base');
});
afterEach(async () => {
  await emulator.close();
});

describe('plan --changed-since', () => {
  it('reads and plans only the manifests that differ from the ref, committed or not', async () => {
    await writeFile(join(cwd, 'content', 'video-1.yml'), manifest('Video 1', 'A new description.'));
    const scoped = await plan(['--changed-since', 'main']);
    expect(scoped.code).toBe(0);
    expect(detailReads()).toBe(1);
    expect(scoped.out).toContain('video-1.yml');
    expect(scoped.out).not.toContain('video-2.yml');
    expect(scoped.err).toContain(
      'note: the plan covers the change since main: 1 changed manifest planned; 3 unchanged not read',
    );
    await plan([]);
    expect(detailReads()).toBe(4);
  });

  it('says in --json what the plan covers, in the shape of its schema; a full plan says nothing of it', async () => {
    await writeFile(join(cwd, 'content', 'video-2.yml'), manifest('Video 2', 'A new description.'));
    const valid = schemaValidator('cli-output.schema.json');
    const scoped = await plan(['--changed-since', 'main', '--json']);
    const document = JSON.parse(scoped.out) as { plan: { scope?: unknown; items: { file: string }[] } };
    expect(valid(document)).toEqual([]);
    expect(document.plan.scope).toEqual({ base: 'main', planned: 1, unread: 3 });
    expect(document.plan.items.map((item) => item.file)).toEqual(['content/video-2.yml']);
    const full = JSON.parse((await plan(['--json'])).out) as typeof document;
    expect(valid(full)).toEqual([]);
    expect(full.plan.scope).toBeUndefined();
  });

  it('reads every item, with a warning, when git cannot read the ref', async () => {
    const run = await plan(['--changed-since', 'no-such-branch']);
    expect(run.code).toBe(0);
    expect(detailReads()).toBe(4);
    expect(run.err).toContain(
      '--changed-since no-such-branch: git cannot read that ref here; the plan reads every item.',
    );
  });

  it('is for plan only: apply reads every item', () => {
    expect(() => parseCliArgs(['apply', '--changed-since', 'main'], '/tmp')).toThrow(UsageError);
    expect(parseCliArgs(['plan', '--changed-since', 'main'], '/tmp')).toMatchObject({ changedSince: 'main' });
  });
});
