import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/engine/types.ts';
import type { PlanItem } from '../../src/plan/types.ts';
import { COMMENT_LIMIT, renderReport, type ReportContext } from '../../src/report/markdown.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import { applyReport, planItem, planReport, problem } from '../support/fixtures.ts';

const context: ReportContext = {
  event: 'pull_request',
  because: 'auto: pull_request plans',
  fileUrl: (file, line) => `https://github.com/octo-org/videos/blob/${'a'.repeat(40)}/${file}#L${line}`,
  runUrl: 'https://github.com/octo-org/videos/actions/runs/42',
  pullRequest: true,
};

const comment = (report: RunReport, ctx: ReportContext = context) =>
  renderReport(report, ctx, { target: 'comment', limit: COMMENT_LIMIT, unit: 'chars' });

describe('the Markdown report', () => {
  it('renders a plan for the PR comment', () => {
    expect(comment(planReport())).toMatchSnapshot();
  });

  it('renders apply results for the job summary', () => {
    expect(
      summaryMarkdown(
        applyReport(),
        { ...context, event: 'push', pullRequest: false },
        { hiddenErrors: 0, hiddenWarnings: 0 },
      ),
    ).toMatchSnapshot();
  });

  it('renders validation problems with links to the manifest lines', () => {
    const report: RunReport = {
      ...planReport({ mode: 'validate', plan: null }),
      problems: [
        problem('content/a.yml'),
        problem('content/b.yml', { severity: 'warning', code: 'x', message: 'Heads up.' }),
      ],
    };
    const text = comment(report);
    expect(text).toContain('**Validated** 4 manifests: 1 error, 1 warning.');
    expect(text).toContain(
      `[content/a.yml:4:3](https://github.com/octo-org/videos/blob/${'a'.repeat(40)}/content/a.yml#L4)`,
    );
    expect(text).toContain('\\`publish.notifySubscribers\\` is not a field');
  });

  it('says when a run stopped on a fatal error', () => {
    const text = comment(planReport({ fatal: 'The API key lacks the generate scope.' }));
    expect(text).toContain('**Stopped** planning 4 manifests: The API key lacks the generate scope.');
  });

  it('escapes a hostile title everywhere it appears', () => {
    const hostile = '@octocat </details> <script>x</script> | ```';
    const report = planReport();
    const items = report.plan!.items.map((item, i) => (i === 0 ? { ...item, title: hostile } : item));
    const text = comment({ ...report, plan: { ...report.plan!, items } });
    expect(text).not.toContain('@octocat');
    expect(text).not.toContain('<script>');
    expect(text.match(/<\/details>/g)?.length).toBe(text.match(/<details>/g)?.length);
  });

  it('keeps a 300-item plan comment under 65,536 characters with every row', () => {
    const items = Array.from({ length: 300 }, (_, i) =>
      planItem(`content/catalogue/a-rather-long-folder-name/item-${String(i).padStart(3, '0')}.yml`, {
        title: `A long title for the video number ${i} about the ocean and the creatures that live in it ${'~'.repeat(40)}`,
        steps: [
          {
            kind: 'edit',
            changes: [{ field: 'textover', from: 'a', to: 'b' }],
            cancelGeneration: false,
            send: {},
          },
        ],
        script: {
          desired: `New script ${i}\n${'Words of a script. '.repeat(120)}`,
          remote: `Old script ${i}\n${'Words. '.repeat(100)}`,
        },
      }),
    );
    const base = planReport();
    const report: RunReport = {
      ...base,
      load: { ...base.load, files: items.map((item) => item.file) },
      plan: { ...base.plan!, items },
    };
    const text = comment(report);
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    for (let i = 0; i < 300; i++) expect(text).toContain(`item-${String(i).padStart(3, '0')}.yml |`);
    expect(text).toContain('**Trimmed:**');
    expect(text).toContain('[job summary](https://github.com/octo-org/videos/actions/runs/42)');
  });

  it('keeps every row of a wide plan by describing its steps more briefly', () => {
    // A change to a _defaults.yml edits every item: long old → new values and
    // notes in every row, which compact rows alone cannot fit.
    const long = (i: number, what: string) => `${what} ${i}: ${'a long & <quoted> value '.repeat(4)}`;
    const items = Array.from({ length: 200 }, (_, i) =>
      planItem(`content/catalogue/a-rather-long-folder-name/item-${String(i).padStart(3, '0')}.yml`, {
        title: `A long title for the video number ${i} about the ocean ${'~'.repeat(40)}`,
        remote: { id: `id-${i}`, title: 'x', status: 'UPLOADED' },
        steps: [
          {
            kind: 'edit',
            changes: [
              { field: 'description', from: long(i, 'old'), to: long(i, 'new') },
              { field: 'hashtags', from: long(i, '#old'), to: long(i, '#new') },
            ],
            cancelGeneration: false,
            send: {},
          },
        ],
        drift: [{ field: 'full_text', remote: 'a', desired: 'b' }],
        holds: [{ kind: 'scheduled', at: '2030-01-01T00:00:00.000Z' }],
      }),
    );
    const base = planReport();
    const text = comment({ ...base, plan: { ...base.plan!, items } });
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    for (let i = 0; i < 200; i++) expect(text).toContain(`item-${String(i).padStart(3, '0')}.yml |`);
    expect(text).toContain('| edit |');
    expect(text).not.toContain('this report is longer than GitHub allows');
  });

  it('keeps the rows that fit when even minimal rows do not, and says how many more and where', () => {
    const create = { kind: 'create', fields: { title: 't' } } as unknown as PlanItem['steps'][number];
    const items = Array.from({ length: 3000 }, (_, i) =>
      planItem(`content/${i}.yml`, { title: `T${i} ${'x'.repeat(80)}`, steps: [create] }),
    );
    const base = planReport();
    const text = comment(
      { ...base, plan: { ...base.plan!, items } },
      { ...context, planFile: 'content-as-code-plan.json' },
    );
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    const shown =
      /\*\*Showing ([\d,]+) of 3,000 items;\*\* the other ([\d,]+) are in the full plan file `content-as-code-plan.json`/.exec(
        text,
      );
    expect(shown).not.toBeNull();
    const kept = Number(shown![1]!.replace(/,/g, ''));
    expect(kept).toBeGreaterThan(100);
    expect(Number(shown![2]!.replace(/,/g, ''))).toBe(3000 - kept);
    // Exactly the rows it counts, the first ones in file order.
    expect(text.match(/^\| content\/\d+\.yml \|/gm)).toHaveLength(kept);
    expect(text).toContain(`| content/${kept - 1}.yml |`);
    expect(text).not.toContain(`| content/${kept}.yml |`);
    expect(text).toContain('[job summary](https://github.com/octo-org/videos/actions/runs/42)');
  });

  it('lists the items that change and counts the unchanged ones by stage', () => {
    const edit = {
      kind: 'edit',
      changes: [{ field: 'description', from: 'a', to: 'b' }],
      cancelGeneration: false,
      send: {},
    } as unknown as PlanItem['steps'][number];
    const items = Array.from({ length: 1000 }, (_, i) =>
      planItem(`content/${String(i).padStart(4, '0')}.yml`, {
        title: `Video ${i}`,
        stage: i % 4 === 0 ? 'published' : 'draft',
        remote: { id: `id-${i}`, title: `Video ${i}`, status: 'NEW' },
        steps: i % 100 === 7 ? [edit] : [],
      }),
    );
    const base = planReport();
    const text = comment({ ...base, plan: { ...base.plan!, items } });
    expect(text.match(/\| Video \d+ \|/g)).toHaveLength(10);
    expect(text).toContain('| Video 7 |');
    expect(text).not.toContain('| Video 8 |');
    expect(text).toContain('990 unchanged items are not listed (by stage: 740 draft, 250 published).');
  });

  it('keeps the summary under 1 MiB and says how many annotations GitHub hides', () => {
    const items = Array.from({ length: 400 }, (_, i) =>
      planItem(`content/${i}.yml`, { script: { desired: 'word '.repeat(1000), remote: 'an older script' } }),
    );
    const base = planReport();
    const text = summaryMarkdown({ ...base, plan: { ...base.plan!, items } }, context, {
      hiddenErrors: 5,
      hiddenWarnings: 2,
    });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1024 * 1024);
    expect(text).toContain('7 more (5 errors, 2 warnings) are listed in the tables below');
    expect(text).toContain('**Trimmed:**');
  });

  it('expands in the summary only the scripts of items the run changes', () => {
    const items = Array.from({ length: 50 }, (_, i) =>
      planItem(`content/${i}.yml`, { script: { desired: 'the same words', remote: 'the same words' } }),
    );
    const base = planReport();
    const text = summaryMarkdown({ ...base, plan: { ...base.plan!, items } }, context, {
      hiddenErrors: 0,
      hiddenWarnings: 0,
    });
    expect(text).not.toContain('#### Scripts');
    expect(text).not.toContain('the same words');
  });
});
