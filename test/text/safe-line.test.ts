import { describe, expect, it } from 'vitest';
import { guardTerminalOutput, safeText, stripControls } from '../../src/text/safe-line.ts';
import { dangerousCommands, parseRunnerCommands } from '../support/runner-commands.ts';
import { ESC, HOSTILE_LINES, NEL } from '../support/hostile-text.ts';

// Every hostile line, put anywhere in a log line, produces no workflow
// command as the runner reads it, and nothing a terminal would run.

const PLACES = [(t: string) => t, (t: string) => `prefix ${t}`, (t: string) => `${t} suffix`];

describe('safeText', () => {
  it('the parser used by these tests finds what the runner would run', () => {
    const raw = HOSTILE_LINES.join('\n');
    const names = parseRunnerCommands(raw).map((command) => command.name);
    expect(names).toEqual(expect.arrayContaining(['set-output', 'stop-commands', 'add-mask', 'warning']));
    expect(dangerousCommands(raw).length).toBeGreaterThanOrEqual(6);
  });

  it('leaves no command in any hostile line, wherever it lands in a line', () => {
    for (const line of HOSTILE_LINES) {
      for (const place of PLACES) {
        expect(parseRunnerCommands(safeText(place(line))), JSON.stringify(line)).toEqual([]);
      }
    }
  });

  it('breaks `::` and `##[` behind every character the runner trims', () => {
    for (const lead of [' ', '\t', NEL, '\u00a0', '\u2003', '\u3000', '\u2028', '\u000b', '\u000c']) {
      expect(parseRunnerCommands(safeText(`${lead}::error::x`))).toEqual([]);
      expect(parseRunnerCommands(guardTerminalOutput(`${lead}::error::x\n`, false))).toEqual([]);
    }
    expect(safeText('a:::b')).not.toContain('::');
    expect(safeText('###[x]')).not.toContain('##[');
  });

  it('removes escape sequences, control characters and bidi controls, and nothing else', () => {
    const cleaned = stripControls(HOSTILE_LINES[7]!);
    expect(cleaned).toBe('Colour red  link');
    expect(stripControls('C1 \u009b2J and \u009d0;title\u0007 end')).toBe('C1  and  end');
    expect(stripControls('Bidi \u202eevil\u202c \u2066i\u2069 \u200f')).toBe('Bidi evil i ');
    expect(stripControls(`a\u0000b\u0008c${NEL}d\u007fe`)).toBe('abcde');
    expect(stripControls('one\rtwo\r\nthree\u2028four')).toBe('one\ntwo\nthree\nfour');
    expect(stripControls('Ünïcode — “quotes”\ttab 🐙')).toBe('Ünïcode — “quotes”\ttab 🐙');
  });
});

describe('guardTerminalOutput', () => {
  it('keeps the CLI colour codes on a terminal, and no other escape', () => {
    const text = `${ESC}[32mok${ESC}[39m ${ESC}]0;title${ESC}\\ ${ESC}[2J`;
    expect(guardTerminalOutput(text, true)).toBe(`${ESC}[32mok${ESC}[39m  `);
    expect(guardTerminalOutput(text, false)).toBe('ok  ');
  });
});
