import { describe, expect, it } from 'vitest';
import type { ContentStatus } from '../../src/service-client/types.ts';
import type { RunReport } from '../../src/engine/types.ts';
import { COMMENT_LIMIT, renderReport } from '../../src/report/markdown.ts';
import { applyReport } from '../support/fixtures.ts';
import { codeBlock, htmlText, inlineCode, inlineText, link } from '../../src/report/escape.ts';
import { HOSTILE_LINES } from '../support/hostile-text.ts';
import { liveMarkup } from '../support/live-markup.ts';

// Every hostile line, in every Markdown context the report uses, renders as
// plain text: no link, mention, reference, HTML or bidi control.

describe('markdown escaping of hostile text', () => {
  it('the checker finds what GitHub would make live', () => {
    const raw = HOSTILE_LINES.join('\n');
    const kinds = new Set(liveMarkup(raw, []).map((found) => found.kind));
    expect([...kinds].sort()).toEqual([
      'autolink',
      'bidi',
      'gh-reference',
      'html',
      'mention',
      'reference',
      'www',
    ]);
  });

  it('leaves nothing live in a cell, a summary, a code span or a code block', () => {
    for (const line of HOSTILE_LINES) {
      const contexts = [
        `| ${inlineText(line)} | x |`,
        `<details><summary>${htmlText(line)}</summary>\n\n${codeBlock(line)}\n\n</details>`,
        `### ${inlineText(line)}`,
        `Cell ${inlineCode(line)} end`,
        link(line, 'https://github.com/octo-org/videos/blob/x/content/a.yml#L1'),
      ];
      for (const markdown of contexts) {
        expect(liveMarkup(markdown, ['https://github.com/octo-org/videos/blob/']), markdown).toEqual([]);
      }
    }
  });

  it('defuses autolinks, GH-N and issue URLs without changing what is read', () => {
    const text = inlineText(
      'See https://evil.example, www.evil.example, GH-2 and https://github.com/o/r/issues/3',
    );
    expect(text.replace(/&#8203;/g, '')).toBe(
      'See https://evil.example, www.evil.example, GH-2 and https://github.com/o/r/issues/3',
    );
    expect(inlineText('a\u202eb\u2066c\u2069')).toBe('abc');
    expect(codeBlock('x\u202ey')).toBe('```\nxy\n```');
  });
});

describe('values from the service in the report', () => {
  // The client keeps a status it does not know as sent: a hostile service chooses every character of it.
  const INJECT =
    'ARCHIVED <img src="https://evil.example/pixel.png"> @octo-org/admins <a href="https://evil.example/approve">Approve</a> | ![x](https://evil.example/i.png)';
  const status = INJECT as ContentStatus;

  function hostileReport(): RunReport {
    const base = applyReport();
    const items = base.plan!.items.map((item, index) => ({
      ...item,
      remote: item.remote ? { ...item.remote, status } : { id: 'c_1', title: item.title, status },
      steps: index === 0 ? [{ kind: 'wait' as const, status }] : item.steps,
    }));
    return {
      ...base,
      plan: { ...base.plan!, items, unmanaged: [{ id: 'c_9', title: 'Elsewhere', status }] },
      result: { ...base.result!, items: base.result!.items.map((item) => ({ ...item, status })) },
    };
  }

  const own = ['https://github.com/octo-org/videos/', 'https://youtube.example/'];
  const ctx = {
    event: 'push',
    fileUrl: (file: string, line: number) => `https://github.com/octo-org/videos/blob/x/${file}#L${line}`,
    runUrl: 'https://github.com/octo-org/videos/actions/runs/1',
  };

  it('a status is plain text in the plan, results and unmanaged tables, and in "wait for"', () => {
    const report = hostileReport();
    for (const target of ['summary', 'comment'] as const) {
      const text = renderReport(report, ctx, { target, limit: COMMENT_LIMIT, unit: 'chars' });
      expect(text).toContain('wait for ARCHIVED');
      expect(text).toContain('remote item');
      expect(liveMarkup(text, own), text).toEqual([]);
      expect(text).not.toMatch(/<img|<a href|@octo-org\/admins/);
    }
    const planOnly = renderReport({ ...report, mode: 'plan', result: null }, ctx, {
      target: 'comment',
      limit: COMMENT_LIMIT,
      unit: 'chars',
    });
    expect(liveMarkup(planOnly, own), planOnly).toEqual([]);
  });
});
