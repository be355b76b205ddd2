// The step outputs, built from a report in-process (the end-to-end tests read
// them from the bundle): what published-urls lists, that signed media URLs
// never appear, and how the plan output stays under GitHub's size limit.
import { describe, expect, it } from 'vitest';
import type { WorkflowCommands } from '../../src/action/commands.ts';
import {
  boundedOutput,
  fingerprint,
  outputsFor,
  OUTPUT_LIMITS,
  writeOutputs,
} from '../../src/action/outputs.ts';
import type { ItemResult } from '../../src/apply/types.ts';
import type { RunReport } from '../../src/engine/types.ts';
import type { Plan, PlanItem } from '../../src/plan/types.ts';
import { applyResult, itemResult, plan, planItem, runReport } from '../support/fixtures.ts';

/** The result of the item titled `title`, published before. */
function item(title: string, overrides: Partial<ItemResult> = {}): ItemResult {
  return itemResult(`content/${title}.yml`, {
    title,
    id: `id-${title}`,
    status: 'UPLOADED',
    durationMs: 5,
    ...overrides,
  });
}

/** The plan item of the published item titled `title`, whose script is `script` on both sides. */
function publishedItem(title: string, script: string): PlanItem {
  return planItem(`content/${title}.yml`, {
    line: 1,
    column: 1,
    title,
    stage: 'published',
    match: 'title',
    remote: { id: `id-${title}`, title, status: 'NEW' },
    script: { desired: script, remote: script },
  });
}

const report = runReport;

const applied = (items: ItemResult[], changed = true): RunReport['result'] => applyResult(items, { changed });

describe('published-urls', () => {
  it('lists the URLs of the items this run published, as {title, platform, url} only', () => {
    const url = (n: number) => ({
      title: `T${n}`,
      platform: 'YouTube',
      url: `https://yt.example/${n}`,
      extra: 1,
    });
    const out = outputsFor(
      report({
        result: applied([
          item('a', { outcome: 'published', publishedUrls: [url(1), url(2)] }),
          item('b', { outcome: 'unchanged', publishedUrls: [url(3)] }),
          item('c', { outcome: 'published', publishedUrls: [url(4)] }),
        ]),
      }),
    );
    expect(JSON.parse(out['published-urls'])).toEqual([
      { title: 'T1', platform: 'YouTube', url: 'https://yt.example/1' },
      { title: 'T2', platform: 'YouTube', url: 'https://yt.example/2' },
      { title: 'T4', platform: 'YouTube', url: 'https://yt.example/4' },
    ]);
    // Earlier publications stay in `results`.
    expect((JSON.parse(out.results) as ItemResult[])[1]?.publishedUrls).toHaveLength(1);
  });

  it('is an empty array, with changed false, when nothing was applied', () => {
    const out = outputsFor(report());
    expect(out['published-urls']).toBe('[]');
    expect(out.results).toBe('[]');
    expect(out.changed).toBe('false');
    expect(out.plan).toBe('null');
  });

  it('changed says whether a write reached the service', () => {
    expect(outputsFor(report({ result: applied([], true) })).changed).toBe('true');
    expect(outputsFor(report({ result: applied([], false) })).changed).toBe('false');
  });
});

describe('signed URLs', () => {
  it('video_url and thumbnail_url are left out at any depth of plan and results', () => {
    const signed = 'https://media.example/v.mp4?X-Signature=abc';
    const withSigned = { ...item('a'), video_url: signed, nested: { thumbnail_url: signed, kept: 'yes' } };
    const p = plan([
      {
        ...publishedItem('a', 'Script'),
        remote: { id: 'x', title: 'a', status: 'NEW', video_url: signed } as never,
      },
    ]);
    const out = outputsFor(report({ plan: p, result: applied([withSigned]) }));
    for (const value of Object.values(out)) expect(value).not.toContain('X-Signature');
    expect((JSON.parse(out.results) as Array<{ nested: unknown }>)[0]?.nested).toEqual({ kept: 'yes' });
    expect((JSON.parse(out.plan) as Plan).items[0]?.remote).toEqual({ id: 'x', title: 'a', status: 'NEW' });
  });
});

describe('the plan output carries fingerprints, never texts', () => {
  it('replaces every script by a stable fingerprint that still tells a change', () => {
    const script = 'A script long enough to matter. '.repeat(2000);
    const out = outputsFor(report({ plan: plan([publishedItem('a', script), publishedItem('b', 'short')]) }));
    expect(out.plan).not.toContain('A script long enough');
    const parsed = JSON.parse(out.plan) as Plan;
    expect(parsed.items.map((i) => i.script.desired)).toEqual([fingerprint(script), fingerprint('short')]);
    expect(fingerprint(script)).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(fingerprint(script)).not.toBe(fingerprint(`${script}!`));
    expect(parsed.items[0]).toMatchObject({ file: 'content/a.yml', remote: { id: 'id-a' } });
  });

  it("replaces the values of a field edited in the service, the service's and the manifest's", () => {
    const edited: PlanItem = {
      ...publishedItem('a', 'short'),
      serviceEdits: [
        {
          field: 'description',
          service: 'By hand.',
          manifest: 'Mine.',
          since: null,
          outcome: 'conflict',
          asked: 'Before.',
        },
      ],
    };
    const out = outputsFor(report({ plan: plan([edited]) }));
    expect(out.plan).not.toMatch(/By hand|Mine|Before/);
    expect((JSON.parse(out.plan) as Plan).items[0]?.serviceEdits).toEqual([
      {
        field: 'description',
        service: fingerprint('By hand.'),
        manifest: fingerprint('Mine.'),
        asked: fingerprint('Before.'),
        since: null,
        outcome: 'conflict',
      },
    ]);
  });

  it('300 items with long scripts stay far under the 1 MB GitHub keeps per job', () => {
    const items = Array.from({ length: 300 }, (_, n) => publishedItem(`item-${n}`, 'x'.repeat(5000)));
    expect(outputsFor(report({ plan: plan(items) })).plan.length).toBeLessThan(360_000);
  });
});

describe('writeOutputs', () => {
  it('sets the four outputs, in a fixed order', async () => {
    const set: Array<[string, string]> = [];
    const commands = {
      setOutput: async (name: string, value: string) => {
        set.push([name, value]);
      },
    } as unknown as WorkflowCommands;
    await writeOutputs(commands, { plan: 'P', results: 'R', 'published-urls': 'U', changed: 'true' });
    expect(set).toEqual([
      ['plan', 'P'],
      ['results', 'R'],
      ['published-urls', 'U'],
      ['changed', 'true'],
    ]);
  });

  it('carries an output whole up to its limit, and past it names the file that holds it', () => {
    const limit = OUTPUT_LIMITS.plan;
    const fits = JSON.stringify({ items: ['x'.repeat(limit - 20)] });
    expect(fits.length).toBeLessThanOrEqual(limit);
    expect(boundedOutput(fits, limit, '/tmp/plan.json', 1)).toBe(fits);
    const over = JSON.stringify({ items: ['x'.repeat(limit)] });
    // GitHub counts bytes: 200,000 characters of a CJK title are 600,000 of them.
    const wide = JSON.stringify([{ title: '海'.repeat(200_000) }]);
    expect(wide.length).toBeLessThan(OUTPUT_LIMITS.results);
    expect(JSON.parse(boundedOutput(wide, OUTPUT_LIMITS.results, '/tmp/results.json', 1))).toMatchObject({
      truncated: true,
      file: '/tmp/results.json',
    });
    expect(OUTPUT_LIMITS.plan + OUTPUT_LIMITS.results + OUTPUT_LIMITS['published-urls']).toBeLessThan(
      1_000_000,
    );
    expect(JSON.parse(boundedOutput(over, limit, '/tmp/plan.json', 10_000))).toEqual({
      truncated: true,
      items: 10_000,
      characters: over.length,
      file: '/tmp/plan.json',
    });
  });
});
