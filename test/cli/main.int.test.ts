// The CLI's emulator command, serving on a port until interrupted.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { until } from '../support/until.ts';
import { memoryIO } from './io.ts';

describe('content-as-code emulator', () => {
  it('runs the emulator until interrupted and prints how to reach it', async () => {
    const run = memoryIO();
    const done = main(['emulator', '--port', '0'], run.io);
    await until(() => run.out.includes('Ctrl-C'), 'the emulator to say how to stop it');
    const url = /CONTENT_BASE_URL=(\S+)/.exec(run.out)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    expect(run.out).toMatch(/CONTENT_API_KEY=svc_live_/);
    run.stop();
    expect(await done).toBe(0);
  });
});
