// `content-as-code emulator [--port N] [--phase-ms …]` as the CLI calls it.
import { afterEach, describe, expect, it } from 'vitest';
import { parseEmulatorArgs, runEmulatorCommand } from '../../src/emulator/command.ts';
import type { Emulator } from '../../src/emulator/index.ts';
import { call } from './http.ts';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

describe('runEmulatorCommand', () => {
  it('prints the base URL, a ready key and the two environment lines, and serves at once', async () => {
    const lines: string[] = [];
    emulator = await runEmulatorCommand(['--port', '0', '--phase-ms', '5'], (line) => lines.push(line));
    expect(lines).toContain(`CONTENT_API_URL=${emulator.baseUrl}`);
    expect(lines).toContain(`CONTENT_API_KEY=${emulator.apiKey}`);
    expect(lines[0]).toContain(emulator.baseUrl);
    expect(lines.some((line) => line.includes('Ocean Facts'))).toBe(true);
    const answer = await call(emulator, 'GET', '/v1/api-keys/introspect');
    expect(answer.body.scopes).toEqual(['read', 'generate']);
  });

  it('parses --port N, --port=N and --phase-ms A,V,U', () => {
    expect(parseEmulatorArgs(['--port', '8080'])).toEqual({ port: 8080 });
    expect(parseEmulatorArgs(['--port=9000', '--phase-ms=1,2,3'])).toEqual({
      port: 9000,
      phaseMs: { audio: 1, video: 2, upload: 3 },
    });
    expect(parseEmulatorArgs(['--phase-ms', '200'])).toEqual({
      phaseMs: { audio: 200, video: 200, upload: 200 },
    });
  });

  it('refuses unknown arguments and bad values with the usage line', () => {
    expect(() => parseEmulatorArgs(['--prot', '1'])).toThrow(/Unknown argument "--prot".*usage/);
    expect(() => parseEmulatorArgs(['--port'])).toThrow(/--port expects a whole number/);
    expect(() => parseEmulatorArgs(['--port', '70000'])).toThrow(/0 to 65535/);
    expect(() => parseEmulatorArgs(['--phase-ms', '1,2'])).toThrow(/audio,video,upload/);
    expect(() => parseEmulatorArgs(['--dialect', 'klingon'])).toThrow(
      /use one of reference, bare, meta, links/,
    );
  });

  it('--dialect serves that reading of the interface and says which', async () => {
    const lines: string[] = [];
    emulator = await runEmulatorCommand(['--dialect', 'meta'], (line) => lines.push(line));
    expect(lines).toContain(
      'Dialect: meta ({items, meta: {current_page, total_pages}} listings paged from 0 with per_page; {success, data} answers; PUT replaces the item; content writes need write)',
    );
    const answer = await call(emulator, 'GET', '/v1/contents');
    expect(answer.body).toEqual({
      items: [],
      meta: { current_page: 0, per_page: 25, total_pages: 1, total: 0 },
    });
  });
});
