// The edges of the escaping helpers that the report tests do not reach:
// whitespace folding, truncation exactly at the limit, line endings in code
// blocks, backticks at either end of a code span, and spaces in link targets.
import { describe, expect, it } from 'vitest';
import { codeBlock, htmlText, inlineCode, inlineText, link } from '../../src/report/escape.ts';

describe('one-line text', () => {
  it('folds runs of whitespace into one space and trims the ends', () => {
    expect(inlineText('  a \n\t b  ')).toBe('a b');
    expect(htmlText('  a \n\t b  ')).toBe('a b');
  });

  it('keeps text exactly at the limit, and cuts one longer with an ellipsis', () => {
    expect(inlineText('abcde', 5)).toBe('abcde');
    expect(htmlText('abcde', 5)).toBe('abcde');
    expect(htmlText('abcdef', 5)).toBe('abcd…');
    expect(htmlText('abcdef', 1)).toBe('a…');
  });
});

describe('inline code', () => {
  it('folds whitespace into single spaces', () => {
    expect(inlineCode('a\n\n b')).toBe('`a b`');
  });

  it('pads a span that ends with a backtick', () => {
    expect(inlineCode('a`')).toBe('`` a` ``');
    expect(inlineCode('`a')).toBe('`` `a ``');
  });
});

describe('code blocks', () => {
  it('turns CR and CRLF into LF and drops one final newline', () => {
    expect(codeBlock('a\rb\r\nc\n')).toBe('```\na\nb\nc\n```');
  });
});

describe('links', () => {
  it('percent-encodes spaces and angle brackets in the target', () => {
    expect(link('t', 'https://x.example/a b<c>')).toBe('[t](https://x.example/a%20b%3Cc%3E)');
  });
});
