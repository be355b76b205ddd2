// A41: what doctor says of the generation rate a subscription's `limits`
// state, against the emulator (the forms the client reads: pace-readings.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { doctorDocumentSchema } from '../../src/cli/documents.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { memoryIO } from '../cli/io.ts';

let emulator: Emulator | null = null;
afterEach(async () => {
  await emulator?.close();
  emulator = null;
});

async function doctorFindingA41(rateLimit: { requests: number; windowSeconds: number } | null) {
  emulator = await startEmulator({ rateLimit });
  const run = memoryIO({ env: { CONTENT_BASE_URL: emulator.baseUrl, CONTENT_API_KEY: emulator.apiKey } });
  await main(['doctor', '--json'], run.io);
  return doctorDocumentSchema.parse(JSON.parse(run.out)).findings.find((finding) => finding.rule === 'A41');
}

describe('doctor (A41)', () => {
  it('names the reading of a stated rate, by the fields the limits have, not their values', async () => {
    const finding = await doctorFindingA41({ requests: 4, windowSeconds: 2 });
    expect(finding).toMatchObject({
      verdict: 'understood',
      endpoint: 'GET /subscription/current',
      reading: 'count and window',
    });
    expect(finding?.seen).toMatch(/^limits with fields .*generation_requests_per_window/);
    expect(finding?.seen).not.toMatch(/\b4\b/);
  });

  it('says when the limits state no rate: the pace is then learned from 429s', async () => {
    const finding = await doctorFindingA41(null);
    expect(finding?.verdict).toBe('not observed');
    expect(finding?.seen).toMatch(
      /none a generation rate: an apply learns the pace from the service's 429s$/,
    );
  });
});
