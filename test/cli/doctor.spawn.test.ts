// The doctor command in process against emulators on real ports; one case plans
// afterwards through the CLI, which reads git for the earlier versions of manifests.

import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, WritesStoppedError } from '../../src/service-client/index.ts';
import { main } from '../../src/cli/main.ts';
import { doctorDocumentSchema } from '../../src/cli/documents.ts';
import type { DoctorReport } from '../../src/doctor/schema.ts';
import { DIALECTS, DIALECT_NAMES, type DialectName } from '../../src/emulator/dialects.ts';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.ts';
import { clientFor, manifest } from '../support/engine-harness.ts';
import { tempDir } from '../support/temp-dir.ts';
import { memoryIO } from './io.ts';

// `content-as-code doctor` against the emulator over real HTTP: it names the
// reading of every rule in each dialect, sends only GETs within its budget,
// and names the rule it cannot read, as plan then behaves.

const KEY = 'svc_live_doctor-test-key-0123';

/** A bare HTTP server answering every request with `answer`, and the requests it got. */
async function listen(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let emulator: Emulator | null = null;
afterEach(async () => {
  await emulator?.close();
  emulator = null;
});

async function serviceWith(options: EmulatorOptions, items: number): Promise<Emulator> {
  emulator = await startEmulator({ phaseMs: { audio: 5, video: 5, upload: 5 }, rateLimit: null, ...options });
  const dialect = (options.dialect ?? 'reference') as DialectName;
  const key = emulator.admin.createKey(emulator.admin.defaultUserId, [
    'read',
    'generate',
    DIALECTS[dialect].contentWrites,
  ]);
  const client = clientFor(emulator, key);
  for (let i = 0; i < items; i++) {
    await client.createContent({
      title: `Seeded ${i}`,
      description: null,
      full_text: `About seeded ${i}.`,
      textover: null,
      hashtags: null,
      fine_tuning: null,
      persona_id: null,
    });
  }
  await client.close();
  emulator.admin.clearRequestLog();
  return emulator;
}

async function doctor(
  e: Emulator,
  ...args: string[]
): Promise<{ code: number; report: DoctorReport; err: string }> {
  const run = memoryIO({ env: { CONTENT_BASE_URL: e.baseUrl, CONTENT_API_KEY: e.apiKey } });
  const code = await main(['doctor', '--json', ...args], run.io);
  expect(run.out + run.err).not.toContain(e.apiKey);
  // The documented shape (schema/doctor.schema.json is generated from the same zod schema).
  const document = doctorDocumentSchema.parse(JSON.parse(run.out));
  expect([document.command, document.exitCode]).toEqual(['doctor', code]);
  return { code, report: document, err: run.err };
}

const readingOf = (report: DoctorReport, rule: string, endpoint = 'GET /contents') =>
  report.findings.find((finding) => finding.rule === rule && finding.endpoint === endpoint)?.reading;

const EXPECTED: Record<DialectName, { A5: string; A7: string; A9: string }> = {
  reference: { A5: 'under data', A7: 'pages from 1', A9: 'the object itself' },
  bare: { A5: 'bare array', A7: 'pages from 1', A9: 'the object itself' },
  meta: { A5: 'under items', A7: 'pages from 0', A9: 'the object itself' },
  links: { A5: 'under results', A7: 'next links', A9: 'the object itself' },
  unpaged: { A5: 'under data', A7: 'not paged', A9: 'the object itself' },
};

describe('content-as-code doctor', () => {
  for (const dialect of DIALECT_NAMES) {
    it(`names the ${dialect} dialect's reading of every rule, exits 0, and sends only GETs within budget`, async () => {
      const e = await serviceWith({ dialect }, 120);
      const { code, report } = await doctor(e);
      expect(report.findings.filter((finding) => finding.verdict === 'not understood')).toEqual([]);
      expect(code).toBe(0);
      expect(readingOf(report, 'A5')).toBe(EXPECTED[dialect].A5);
      expect(readingOf(report, 'A7')).toBe(EXPECTED[dialect].A7);
      expect(readingOf(report, 'A9', 'GET /contents/{id}')).toBe(EXPECTED[dialect].A9);
      expect(report.findings.find((f) => f.rule === 'A7' && f.endpoint === 'GET /contents')?.seen).toMatch(
        /proven complete/,
      );
      for (const rule of ['A10', 'A11', 'A18', 'A24', 'A29', 'A35'])
        expect(report.findings.find((finding) => finding.rule === rule)?.verdict).toBe('understood');
      const log = e.admin.requestLog;
      expect(log.every((entry) => entry.method === 'GET')).toBe(true);
      expect(log.length).toBeLessThanOrEqual(60);
      expect(report.requests.used).toBe(log.length);
    });
  }

  it('keeps to a smaller budget, and says the listing could not be proven complete within it', async () => {
    const e = await serviceWith({ dialect: 'bare' }, 120);
    const { report } = await doctor(e, '--budget', '8');
    expect(e.admin.requestLog.length).toBeLessThanOrEqual(8);
    expect(JSON.stringify(report.findings)).toMatch(/not proven complete/);
  });

  it('a listing under a key no reading covers: exits 1 naming A5, and plan stops before writing as it said', async () => {
    const e = await serviceWith({ listing: { envelope: 'rows' } }, 3);
    const { code, report } = await doctor(e);
    expect(code).toBe(1);
    const a5 = report.findings.find(
      (finding) => finding.rule === 'A5' && finding.verdict === 'not understood',
    );
    expect(a5?.seen).toMatch(/rows/);
    expect(a5?.consequence?.action).toBe('stop');

    const run = memoryIO({ env: { CONTENT_BASE_URL: e.baseUrl, CONTENT_API_KEY: e.apiKey } });
    expect(await main(['plan', '--manifests', 'examples/content/**/*.yml'], run.io)).toBe(3);
    expect(run.err).toMatch(/GET \/contents: unexpected response/);
    expect(e.admin.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
  });

  it('statuses in lower case on every row: understood in the service terms (A18), and plan holds nothing for them', async () => {
    const e = await serviceWith({ shapes: { statuses: 'lowercase' } }, 2);
    const { code, report } = await doctor(e);
    expect(code).toBe(0);
    const a18 = report.findings.find((finding) => finding.rule === 'A18');
    expect(a18?.verdict).not.toBe('not understood');

    const dir = await tempDir('cac-doctor-');
    await mkdir(join(dir, 'content'));
    await writeFile(join(dir, 'content/a.yml'), manifest('Seeded 0', 'description: changed\n'));
    const run = memoryIO({ env: { CONTENT_BASE_URL: e.baseUrl, CONTENT_API_KEY: e.apiKey }, cwd: dir });
    expect(await main(['plan', '--json'], run.io)).toBe(0);
    const plan = (JSON.parse(run.out) as { plan: { items: Array<{ holds: string[] }> } }).plan;
    expect(plan.items[0]?.holds).toEqual([]);
  });

  it('the read-only client refuses every other method before anything is sent', async () => {
    const e = await serviceWith({}, 0);
    const client = createClient({ baseUrl: e.baseUrl, apiKey: e.apiKey, readOnly: true });
    await expect(
      client.createContent({
        title: 'x',
        description: null,
        full_text: null,
        textover: null,
        hashtags: null,
        fine_tuning: null,
        persona_id: null,
      }),
    ).rejects.toBeInstanceOf(WritesStoppedError);
    await client.close();
    expect(e.admin.requestLog).toEqual([]);
  });

  it('a service that redirects every request: exits 1, saying it could observe nothing and why', async () => {
    const redirecting = await listen((req, res) => {
      res.writeHead(302, { location: `https://elsewhere.example${req.url ?? '/'}` });
      res.end();
    });
    const run = memoryIO({ env: { CONTENT_BASE_URL: redirecting.url, CONTENT_API_KEY: KEY } });
    expect(await main(['doctor'], run.io)).toBe(1);
    expect(run.out).toMatch(
      /^Doctor: could observe nothing: every read was answered with a redirect \(302\), which the client does not follow, so that the key goes to base-url only: set base-url to where the service redirects \(\d+ of 60 GET requests, nothing written\)\./,
    );
    // No rule is claimed understood from answers never read (A35 "none seen" was one).
    expect(run.out).not.toMatch(/: understood/);
    expect(redirecting.requests().every((request) => request.startsWith('GET '))).toBe(true);
    await redirecting.close();
  });

  it('a service whose every read fails: exits 1 with --json naming the first failure', async () => {
    const failing = await listen((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'invalid key' }));
    });
    const run = memoryIO({ env: { CONTENT_BASE_URL: failing.url, CONTENT_API_KEY: KEY } });
    expect(await main(['doctor', '--json'], run.io)).toBe(1);
    const report = doctorDocumentSchema.parse(JSON.parse(run.out));
    expect(report.understood).toBe(true);
    expect(report.nothingObserved).toMatch(/^all \d+ reads failed; the first: GET \/api-keys\/introspect/);
    await failing.close();
  });

  it('prints one line per rule for people', async () => {
    const e = await serviceWith({}, 2);
    const run = memoryIO({ env: { CONTENT_BASE_URL: e.baseUrl, CONTENT_API_KEY: e.apiKey } });
    expect(await main(['doctor'], run.io)).toBe(0);
    expect(run.out).toMatch(
      /^Doctor: the client understands every rule it could observe \(\d+ of 60 GET requests, nothing written\)\./,
    );
    expect(run.out).toMatch(/A5 +Listing envelope \(GET \/contents\): understood: under data/);
    expect(run.out).toMatch(/A14 +Write answers .*not observed/);
  });
});
