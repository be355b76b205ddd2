import { describe, expect, it } from 'vitest';
import type { ContentStatus } from '../../src/service-client/types.ts';
import { scrubbing } from '../../src/cli/terminal.ts';
import { renderPlanText } from '../../src/report/text.ts';
import { plan, planItem } from '../support/fixtures.ts';

describe('CLI output', () => {
  it('never prints anything shaped like a key, even one the service echoed into last_error', () => {
    const written: string[] = [];
    const out = scrubbing({ write: (text: string) => written.push(text), isTTY: true });
    out.write('FAILED_UPLOAD: key svc_live_Zz9_leaked rejected\n');
    expect(written.join('')).toBe('FAILED_UPLOAD: key *** rejected\n');
    expect(out.isTTY).toBe(true);
  });
});

describe('a status the service invented, on a terminal', () => {
  it('drives nothing: escape sequences, control characters and a workflow command are made inert', () => {
    const status = 'ARCHIVED\u001b]0;pwned\u0007\u001b[2J\r::error::forged\u202e';
    const report = renderPlanText(
      plan([planItem('content/a.yml', { steps: [{ kind: 'wait', status: status as ContentStatus }] })]),
    );
    const written: string[] = [];
    scrubbing({ write: (text: string) => written.push(text), isTTY: true }).write(`${report}\n`);
    const shown = written.join('');
    expect(shown).toContain('wait for ARCHIVED');
    // eslint-disable-next-line no-control-regex
    expect(shown).not.toMatch(/[\u001b\u0007\r\u202e]/);
    expect(shown.split('\n').some((line) => line.trimStart().startsWith('::'))).toBe(false);
  });
});
