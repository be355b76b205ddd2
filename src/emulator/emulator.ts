// startEmulator: wires the store, the worker and the HTTP server, and hands
// tests an admin handle to control and inspect it in-process.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DEFAULT_KEY_SCOPES, type Scope } from '../interface/enumerations.ts';
import { Clock, resolveOptions } from './config.ts';
import type { Core } from './core.ts';
import { Faults } from './faults.ts';
import { Jobs } from './lifecycle.ts';
import { createEmulatorServer } from './server.ts';
import type { ServerState } from './server.ts';
import {
  DEFAULT_ACCOUNTS,
  DEFAULT_PERSONAS,
  DEFAULT_USER_ID,
  Store,
  blankItem,
  newKey,
  snapshotVersion,
} from './store.ts';
import { writeScript } from './script.ts';
import type { Emulator, EmulatorAdmin, EmulatorOptions, ItemRecord, LegacyItemInput } from './types.ts';

/** Scopes of the ready key of the default user: the interface's default, read and generate. */
export const READY_KEY_SCOPES: readonly Scope[] = DEFAULT_KEY_SCOPES;

/**
 * A35: a service that grew beyond the interface's enums: an account on a
 * fourth platform and an item in a status the interface does not list.
 */
function seedNewValues(store: Store): void {
  store.addAccount(DEFAULT_USER_ID, { platform: 'Threads', name: 'Ocean Threads' });
  const item = blankItem(DEFAULT_USER_ID, 'Archived: tide pools');
  item.full_text = 'Tide pools hold whole worlds between two tides.';
  item.textover = writeScript(item.full_text);
  item.status = 'ARCHIVED';
  item.statusHistory = [item.status];
  item.versions.push(snapshotVersion(item));
  store.addItem(item);
}

function buildAdmin(state: ServerState): EmulatorAdmin {
  const { core, faults } = state;
  const { store } = core;
  return {
    defaultUserId: DEFAULT_USER_ID,
    createUser: (options = {}) =>
      store.createUser({ name: options.name, credits: options.credits ?? core.config.credits }).id,
    createKey: (userId, scopes = ['read', 'generate']) => store.addKey(userId, scopes),
    revokeKey: (key) => store.revokeKey(key),
    keys: (userId) => store.keysOf(userId),
    setCredits: (userId, credits) => {
      store.user(userId).credits = credits;
    },
    credits: (userId) => store.user(userId).credits,
    addAccount: (userId, account) => store.addAccount(userId, account),
    addPersona: (userId, persona) => store.addPersona(userId, persona),
    items: (userId) =>
      store
        .allItems()
        .filter((item) => userId === undefined || item.userId === userId)
        .map((item) => structuredClone(item)),
    addLegacyItem: (input: LegacyItemInput) => {
      const item: ItemRecord = blankItem(input.userId ?? DEFAULT_USER_ID, input.title);
      item.description = input.description ?? null;
      item.full_text = input.full_text ?? null;
      item.textover = input.textover ?? (item.full_text === null ? null : writeScript(item.full_text));
      item.hashtags = input.hashtags ?? null;
      item.status = 'READY_FOR_UPLOAD';
      item.statusHistory = ['READY_FOR_UPLOAD'];
      item.rendered = true;
      item.legacy = true;
      item.versions.push(snapshotVersion(item));
      store.addItem(item);
      return structuredClone(item);
    },
    addFailure: (rule) => {
      core.failures.push({ ...rule });
    },
    injectFault: (rule) => faults.add(rule),
    clearFaults: () => faults.clear(),
    setLatency: (ms) => {
      faults.latencyMs = ms;
    },
    echoKeyInErrors: (on) => {
      faults.echoKey = on;
    },
    intercept: (hooks) => {
      core.config.hooks.unshift(hooks);
      return () => {
        const at = core.config.hooks.indexOf(hooks);
        if (at >= 0) core.config.hooks.splice(at, 1);
      };
    },
    get requestLog() {
      return state.log;
    },
    clearRequestLog: () => {
      state.log.length = 0;
    },
  };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const config = resolveOptions(options);
  const clock = new Clock(config.secondMs);
  const store = new Store();
  const failures = config.failures;
  const core: Core = {
    store,
    config,
    clock,
    failures,
    jobs: new Jobs(config, clock, failures),
    shapes: { baseUrl: '', secret: randomBytes(32), config },
  };
  store.createUser({ id: DEFAULT_USER_ID, name: 'Ocean Facts', credits: config.credits });
  for (const account of options.accounts ?? DEFAULT_ACCOUNTS) store.addAccount(DEFAULT_USER_ID, account);
  for (const item of options.items ?? []) store.addItem(structuredClone(item));
  for (const persona of DEFAULT_PERSONAS) store.addPersona(DEFAULT_USER_ID, persona);
  if (config.writes.newValues) seedNewValues(store);
  const apiKey = store.addKey(DEFAULT_USER_ID, [...READY_KEY_SCOPES], options.apiKey ?? newKey());

  const state: ServerState = { core, faults: new Faults(), log: [], timers: new Set() };
  const server = createEmulatorServer(state);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const baseUrl = `http://${host}:${address.port}`;
  core.shapes.baseUrl = baseUrl;

  let closing: Promise<void> | null = null;
  return {
    baseUrl,
    apiKey,
    admin: buildAdmin(state),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        core.jobs.close();
        for (const timer of state.timers) clearTimeout(timer);
        state.timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
