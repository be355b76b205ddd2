import { describe, expect, it } from 'vitest';
import {
  createProgressPrinter,
  renderPlanText,
  renderResultsText,
  renderTable,
} from '../../src/report/text.ts';
import { formatInstant } from '../../src/report/words.ts';
import { styleFor } from '../../src/cli/terminal.ts';
import { examplesPlan, examplesResult } from '../support/fixtures.ts';

const ESC = '\u001b[';
const PLAIN_STYLE = { color: false };

describe('terminal plan table', () => {
  const text = renderPlanText(examplesPlan);

  it('has one aligned row per item under a header', () => {
    const lines = text.split('\n');
    const header = lines.find((line) => line.startsWith('FILE'))!;
    const rows = lines.filter((line) => line.startsWith('content/'));
    expect(rows).toHaveLength(4);
    const titleColumn = header.indexOf('TITLE');
    for (const row of rows) expect(row[titleColumn - 1]).toBe(' ');
    expect(rows.map((row) => row.slice(titleColumn, titleColumn + 3))).toEqual(['Why', 'Why', 'The', 'How']);
  });

  it('says what each item will do and why not more', () => {
    expect(text).toContain('Plan: 4 items, 1 to create, 1 to edit, 1 to render, 2 publications');
    expect(text).toContain('create, then render (not rendered yet) and publish to YouTube, TikTok');
    expect(text).toContain('edit title "Why corals glow" → "Why some corals glow"');
    expect(text).toContain('renamed from "Why corals glow"; publishes at 2030-06-01 15:00 UTC');
    expect(text).toMatch(/content\/deepest-point\.yml:3 .* unchanged\n/);
    // A drifted item says so in the word the results use, and what to do about it.
    expect(text).toMatch(
      /UPLOADED +drifted +pinned by id; drift: full_text differs from the published video \(not re-rendered\); set full_text back to the published one, or publish the change as a new video \(a new title, no id\)$/m,
    );
    expect(text).toContain('1 unchanged, 1 drifted.');
    expect(text).toContain('c-9  An old video nobody claims  UPLOADED');
  });

  it('names every setting a publication sends, and a declared stepwise item that goes one-shot', () => {
    const [item] = examplesPlan.items;
    const options = {
      account_ids: ['yt-1'],
      made_for_kids: false,
      age_restricted: false,
      notify_subscribers: true,
      ai_disclosure: true,
      privacy: 'unlisted',
      tiktok_privacy: 'SELF_ONLY',
    };
    const publication = { accounts: [], options };
    const upload = renderPlanText({
      ...examplesPlan,
      items: [{ ...item!, publishVia: 'upload', publication }],
    });
    expect(upload).toContain(
      'publishes with an upload (accounts, made_for_kids, age_restricted, notify_subscribers, ai_disclosure, privacy, tiktok.privacy)',
    );
    const oneshot = renderPlanText({
      ...examplesPlan,
      items: [{ ...item!, flow: 'stepwise', publishVia: 'oneshot', publication }],
    });
    expect(oneshot).toMatch(/ stepwise→oneshot /);
    expect(oneshot).toContain('publishes in one one-shot request with its render (accounts, made_for_kids');
  });

  it('uses no colour codes unless asked', () => {
    expect(text).not.toContain(ESC);
    expect(renderPlanText(examplesPlan, { color: true })).toContain(ESC);
  });

  it('marks plan mode as changing nothing', () => {
    expect(renderPlanText({ ...examplesPlan, mode: 'plan' })).toMatch(
      /^Plan \(plan only, nothing is changed\)/,
    );
  });
});

describe('terminal results', () => {
  const text = renderResultsText(examplesResult);

  it('lists outcomes, published URLs, failures with last_error and credits', () => {
    expect(text).toContain('Results: 2 items, 1 published, 1 failed.');
    expect(text).toMatch(/content\/turtles\.yml\s+Sea turtles navigate by magnetism\s+failed\s+FAILED_VIDEO/);
    expect(text).toContain('YouTube  https://www.youtube.com/watch?v=abc');
    expect(text).toContain('last_error: Render worker crashed');
    expect(text).toContain('Credits: 100 before, 88 after (12 spent).');
  });
});

describe('renderTable', () => {
  it('pads by characters, not bytes, and keeps colour out of the widths', () => {
    const table = renderTable(
      ['A', 'B'],
      [
        ['héllo…', 'x'],
        ['h', { text: 'y', tone: 'bad' }],
      ],
      { color: true },
    );
    const ansi = new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g');
    const lines = table.split('\n').map((line) => line.replace(ansi, ''));
    expect(lines[1]).toBe('héllo…  x');
    expect(lines[2]).toBe('h       y');
  });

  it("fits a terminal's width: the widest columns wrap at spaces, each under its own column", () => {
    const table = renderTable(
      ['FILE', 'ACTION', 'NOTES'],
      [['content/a.yml', 'create, then render and publish to YouTube', 'publishes at 2030-06-01 15:00 UTC']],
      { color: false, columns: 60 },
    );
    const lines = table.split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(60);
    expect(lines).toEqual([
      'FILE           ACTION                 NOTES',
      'content/a.yml  create, then render    publishes at',
      '               and publish to         2030-06-01 15:00 UTC',
      '               YouTube',
    ]);
  });

  it('keeps each row on one line, whole, without a width: a pipe, a file, a test', () => {
    const notes = 'a note far longer than any terminal is wide '.repeat(4).trim();
    const table = renderTable(['FILE', 'NOTES'], [['content/a.yml', notes]], PLAIN_STYLE);
    expect(table.split('\n')).toEqual(['FILE           NOTES', `content/a.yml  ${notes}`]);
  });
});

describe('the style of a terminal', () => {
  it("gives a terminal's width to its tables, 120 when it does not say, and none to a pipe", () => {
    expect(styleFor({ write: () => true, isTTY: true, columns: 80 }, {}).columns).toBe(80);
    expect(styleFor({ write: () => true, isTTY: true }, {}).columns).toBe(120);
    expect(styleFor({ write: () => true }, {}).columns).toBeUndefined();
  });
});

describe('progress lines', () => {
  it('prints a line per state change with the percentage, and skips repeated polls', () => {
    const lines: string[] = [];
    const print = createProgressPrinter((line) => lines.push(line));
    const event = (
      status: 'PROCESSING_AUDIO' | 'PROCESSING_VIDEO' | 'VIDEO_PROCESSED',
      percentage: number | null,
    ) => ({
      file: 'content/a.yml',
      title: 'A',
      status,
      progress: percentage === null ? null : { percentage, step: null, message: null },
    });
    print(event('PROCESSING_AUDIO', 10));
    print(event('PROCESSING_AUDIO', 10));
    print(event('PROCESSING_AUDIO', 12));
    print(event('PROCESSING_AUDIO', 25));
    print(event('PROCESSING_VIDEO', 50));
    print(event('VIDEO_PROCESSED', 100));
    print(event('VIDEO_PROCESSED', 100));
    expect(lines).toEqual([
      '  content/a.yml  A  PROCESSING_AUDIO  10%',
      '  content/a.yml  A  PROCESSING_AUDIO  25%',
      '  content/a.yml  A  PROCESSING_VIDEO  50%',
      '  content/a.yml  A  VIDEO_PROCESSED  100%',
    ]);
  });
});

describe('formatInstant', () => {
  it('shortens UTC instants and leaves anything else alone', () => {
    expect(formatInstant('2030-06-01T15:00:00Z')).toBe('2030-06-01 15:00 UTC');
    expect(formatInstant('tomorrow')).toBe('tomorrow');
  });
});
