import { afterEach, beforeEach } from 'vitest';
import {
  createClient,
  type ClientOptions,
  type RetryEvent,
  type ServiceClient,
} from '../../src/service-client/index.ts';
import { ScriptedServer } from '../support/scripted-server.ts';

// Shared set-up of the client tests: a scripted server per test and a client
// whose waits are recorded instead of slept.

export const KEY = 'svc_live_k3y-0f-the-t3st-5u1te';
/** One Retry-After second, shrunk: waits are asserted as multiples of it. */
export const SECOND_MS = 7;

interface Harness {
  server: ScriptedServer;
  client: ServiceClient;
  sleeps: number[];
  retries: RetryEvent[];
}

function harness(server: ScriptedServer, options: Partial<ClientOptions> = {}): Harness {
  const sleeps: number[] = [];
  const retries: RetryEvent[] = [];
  const client = createClient({
    baseUrl: server.url,
    apiKey: KEY,
    secondMs: SECOND_MS,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    onRetry: (event) => retries.push(event),
    retry: { attempts: 4, baseDelayMs: 100, maxDelayMs: 1000 },
    ...options,
  });
  return { server, client, sleeps, retries };
}

export interface Setup {
  readonly server: ScriptedServer;
  /** A client on this test's server, closed after the test. */
  make(options?: Partial<ClientOptions>): Harness;
}

/** A scripted server for each test of the file, closed with its clients. */
export function setup(): Setup {
  let current: ScriptedServer | undefined;
  const clients: ServiceClient[] = [];
  beforeEach(async () => {
    current = await ScriptedServer.start();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await current?.close();
  });
  const get = (): ScriptedServer => {
    if (current === undefined) throw new Error('server not started');
    return current;
  };
  return {
    get server() {
      return get();
    },
    make(options) {
      const made = harness(get(), options);
      clients.push(made.client);
      return made;
    },
  };
}

export function detail(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'c-1',
    title: 'Glowing reefs',
    description: null,
    textover: 'Script',
    full_text: 'Source',
    status: 'NEW',
    upload_date: null,
    creation_date: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    hashtags: null,
    fine_tuning: null,
    persona: {
      id: 'p-1',
      name: 'Narrator',
      has_pace: false,
      audio_model_class: null,
      audio_model_name: null,
    },
    accounts: [],
    video_url: null,
    thumbnail_url: null,
    stats: null,
    metadata: null,
    progress: null,
    video_settings: { orientation: 'vertical', prefer_real_world: null },
    ...overrides,
  };
}

export function summary(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, title: `Item ${id}`, status: 'NEW', persona: { id: 'p-1', name: 'Narrator' }, ...overrides };
}
