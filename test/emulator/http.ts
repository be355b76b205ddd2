// Plain-fetch helpers for the conformance suite: the emulator is spoken to
// over real HTTP, exactly as any client would.
import { afterEach } from 'vitest';
import type { ContentStatus } from '../../src/service-client/types.ts';
import { startEmulator } from '../../src/emulator/index.ts';
import type { Emulator, EmulatorOptions } from '../../src/emulator/index.ts';

export const YOUTUBE = '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f01';
export const TIKTOK = '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f02';
export const INSTAGRAM = '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f03';

const running: Emulator[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});

/** An emulator at test pace (phases of a few milliseconds, a "second" of 20 ms), closed after the test. */
export async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await startEmulator({
    phaseMs: { audio: 10, video: 10, upload: 10 },
    secondMs: 20,
    ...options,
  });
  running.push(emulator);
  return emulator;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read arbitrary wire shapes
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as is, instead of JSON of body. */
  raw?: string;
  headers?: Record<string, string>;
  /** Header form of the key. */
  form?: 'bearer' | 'x-api-key';
}

export async function call(
  emulator: Emulator,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? emulator.apiKey : options.key;
  if (key !== null) {
    if (options.form === 'x-api-key') headers['x-api-key'] = key;
    else headers.authorization = `Bearer ${key}`;
  }
  let payload: string | undefined = options.raw;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${emulator.baseUrl}${path}`, { method, headers, body: payload });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // kept as text
  }
  return { status: response.status, headers: response.headers, body };
}

export async function createItem(
  emulator: Emulator,
  fields: Record<string, unknown> = {},
  key?: string,
): Promise<{ id: string } & Record<string, unknown>> {
  const answer = await call(emulator, 'POST', '/v1/contents', {
    key,
    body: {
      title: `Item ${Math.random().toString(36).slice(2)}`,
      full_text: 'Octopuses have three hearts. Two pump blood to the gills.',
      ...fields,
    },
  });
  if (answer.status !== 201)
    throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as { id: string };
}

const TERMINAL = new Set(['UPLOADED', 'FAILED_AUDIO', 'FAILED_VIDEO', 'FAILED_UPLOAD', 'FAILED']);

/**
 * Polls task status until the item reaches one of `statuses` (default: a
 * terminal status, or VIDEO_PROCESSED with no run in flight). Returns every
 * status seen, in order. The deadline only keeps a broken emulator from
 * hanging the suite; nothing asserts on time.
 */
export async function waitFor(
  emulator: Emulator,
  id: string,
  statuses?: ContentStatus[],
  key?: string,
): Promise<{ seen: string[]; last: Answer }> {
  const seen: string[] = [];
  // Only a hang: a busy machine runs the emulator's phase timers late.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const last = await call(emulator, 'GET', `/v1/gen/task-status/${id}`, { key });
    const body = last.body as { status?: unknown; progress?: unknown };
    const status = String(body.status);
    if (seen.at(-1) !== status) seen.push(status);
    const done = statuses
      ? statuses.includes(status as ContentStatus)
      : TERMINAL.has(status) || (status === 'VIDEO_PROCESSED' && body.progress === null);
    if (done) return { seen, last };
    if (Date.now() > deadline) throw new Error(`item ${id} stuck in ${status}; seen ${seen.join(' → ')}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

export function record(emulator: Emulator, id: string) {
  const item = emulator.admin.items().find((candidate) => candidate.id === id);
  if (!item) throw new Error(`no item ${id}`);
  return item;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
