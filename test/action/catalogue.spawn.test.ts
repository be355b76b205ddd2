import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { mapLimit } from '../../src/concurrency.ts';
import { startGitHubFake, type GitHubFake } from '../support/github-fake.ts';
import { requireDist, runAction, pullRequestEvent } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

// A catalogue of 10,000 videos reviewed in a pull request, through the
// committed bundle: the comment shows what the pull request changes, not
// ten thousand unchanged rows, and a first apply's plan is reachable in full
// through the plan file the `plan-file` output names.

const ITEMS = 10_000;
const title = (index: number): string => `Catalogue video ${String(index).padStart(5, '0')}`;

let emulator: Emulator | null = null;
let github: GitHubFake | null = null;

beforeAll(() => requireDist());
afterEach(async () => {
  await Promise.all([emulator?.close(), github?.close()]);
  emulator = github = null;
});

/** 10,000 manifests; those `changed` says get a description the service does not have. */
async function catalogue(changed: (index: number) => boolean): Promise<string> {
  const workspace = await tempDir('cac-catalogue-');
  await mkdir(join(workspace, 'content'));
  const indexes = Array.from({ length: ITEMS }, (_, index) => index);
  await mapLimit(indexes, 64, (index) =>
    writeFile(
      join(workspace, 'content', `video-${String(index).padStart(5, '0')}.yml`),
      `title: ${title(index)}\n` +
        `description: ${changed(index) ? 'A better description.' : 'Remote description.'}\n` +
        `full_text: Source text of video ${index}.\n`,
    ),
  );
  return workspace;
}

async function review(workspace: string): Promise<ReturnType<typeof runAction>> {
  github = await startGitHubFake();
  return runAction({
    workspace,
    event: pullRequestEvent(),
    apiUrl: github.apiUrl,
    inputs: { 'api-key': emulator!.apiKey, 'base-url': emulator!.baseUrl, 'github-token': github.token },
  });
}

function titlesIn(text: string): string[] {
  return [...text.matchAll(/Catalogue video \d{5}/g)].map((match) => match[0]);
}

describe('dist/index.js with a catalogue of 10,000 videos', () => {
  it('comments the 25 items a pull request changes, and counts the other 9,975 by stage', async () => {
    emulator = await startEmulator({ rateLimit: null });
    for (let index = 0; index < ITEMS; index++) {
      emulator.admin.addLegacyItem({
        title: title(index),
        description: 'Remote description.',
        full_text: `Source text of video ${index}.`,
      });
    }
    // 25 changed, spread through the catalogue.
    const changed = new Set(Array.from({ length: 25 }, (_, k) => k * 397 + 11));
    const run = await review(await catalogue((index) => changed.has(index)));
    expect(run.code, run.stdout).toBe(0);

    const comments = github!.comments(7);
    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(body.length).toBeLessThan(65_536);
    const wanted = [...changed].map(title).sort();
    // Exactly those 25, each once in the table, no unchanged title anywhere.
    expect([...new Set(titlesIn(body))].sort()).toEqual(wanted);
    for (const name of wanted) expect(body).toContain(`| ${name} |`);
    expect(body).toContain('9,975 unchanged items are not listed (by stage: 9,975 draft).');
    // The bundled parsing worker (dist/cli/parse-worker/, the one the action finds) parsed the catalogue.
    expect(run.summary).toMatch(/load [\d.]+ m?s \(in \d+ worker threads?\)/);
    expect(body).not.toContain('**Showing');

    expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024);
    expect([...new Set(titlesIn(run.summary))].sort()).toEqual(wanted);
    expect(run.summary).toContain('9,975 unchanged items are not listed');
  }, 240_000);

  it('names every one of 10,000 new items in the plan file, and says how many rows the comment holds', async () => {
    emulator = await startEmulator({ rateLimit: null });
    const run = await review(await catalogue(() => false));
    expect(run.code, run.stdout).toBe(0);

    const planFile = run.outputs['plan-file'] ?? '';
    expect(planFile).toMatch(/content-as-code-plan\.json$/);
    const plan = JSON.parse(await readFile(planFile, 'utf8')) as {
      items: Array<{ title: string; steps: Array<{ kind: string }> }>;
    };
    expect(plan.items).toHaveLength(ITEMS);
    // Too large for GitHub's outputs: the `plan` output names the file instead.
    expect(JSON.parse(run.outputs.plan!)).toMatchObject({ truncated: true, items: ITEMS, file: planFile });
    const titles = new Set(plan.items.map((item) => item.title));
    for (let index = 0; index < ITEMS; index++) expect(titles.has(title(index))).toBe(true);
    expect(plan.items.every((item) => item.steps.some((step) => step.kind === 'create'))).toBe(true);

    const body = github!.comments(7)[0]!.body;
    expect(body.length).toBeLessThan(65_536);
    const shown =
      /\*\*Showing ([\d,]+) of 10,000 items;\*\* the other ([\d,]+) are in the full plan file `content-as-code-plan\.json` \(the `plan-file` output[^)]*\) and the \[job summary\]\(/.exec(
        body,
      );
    expect(shown, body.slice(-2000)).not.toBeNull();
    const kept = Number(shown![1]!.replace(/,/g, ''));
    expect(Number(shown![2]!.replace(/,/g, ''))).toBe(ITEMS - kept);
    // The comment holds exactly the rows it says, in file order.
    expect(new Set(titlesIn(body)).size).toBe(kept);
    expect(body).toContain(`| ${title(kept - 1)} |`);
    expect(body).not.toContain(title(kept));
    // The summary, bigger, holds more of them, and stays under 1 MiB.
    expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024);
    expect(new Set(titlesIn(run.summary)).size).toBeGreaterThan(kept);
  }, 240_000);
});
