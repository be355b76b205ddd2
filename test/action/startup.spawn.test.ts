// What the bundled action reads manifests with: the yaml library and zod,
// the one reader and the one schema, in validate mode as in every other.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireDist, ROOT, runAction, type ActionRun } from '../support/runner.ts';
import { removeDir, tempDir } from '../support/temp-dir.ts';

/** Preloaded into the action: writes the URL of every module it loads to $LOADED_MODULES at exit. */
const PROBE = `
import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on('exit', () => writeFileSync(process.env.LOADED_MODULES, loaded.join('\\n')));
`;

/** Text found only in the bundled yaml library and in bundled zod. */
const YAML_MARK = 'DUPLICATE_KEY';
const ZOD_MARK = '$ZodType';

let temp: string;

beforeAll(async () => {
  requireDist();
  temp = await tempDir('cac-startup-');
  await writeFile(join(temp, 'probe.mjs'), PROBE);
});
// Made outside any test: the file's to remove, with the workspaces inside it.
afterAll(() => removeDir(temp));

async function validate(
  change?: (dir: string) => Promise<void>,
): Promise<{ run: ActionRun; chunks: string[] }> {
  const dir = await mkdtemp(join(temp, 'ws-'));
  await cp(join(ROOT, 'examples/content'), join(dir, 'content'), { recursive: true });
  await change?.(dir);
  const list = join(dir, 'loaded.txt');
  const run = await runAction({
    workspace: dir,
    inputs: { mode: 'validate', 'api-key': '', 'base-url': '' },
    event: { name: 'push', payload: {} },
    extraEnv: { NODE_OPTIONS: `--import=${join(temp, 'probe.mjs')}`, LOADED_MODULES: list },
  });
  const urls = (await readFile(list, 'utf8')).split('\n');
  const chunks = await Promise.all(
    urls.filter((url) => url.includes('/dist/')).map((url) => readFile(new URL(url), 'utf8')),
  );
  return { run, chunks };
}

describe('dist/index.js start-up in validate mode', () => {
  it('validates with the yaml library and zod', async () => {
    const { run, chunks } = await validate();
    expect(run.code).toBe(0);
    expect(run.summary).toContain('**Validated** 5 manifests: all valid.');
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.some((chunk) => chunk.includes(YAML_MARK))).toBe(true);
    expect(chunks.some((chunk) => chunk.includes(ZOD_MARK))).toBe(true);
  });

  it('reads any YAML and words a mistake at its line and column', async () => {
    const { run } = await validate(async (dir) => {
      const anchored = join(dir, 'content/octopus-hearts.yml');
      const text = await readFile(anchored, 'utf8');
      await writeFile(anchored, text.replace('privacy: public', 'privacy: &visibility public'));
      await writeFile(join(dir, 'content/typo.yml'), 'title: A typo\npublish:\n  notifySubscribers: true\n');
    });
    expect(run.code).toBe(1);
    const typo = run.annotations.find((a) => a.properties.file === 'content/typo.yml');
    expect(typo?.properties).toMatchObject({ line: '3', col: '3' });
    expect(typo?.message).toContain(
      'publish.notifySubscribers is not a field; did you mean notify_subscribers?',
    );
    // The anchored manifest is still valid: only the typo is an error.
    expect(run.annotations.filter((a) => a.level === 'error' && a.properties.file)).toHaveLength(1);
  });
});
