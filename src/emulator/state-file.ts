// `emulator --state FILE`: the default user's items and credits kept in a
// JSON file, so a restarted emulator still has what earlier runs created and
// a re-run of apply converges instead of creating everything again.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Emulator, ItemRecord, Status } from './types.ts';

const STATE_VERSION = 1;

export interface SavedState {
  version: typeof STATE_VERSION;
  credits: number;
  items: ItemRecord[];
}

/**
 * A job does not survive a restart: an item caught generating is restored
 * as failed in its phase, the way the real service reports a dead worker,
 * so the next apply retries it.
 */
const INTERRUPTED: Partial<Record<Status, Status>> = {
  PROCESSING: 'FAILED_AUDIO',
  PROCESSING_AUDIO: 'FAILED_AUDIO',
  AUDIO_PROCESSED: 'FAILED_VIDEO',
  PROCESSING_VIDEO: 'FAILED_VIDEO',
  UPLOADING: 'FAILED_UPLOAD',
};

/** The state kept in `file`, or null when there is none yet. Throws, naming the file, when it is unreadable. */
export function readState(file: string): SavedState | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`--state ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`, {
      cause: error,
    });
  }
  let saved: Partial<SavedState>;
  try {
    saved = JSON.parse(text) as Partial<SavedState>;
  } catch {
    throw new Error(
      `--state ${file} is not a state file the emulator wrote; move it away or name another file.`,
    );
  }
  if (saved.version !== STATE_VERSION || !Array.isArray(saved.items) || typeof saved.credits !== 'number') {
    throw new Error(
      `--state ${file} is not a state file the emulator wrote; move it away or name another file.`,
    );
  }
  return { version: STATE_VERSION, credits: saved.credits, items: saved.items.map(restored) };
}

function restored(item: ItemRecord): ItemRecord {
  const failed = INTERRUPTED[item.status];
  if (failed === undefined) return item;
  return {
    ...item,
    status: failed,
    statusHistory: [...item.statusHistory, failed],
    progress: null,
    last_error: 'The emulator stopped while this item was generating; run apply again to retry it.',
  };
}

function snapshot(emulator: Emulator): string {
  const { admin } = emulator;
  const state: SavedState = {
    version: STATE_VERSION,
    credits: admin.credits(admin.defaultUserId),
    items: admin.items(admin.defaultUserId),
  };
  return `${JSON.stringify(state, null, 2)}\n`;
}

/**
 * Writes the state whenever it changed (checked twice a second) and once
 * more on stop. Written to a sibling file and renamed, so a kill mid-write
 * leaves the previous state whole.
 */
export function keepState(emulator: Emulator, file: string): { stop: () => void } {
  let written = '';
  const save = (): void => {
    const text = snapshot(emulator);
    if (text === written) return;
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
    written = text;
  };
  save();
  const timer = setInterval(save, 500);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      save();
    },
  };
}
