// Users, keys, accounts, personas and content items, all in memory.
// Keys are kept only as SHA-256 hashes (interface, Authentication 6).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { KEY_PREFIX, type Scope } from '../interface/enumerations.ts';
import type { Account, ItemRecord, KeyInfo, Platform, Status, VersionRecord } from './types.ts';

/** The default user's connected accounts; their ids are fixed so docs and examples can show them. */
export const DEFAULT_ACCOUNTS: readonly Account[] = Object.freeze([
  {
    id: '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f01',
    name: 'Ocean Facts',
    platform: 'YouTube',
    platform_acronym: 'YT',
  },
  {
    id: '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f02',
    name: 'oceanfacts',
    platform: 'TikTok',
    platform_acronym: 'TT',
  },
  {
    id: '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f03',
    name: 'ocean.facts',
    platform: 'Instagram',
    platform_acronym: 'IG',
  },
]);

/** The default user's personas, fixed like the accounts. */
export const DEFAULT_PERSONAS: readonly { id: string; name: string }[] = Object.freeze([
  { id: '2f8b6d14-9a7c-4e3b-b5d1-0c6e8a4f2d01', name: 'Calm Narrator' },
  { id: '2f8b6d14-9a7c-4e3b-b5d1-0c6e8a4f2d02', name: 'Upbeat Host' },
]);

export const DEFAULT_USER_ID = '5a0d3c7e-1b2f-4e8a-9c6d-3f7b1e0a9d01';

const ACRONYMS: Readonly<Record<string, string>> = { YouTube: 'YT', TikTok: 'TT', Instagram: 'IG' };

export interface UserRecord {
  id: string;
  name: string;
  credits: number;
  accounts: Account[];
  personas: Map<string, string>;
  items: ItemRecord[];
  /** Fixed window of the generation rate limit, in emulator-clock milliseconds (A31). */
  rateWindow: { start: number; count: number } | null;
  /** Videos accepted on POST /gen/video during one UTC day of the emulator clock (A31). */
  videoDay: { day: number; count: number };
}

interface KeyRecord {
  hash: string;
  info: KeyInfo;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newKey(): string {
  return KEY_PREFIX + randomBytes(24).toString('base64url');
}

export class Store {
  readonly users = new Map<string, UserRecord>();
  readonly #keys = new Map<string, KeyRecord>();
  readonly #items = new Map<string, ItemRecord>();

  createUser(options: { id?: string; name?: string; credits: number }): UserRecord {
    const id = options.id ?? randomUUID();
    const user: UserRecord = {
      id,
      name: options.name ?? `user-${id.slice(0, 8)}`,
      credits: options.credits,
      accounts: [],
      personas: new Map(),
      items: [],
      rateWindow: null,
      videoDay: { day: -1, count: 0 },
    };
    this.users.set(id, user);
    return user;
  }

  user(userId: string): UserRecord {
    const user = this.users.get(userId);
    if (!user) throw new Error(`The emulator has no user ${userId}`);
    return user;
  }

  addKey(userId: string, scopes: Scope[], plaintext: string = newKey()): string {
    this.user(userId);
    if (!plaintext.startsWith(KEY_PREFIX)) throw new Error(`API keys start with ${KEY_PREFIX}`);
    const hash = hashKey(plaintext);
    if (this.#keys.has(hash)) throw new Error('That API key already exists');
    this.#keys.set(hash, {
      hash,
      info: {
        userId,
        prefix: plaintext.slice(0, KEY_PREFIX.length + 4),
        scopes: [...new Set(scopes)],
        created_at: new Date().toISOString(),
        last_used_at: null,
        revoked_at: null,
      },
    });
    return plaintext;
  }

  /** The key record for a presented plaintext key, looked up by its hash. */
  findKey(plaintext: string): KeyInfo | undefined {
    return this.#keys.get(hashKey(plaintext))?.info;
  }

  revokeKey(plaintext: string): void {
    const record = this.#keys.get(hashKey(plaintext));
    if (!record) throw new Error('The emulator has no such API key');
    record.info.revoked_at ??= new Date().toISOString();
  }

  keysOf(userId: string): KeyInfo[] {
    return [...this.#keys.values()].filter((k) => k.info.userId === userId).map((k) => ({ ...k.info }));
  }

  addAccount(userId: string, account: { platform: Platform; name: string; id?: string }): Account {
    const record: Account = {
      id: account.id ?? randomUUID(),
      name: account.name,
      platform: account.platform,
      platform_acronym: ACRONYMS[account.platform] ?? account.platform.slice(0, 2).toUpperCase(),
    };
    this.user(userId).accounts.push(record);
    return { ...record };
  }

  addPersona(userId: string, persona: { name: string; id?: string }): string {
    const id = persona.id ?? randomUUID();
    this.user(userId).personas.set(id, persona.name);
    return id;
  }

  addItem(item: ItemRecord): ItemRecord {
    this.#items.set(item.id, item);
    this.user(item.userId).items.push(item);
    return item;
  }

  /** Another user's item is not found, exactly like a missing one (interface, 404). */
  item(userId: string, id: string): ItemRecord | undefined {
    const item = this.#items.get(id);
    return item && item.userId === userId ? item : undefined;
  }

  /** Ids of items deleted (by someone else: the interface shows no delete endpoint). */
  readonly removed = new Set<string>();

  removeItem(id: string): void {
    const item = this.#items.get(id);
    if (!item) return;
    this.#items.delete(id);
    const owned = this.user(item.userId).items;
    owned.splice(owned.indexOf(item), 1);
    this.removed.add(id);
  }

  allItems(): ItemRecord[] {
    return [...this.#items.values()];
  }
}

export function setStatus(item: ItemRecord, status: Status): void {
  item.status = status;
  item.statusHistory.push(status);
}

export function snapshotVersion(item: ItemRecord): VersionRecord {
  return {
    version: item.versions.length + 1,
    title: item.title,
    full_text: item.full_text,
    textover: item.textover,
    created_at: new Date().toISOString(),
  };
}

export function blankItem(userId: string, title: string): ItemRecord {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    userId,
    title,
    description: null,
    full_text: null,
    textover: null,
    hashtags: null,
    fine_tuning: null,
    persona_id: null,
    status: 'NEW',
    statusHistory: ['NEW'],
    creation_date: now,
    updated_at: now,
    upload_date: null,
    rendered: false,
    accounts: [],
    video_settings: {
      video_id: null,
      orientation: null,
      prefer_real_world: null,
      image_overlay_enabled: null,
      image_overlay_position: null,
      zoom_effect_enabled: null,
      subtitle_settings: null,
    },
    last_error: null,
    progress: null,
    stats: null,
    publications: [],
    published_url: null,
    published_platform: null,
    generationDispatches: 0,
    uploadDispatches: 0,
    uploadDispatchedAt: null,
    progressUpdates: 0,
    publishSettings: null,
    versions: [],
    legacy: false,
  };
}
