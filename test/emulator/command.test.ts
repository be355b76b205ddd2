// `content-as-code emulator [options]` as the CLI calls it, and the --state
// file it keeps (the emulator it starts: command.int.test.ts).
import { writeFile } from 'node:fs/promises';
import { Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PORT, parseEmulatorArgs, runEmulatorCommand } from '../../src/emulator/command.ts';
import { readState } from '../../src/emulator/state-file.ts';
import { blankItem, DEFAULT_USER_ID } from '../../src/emulator/store.ts';
import { tempDir } from '../support/temp-dir.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runEmulatorCommand', () => {
  // Without binding the port: a user's emulator may be running on it while the tests run.
  it('listens on 8787 by default, and says clearly when it is taken', async () => {
    const ports: unknown[] = [];
    vi.spyOn(Server.prototype, 'listen').mockImplementation(function taken(this: Server, port: unknown) {
      ports.push(port);
      process.nextTick(() => this.emit('error', Object.assign(new Error('in use'), { code: 'EADDRINUSE' })));
      return this;
    });
    expect(DEFAULT_PORT).toBe(8787);
    await expect(runEmulatorCommand([], () => undefined)).rejects.toThrow(
      'port 8787 is taken: another emulator (or another program) is listening on it. ' +
        'Stop it, or start this one with --port N (--port 0 picks a free port) and export the CONTENT_BASE_URL it prints.',
    );
    expect(ports).toEqual([8787]);
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
    expect(() => parseEmulatorArgs(['--prot', '1'])).toThrow(/Unknown argument "--prot".*--help/);
    expect(() => parseEmulatorArgs(['--port'])).toThrow(/--port expects N/);
    expect(() => parseEmulatorArgs(['--port', 'x'])).toThrow(/--port expects a whole number/);
    expect(() => parseEmulatorArgs(['--port', '70000'])).toThrow(/0 to 65535/);
    expect(() => parseEmulatorArgs(['--phase-ms', '1,2'])).toThrow(/audio,video,upload/);
    expect(() => parseEmulatorArgs(['--key', 'sk_test_1'])).toThrow(/--key expects svc_live_/);
    expect(() => parseEmulatorArgs(['--accounts', 'Vimeo:me'])).toThrow(
      /PLATFORM one of YouTube, TikTok, Instagram; got "Vimeo:me"/,
    );
    expect(() => parseEmulatorArgs(['--dialect', 'klingon'])).toThrow(
      /use one of reference, bare, meta, links/,
    );
  });

  it('parses --key, --accounts and --state, with ids that stay the same from one start to the next', () => {
    const first = parseEmulatorArgs([
      '--key',
      'svc_live_abcdefgh12',
      '--accounts',
      'youtube:My Channel, TikTok:mychannel',
    ]);
    expect(first.apiKey).toBe('svc_live_abcdefgh12');
    expect(first.accounts?.map(({ platform, name }) => [platform, name])).toEqual([
      ['YouTube', 'My Channel'],
      ['TikTok', 'mychannel'],
    ]);
    expect(parseEmulatorArgs(['--accounts=YouTube:My Channel']).accounts?.[0]?.id).toBe(
      first.accounts?.[0]?.id,
    );
    expect(parseEmulatorArgs(['--state', 'emu.json', '-h'])).toEqual({ state: 'emu.json', help: true });
  });
});

describe('--state', () => {
  it('restores an item caught generating as failed in its phase, so the next apply retries it', async () => {
    const file = join(await tempDir('cac-state-'), 'state.json');
    const busy = { ...blankItem(DEFAULT_USER_ID, 'Busy'), status: 'PROCESSING_VIDEO' as const };
    const done = { ...blankItem(DEFAULT_USER_ID, 'Done'), status: 'UPLOADED' as const };
    await writeFile(file, JSON.stringify({ version: 1, credits: 990, items: [busy, done] }));
    const state = readState(file);
    expect(state?.credits).toBe(990);
    expect(state?.items.map((item) => [item.title, item.status])).toEqual([
      ['Busy', 'FAILED_VIDEO'],
      ['Done', 'UPLOADED'],
    ]);
    expect(state?.items[0]?.last_error).toContain('run apply again');
    expect(readState(join(file, '..', 'missing.json'))).toBeNull();
  });
});
