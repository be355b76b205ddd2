// `content-as-code emulator [options]` as the CLI calls it: the emulator it
// starts and what it prints (its arguments and --state file: command.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { runEmulatorCommand } from '../../src/emulator/command.ts';
import type { EmulatorSession } from '../../src/emulator/command.ts';
import { call } from './http.ts';

let session: EmulatorSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('runEmulatorCommand', () => {
  it('prints the base URL, a ready key and the two environment lines, and serves at once', async () => {
    const lines: string[] = [];
    const started = await runEmulatorCommand(['--port', '0', '--phase-ms', '5'], (line) => lines.push(line));
    if (started === 'help') throw new Error('expected a running emulator');
    session = started;
    const { emulator } = started;
    expect(lines).toContain(`export CONTENT_BASE_URL=${emulator.baseUrl}`);
    expect(lines).toContain(`export CONTENT_API_KEY=${emulator.apiKey}`);
    expect(lines[0]).toContain(emulator.baseUrl);
    expect(lines.some((line) => line.includes('Ocean Facts'))).toBe(true);
    const answer = await call(emulator, 'GET', '/v1/api-keys/introspect');
    expect(answer.body.scopes).toEqual(['read', 'generate']);
  });

  it('--dialect serves that reading of the interface and says which', async () => {
    const lines: string[] = [];
    const started = await runEmulatorCommand(['--dialect', 'meta', '--port', '0'], (line) =>
      lines.push(line),
    );
    if (started === 'help') throw new Error('expected a running emulator');
    session = started;
    expect(lines).toContain(
      'Dialect: meta ({items, meta: {current_page, total_pages}} listings paged from 0 with per_page; {success, data} answers; PUT replaces the item; content writes need write)',
    );
    const answer = await call(started.emulator, 'GET', '/v1/contents');
    expect(answer.body).toEqual({
      items: [],
      meta: { current_page: 0, per_page: 25, total_pages: 1, total: 0 },
    });
  });
});
