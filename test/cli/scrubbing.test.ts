import { describe, expect, it } from 'vitest';
import { scrubbing } from '../../src/cli/terminal.ts';

describe('CLI output', () => {
  it('never prints anything shaped like a key, even one the service echoed into last_error', () => {
    const written: string[] = [];
    const out = scrubbing({ write: (text: string) => written.push(text), isTTY: true });
    out.write('FAILED_UPLOAD: key svc_live_Zz9_leaked rejected\n');
    expect(written.join('')).toBe('FAILED_UPLOAD: key *** rejected\n');
    expect(out.isTTY).toBe(true);
  });
});
