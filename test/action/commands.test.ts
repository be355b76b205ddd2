import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { annotationsFor, emitAnnotations } from '../../src/action/annotations.ts';
import { WorkflowCommands } from '../../src/action/commands.ts';
import { ActionLogger } from '../../src/action/logger.ts';
import { fingerprint, outputsFor, writeOutputs } from '../../src/action/outputs.ts';
import type { RunReport } from '../../src/engine/types.ts';
import { applyReport, planReport, problem } from '../support/fixtures.ts';
import { parseOutputs } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

/** The commands as @actions/core writes them to stdout, with the runner's files from `env`. */
function capture(env: Record<string, string> = {}) {
  const lines: string[] = [];
  vi.stubEnv('GITHUB_OUTPUT', '');
  vi.stubEnv('GITHUB_STEP_SUMMARY', '');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return { commands: new WorkflowCommands(), text: () => lines.join('') };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('workflow commands', () => {
  it('writes annotations through @actions/core, escaping data and properties', () => {
    const { commands, text } = capture();
    commands.error('50%\nnext', { file: 'a,b.yml', startLine: 3, startColumn: 5, title: 'x: y' });
    expect(text()).toBe('::error title=x%3A y,file=a%2Cb.yml,line=3,col=5::50%25%0Anext\n');
  });

  it('reads inputs as the runner passes them, trimmed', () => {
    capture({ 'INPUT_API-KEY': '  svc_live_x  ', INPUT_MODE: 'plan' });
    const commands = new WorkflowCommands();
    expect(commands.input('api-key')).toBe('svc_live_x');
    expect(commands.input('mode')).toBe('plan');
    expect(commands.input('shard')).toBe('');
  });

  it('masks a secret once and removes it from everything written afterwards', async () => {
    const dir = await tempDir('cac-cmd-');
    const env = { GITHUB_OUTPUT: join(dir, 'out'), GITHUB_STEP_SUMMARY: join(dir, 'sum') };
    await writeFile(env.GITHUB_OUTPUT, '');
    await writeFile(env.GITHUB_STEP_SUMMARY, '');
    const { commands, text } = capture(env);
    commands.mask('svc_live_secret123');
    commands.info('key svc_live_secret123 in a message');
    commands.error('and svc_live_secret123 in an error', { file: 'a.yml', startLine: 1 });
    await commands.setOutput('plan', '{"k":"svc_live_secret123"}');
    await commands.appendSummary('summary svc_live_secret123');
    expect(text().split('\n')[0]).toBe('::add-mask::svc_live_secret123');
    expect(text().split('\n').slice(1).join('\n')).not.toContain('svc_live_secret123');
    expect(parseOutputs(await readFile(env.GITHUB_OUTPUT, 'utf8'))).toEqual({ plan: '{"k":"***"}' });
    expect(await readFile(env.GITHUB_STEP_SUMMARY, 'utf8')).toBe('summary ***');
  });

  it('does not let manifest text in the log become a workflow command', () => {
    const { commands, text } = capture();
    commands.info('::add-mask::x\n  ::set-output name=a::b');
    expect(text()).not.toMatch(/^\s*::/m);
  });
});

describe('the action logger', () => {
  it('writes each group as one block even when items run concurrently', async () => {
    const { commands, text } = capture();
    const logger = new ActionLogger(commands);
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    await Promise.all(
      ['a', 'b'].map((name) =>
        logger.group(`item ${name}`, async () => {
          logger.info(`${name} 1`);
          await tick();
          logger.info(`${name} 2`);
        }),
      ),
    );
    expect(text()).toBe('::group::item a\na 1\na 2\n::endgroup::\n::group::item b\nb 1\nb 2\n::endgroup::\n');
  });

  it('writes progress at once, on a new status or after a quiet minute', () => {
    const { commands, text } = capture();
    let now = 0;
    const logger = new ActionLogger(commands, () => now);
    const event = (status: 'PROCESSING_VIDEO' | 'UPLOADING', percentage: number) => ({
      file: 'content/a.yml',
      title: 'A',
      status,
      progress: { percentage, step: 'render', message: null },
    });
    logger.progress(event('PROCESSING_VIDEO', 10));
    logger.progress(event('PROCESSING_VIDEO', 15));
    logger.progress(event('PROCESSING_VIDEO', 21));
    now = 61_000;
    logger.progress(event('PROCESSING_VIDEO', 22));
    logger.progress(event('UPLOADING', 0));
    expect(text().trim().split('\n')).toEqual([
      '⏳ A (content/a.yml): PROCESSING_VIDEO — 10% · render',
      '⏳ A (content/a.yml): PROCESSING_VIDEO — 22% · render',
      '⏳ A (content/a.yml): UPLOADING — 0% · render',
    ]);
  });

  it('carries the running count of an apply of several items, and ends each item with its outcome', () => {
    const { commands, text } = capture();
    const logger = new ActionLogger(commands, () => 0);
    const tally = { done: 11, total: 1000 };
    logger.progress({ file: 'content/a.yml', title: 'A', status: 'PROCESSING_VIDEO', progress: null, tally });
    logger.itemDone({
      file: 'content/a.yml',
      title: 'A',
      outcome: 'published',
      tally: { done: 12, total: 1000 },
    });
    logger.itemDone({
      file: 'content/b.yml',
      title: 'B',
      outcome: 'failed',
      tally: { done: 13, total: 1000 },
    });
    // Once done, an item's next state change is a line again (a later run of the same file).
    logger.progress({ file: 'content/a.yml', title: 'A', status: 'PROCESSING_VIDEO', progress: null, tally });
    logger.itemDone({ file: 'content/c.yml', title: 'C', outcome: 'created', tally: { done: 1, total: 1 } });
    expect(text().trim().split('\n')).toEqual([
      '⏳ [11/1,000] A (content/a.yml): PROCESSING_VIDEO',
      '✔ [12/1,000] A (content/a.yml): published',
      '✖ [13/1,000] B (content/b.yml): failed',
      '⏳ [11/1,000] A (content/a.yml): PROCESSING_VIDEO',
      '✔ C (content/c.yml): created',
    ]);
  });
});

describe('annotations and outputs', () => {
  it('annotates problems and failed items at the manifest, and counts what GitHub hides', () => {
    const report: RunReport = {
      ...applyReport(),
      problems: Array.from({ length: 12 }, (_, i) => problem(`content/${i}.yml`)),
    };
    const annotations = annotationsFor(report);
    expect(annotations.at(-1)).toEqual({
      level: 'error',
      title: 'content-as-code: item failed',
      message: '"The deepest point" ended in FAILED_VIDEO: Render worker crashed',
      file: 'content/deepest-point.yml',
      line: 2,
      column: 8,
    });
    const { commands, text } = capture();
    expect(emitAnnotations(commands, annotations)).toEqual({ hiddenErrors: 3, hiddenWarnings: 0 });
    expect(text()).toContain(
      '::error title=content-as-code%3A unknown_key,file=content/0.yml,line=4,col=3::',
    );
  });

  it('writes plan, results, published-urls and changed', async () => {
    const dir = await tempDir('cac-out-');
    const file = join(dir, 'out');
    await writeFile(file, '');
    const { commands } = capture({ GITHUB_OUTPUT: file });
    await writeOutputs(commands, outputsFor(applyReport()));
    const outputs = parseOutputs(await readFile(file, 'utf8'));
    expect(Object.keys(outputs)).toEqual(['plan', 'results', 'published-urls', 'changed']);
    expect(JSON.parse(outputs['published-urls']!)).toEqual([
      {
        title: 'Why octopuses have three hearts',
        platform: 'YouTube',
        url: 'https://youtube.example/watch?v=abc',
      },
    ]);
    expect(outputs.changed).toBe('true');
    expect((JSON.parse(outputs.plan!) as { items: unknown[] }).items).toHaveLength(4);
    expect(outputsFor(planReport()).changed).toBe('false');
  });

  it('keeps ids, steps and fingerprints in the plan output, never the texts', () => {
    const report = planReport();
    const script = 'word '.repeat(1000);
    const first = report.plan!.items[0]!;
    const items = Array.from({ length: 300 }, (_, i) => ({
      ...first,
      file: `content/${i}.yml`,
      steps: [
        {
          kind: 'create' as const,
          fields: {
            title: `Item ${i}`,
            description: 'A description',
            full_text: script,
            textover: script,
            hashtags: '#a',
            fine_tuning: null,
            persona_id: 'p1',
          },
        },
        {
          kind: 'edit' as const,
          cancelGeneration: false,
          send: { full_text: script, persona_id: 'p2' },
          changes: [
            { field: 'full_text' as const, from: 'old text', to: script },
            { field: 'persona_id' as const, from: 'p1', to: 'p2' },
          ],
        },
      ],
      script: { desired: script, remote: null },
    }));
    const text = outputsFor({ ...report, plan: { ...report.plan!, items } }).plan;
    expect(text).not.toContain('word word');
    expect(text).not.toContain('old text');
    expect(text).not.toContain('A description');
    // 300 new items with 5,000-character scripts: well under GitHub's 1 MB per job.
    expect(text.length).toBeLessThan(300 * 1200);
    const plan = JSON.parse(text) as {
      items: Array<{ file: string; script: unknown; steps: Array<{ changes?: unknown; send?: unknown }> }>;
    };
    expect(plan.items).toHaveLength(300);
    expect(plan.items[7]!.file).toBe('content/7.yml');
    expect(plan.items[0]!.script).toEqual({ desired: fingerprint(script), remote: null });
    expect(plan.items[0]!.steps[0]).toEqual({
      kind: 'create',
      fields: {
        title: 'Item 0',
        description: fingerprint('A description'),
        full_text: fingerprint(script),
        textover: fingerprint(script),
        hashtags: fingerprint('#a'),
        fine_tuning: null,
        persona_id: 'p1',
      },
    });
    expect(plan.items[0]!.steps[1]!.send).toEqual({ full_text: fingerprint(script), persona_id: 'p2' });
    expect(plan.items[0]!.steps[1]!.changes).toEqual([
      { field: 'full_text', from: fingerprint('old text'), to: fingerprint(script) },
      { field: 'persona_id', from: 'p1', to: 'p2' },
    ]);
    expect(fingerprint(script)).toMatch(/^sha256:[0-9a-f]{16}$/);
  });

  it('never writes signed media URLs into outputs', () => {
    const report = applyReport();
    const item = { ...report.result!.items[0]!, video_url: 'https://cdn/x.mp4?X-Amz-Signature=1' };
    const outputs = outputsFor({ ...report, result: { ...report.result!, items: [item] } });
    expect(outputs.results).not.toContain('cdn');
  });
});
