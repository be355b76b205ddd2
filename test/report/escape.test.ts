import { describe, expect, it } from 'vitest';
import { codeBlock, htmlText, inlineCode, inlineText } from '../../src/report/escape.ts';
import { scrubSecrets as redact } from '../../src/secrets.ts';

describe('escaping manifest text for GitHub Markdown', () => {
  it('cannot mention people or teams, or cross-reference issues', () => {
    const text = inlineText('cc @octocat and @octo-org/team, see #12');
    const rendered = text.replace(/&#8203;/g, '\u200b');
    expect(rendered).not.toMatch(/@[A-Za-z]/);
    expect(rendered).not.toMatch(/#\d/);
    expect(text).toBe('cc @&#8203;octocat and @&#8203;octo-org/team, see #&#8203;12');
  });

  it('cannot inject HTML, close a details block, or add links and images', () => {
    const text = inlineText('</details><img src=x onerror=alert(1)> ![t](http://x/p.png) [a](http://b)');
    expect(text).not.toContain('<');
    expect(text).not.toMatch(/[^\\]\]\(/);
    expect(text).toContain('&lt;/details&gt;');
    expect(text).toContain('\\!\\[t\\]');
  });

  it('keeps a table cell on one line and inside its column', () => {
    expect(inlineText('a | b\n| c |')).toBe('a \\| b \\| c \\|');
  });

  it('shortens long text with an ellipsis', () => {
    expect(inlineText('x'.repeat(500), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('escapes text inside HTML elements without Markdown escapes', () => {
    expect(htmlText('Tom & Jerry </summary> @bob')).toBe('Tom &amp; Jerry &lt;/summary&gt; @&#8203;bob');
  });

  it('code fences are longer than any backtick run inside, so the script cannot break out', () => {
    const script = 'before\n```\n</details>\n@everyone\n````js\nafter';
    const block = codeBlock(script, 'text');
    expect(block.startsWith('`````text\n')).toBe(true);
    expect(block.endsWith('\n`````')).toBe(true);
    expect(block).toContain('@everyone'); // verbatim: mentions do not work inside code
    expect(codeBlock('plain')).toBe('```\nplain\n```');
    expect(inlineCode('a`b')).toBe('``a`b``');
    expect(inlineCode('`x')).toBe('`` `x ``');
  });

  it('removes signed media URLs and registered secrets', () => {
    const url = 'https://cdn.example/v.mp4?X-Amz-Signature=abc&X-Amz-Expires=600';
    expect(inlineText(`see ${url}`)).toBe('see \\[signed URL removed\\]');
    expect(codeBlock(url)).toContain('[signed URL removed]');
    expect(redact('key svc_live_123 and svc_live_1234', ['svc_live_123', 'svc_live_1234'])).toBe(
      'key *** and ***',
    );
    expect(redact('https://youtube.example/watch?v=abc', [])).toBe('https://youtube.example/watch?v=abc');
  });
});

describe('secrets in text that is escaped for Markdown', () => {
  // Escaping turns `_` into `\_`, after which a key would no longer look like
  // one to the redaction of the bytes written: every escape scrubs first.
  const key = 'svc_live_AbC123_xyz';
  const token = 'ghs_0123456789abcdefghijABCDEFGHIJ';

  it.each([
    ['inlineText', inlineText],
    ['htmlText', htmlText],
    ['inlineCode', inlineCode],
    ['codeBlock', codeBlock],
  ])('%s removes a key or token the service echoed back', (_name, escape) => {
    const out = escape(`upload refused for key ${key} (token ${token})`);
    expect(out).not.toMatch(/AbC123/);
    expect(out).not.toMatch(/0123456789abcdefghij/);
    expect(out).toMatch(/\\?\*\\?\*\\?\*/); // `***`, escaped where Markdown would read it
  });

  it('redact removes keys and tokens by their shape, not only the registered ones', () => {
    expect(redact(`a ${key}. b ${token}`)).toBe('a ***. b ***');
  });
});
