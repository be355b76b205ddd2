// `mode: adopt` through the committed bundle with a runner's environment: on
// workflow_dispatch it writes the service's values of fields edited there
// into the manifests in the workspace, reading the service only; on any
// other event it refuses and writes nothing.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { clientFor } from '../support/engine-harness.ts';
import { git, newRepository } from '../support/git-repository.ts';
import { requireDist, runAction, type RunnerEvent } from '../support/runner.ts';
import { until } from '../support/until.ts';

let emulator: Emulator | null = null;
beforeAll(() => requireDist());
afterEach(async () => {
  await emulator?.close();
  emulator = null;
});

const dispatch: RunnerEvent = { name: 'workflow_dispatch', payload: { inputs: {} } };
const MANIFEST = '# kept as code\ntitle: Sunfish facts\ndescription: From the repository.\nstage: draft\n';

/** An item whose description was fixed in the web app after it was created, and its manifest. */
async function editedInTheService(): Promise<string> {
  emulator = await startEmulator({ phaseMs: { audio: 5, video: 5, upload: 5 }, rateLimit: null });
  const client = clientFor(emulator);
  const item = await client.createContent({
    title: 'Sunfish facts',
    description: 'From the repository.',
    full_text: null,
    textover: null,
    hashtags: null,
    fine_tuning: null,
    persona_id: null,
  });
  await until(async () => {
    await client.editContent(item.id, { title: 'Sunfish facts', description: 'Fixed in the web app.' });
    const detail = await client.getContent(item.id);
    return Date.parse(detail.updated_at!) > Date.parse(detail.creation_date!);
  }, 'an edit later than the creation');
  await client.close();
  emulator.admin.clearRequestLog();
  // A checkout, as actions/checkout leaves it: the manifest's history tells what the repository asked.
  const workspace = newRepository('cac-adopt-ws-');
  await mkdir(join(workspace, 'content'));
  await writeFile(join(workspace, 'content', 'sunfish.yml'), MANIFEST);
  git(workspace, 'add', '--all');
  git(workspace, 'commit', '--quiet', '-m', 'Manifests');
  return workspace;
}

describe('mode: adopt in the bundled action', () => {
  it('writes the edited field into the manifest on workflow_dispatch, reading the service only', async () => {
    const workspace = await editedInTheService();
    const inputs = { 'api-key': emulator!.apiKey, 'base-url': emulator!.baseUrl, mode: 'adopt' };
    const run = await runAction({ workspace, event: dispatch, inputs });
    expect(run.code).toBe(0);
    expect(await readFile(join(workspace, 'content', 'sunfish.yml'), 'utf8')).toBe(
      MANIFEST.replace('From the repository.', 'Fixed in the web app.'),
    );
    expect(run.summary).toContain('content/sunfish.yml: description');
    expect(emulator!.admin.requestLog.every((entry) => entry.method === 'GET')).toBe(true);
  });

  it('refuses on any other event and writes nothing', async () => {
    const workspace = await editedInTheService();
    const inputs = { 'api-key': emulator!.apiKey, 'base-url': emulator!.baseUrl, mode: 'adopt' };
    const push: RunnerEvent = { name: 'push', payload: { ref: 'refs/heads/main', before: '0'.repeat(40) } };
    const run = await runAction({ workspace, event: push, inputs });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain('mode: adopt runs on workflow_dispatch only');
    expect(await readFile(join(workspace, 'content', 'sunfish.yml'), 'utf8')).toBe(MANIFEST);
    expect(emulator!.admin.requestLog).toEqual([]);
  });
});
