import { describe, expect, it } from 'vitest';
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
