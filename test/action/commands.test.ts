import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { annotationsFor, emitAnnotations } from '../../src/action/annotations.ts';
import { formatCommand, WorkflowCommands } from '../../src/action/commands.ts';
import { ActionLogger } from '../../src/action/logger.ts';
import { outputsFor, writeOutputs } from '../../src/action/outputs.ts';
import type { RunReport } from '../../src/engine.ts';
import { applyReport, planReport, problem } from '../report/fixtures.ts';
import { parseOutputs } from '../support/runner.ts';

function capture(env: NodeJS.ProcessEnv = {}) {
  const lines: string[] = [];
  const commands = new WorkflowCommands({ env, write: (text) => void lines.push(text) });
  return { commands, text: () => lines.join('') };
}

describe('workflow commands', () => {
  it('formats annotations as @actions/core does, escaping data and properties', () => {
    expect(formatCommand('error', { file: 'a,b.yml', line: 3, col: 5, title: 'x: y' }, '50%\nnext')).toBe(
      '::error file=a%2Cb.yml,line=3,col=5,title=x%3A y::50%25%0Anext',
    );
  });

  it('masks a secret once and removes it from everything written afterwards', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cac-cmd-'));
    const env = { GITHUB_OUTPUT: join(dir, 'out'), GITHUB_STEP_SUMMARY: join(dir, 'sum') };
    await writeFile(env.GITHUB_OUTPUT, '');
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

  it('writes progress at once, on a new status, each 10 %, or after a quiet minute', () => {
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
      '⏳ A (content/a.yml): PROCESSING_VIDEO — 21% · render',
      '⏳ A (content/a.yml): PROCESSING_VIDEO — 22% · render',
      '⏳ A (content/a.yml): UPLOADING — 0% · render',
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
    const dir = await mkdtemp(join(tmpdir(), 'cac-out-'));
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

  it('leaves scripts out of a plan output that would be too large', () => {
    const report = planReport();
    const items = Array.from({ length: 200 }, (_, i) => ({
      ...report.plan!.items[0]!,
      file: `content/${i}.yml`,
      script: { desired: 'word '.repeat(1000), remote: null },
    }));
    const plan = JSON.parse(outputsFor({ ...report, plan: { ...report.plan!, items } }).plan) as {
      scriptsOmitted?: boolean;
      items: Array<{ file: string; script: unknown }>;
    };
    expect(plan.scriptsOmitted).toBe(true);
    expect(plan.items).toHaveLength(200);
    expect(plan.items[0]!.script).toEqual({ desired: null, remote: null });
  });

  it('never writes signed media URLs into outputs', () => {
    const report = applyReport();
    const item = { ...report.result!.items[0]!, video_url: 'https://cdn/x.mp4?X-Amz-Signature=1' };
    const outputs = outputsFor({ ...report, result: { ...report.result!, items: [item] } });
    expect(outputs.results).not.toContain('cdn');
  });
});
