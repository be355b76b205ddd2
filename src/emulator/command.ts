// `content-as-code emulator [--port N] [--phase-ms MS | --phase-ms A,V,U]`.
import { DIALECT_NAMES, dialectNamed } from './dialects.ts';
import { startEmulator, READY_KEY_SCOPES } from './emulator.ts';
import { DEFAULT_ACCOUNTS } from './store.ts';
import type { Emulator, EmulatorOptions } from './types.ts';

const USAGE = `usage: content-as-code emulator [--port N] [--phase-ms MS | --phase-ms AUDIO,VIDEO,UPLOAD] [--dialect ${DIALECT_NAMES.join('|')}]`;

function parseCount(flag: string, value: string | undefined, max: number): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) > max) {
    throw new Error(
      `${flag} expects a whole number from 0 to ${max}, got ${value === undefined ? 'nothing' : `"${value}"`}. ${USAGE}`,
    );
  }
  return Number(value);
}

function parsePhaseMs(value: string | undefined): NonNullable<EmulatorOptions['phaseMs']> {
  const parts = (value ?? '').split(',');
  if (parts.length !== 1 && parts.length !== 3) {
    throw new Error(
      `--phase-ms expects one duration or three (audio,video,upload), got "${value ?? ''}". ${USAGE}`,
    );
  }
  const [audio, video, upload] = parts.map((part) => parseCount('--phase-ms', part.trim(), 3_600_000));
  return parts.length === 1 ? { audio, video: audio, upload: audio } : { audio, video, upload };
}

/** A dialect by name (src/emulator/dialects.ts); the error lists the names. */
function parseDialect(value: string | undefined): string {
  dialectNamed(value ?? '');
  return value ?? '';
}

export function parseEmulatorArgs(argv: readonly string[]): EmulatorOptions {
  const options: EmulatorOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    if (flag === '--port') options.port = parseCount('--port', value(), 65535);
    else if (flag === '--phase-ms') options.phaseMs = parsePhaseMs(value());
    else if (flag === '--dialect') options.dialect = parseDialect(value());
    else throw new Error(`Unknown argument "${arg}". ${USAGE}`);
  }
  return options;
}

/** Starts the emulator for a terminal and prints how to reach it. The caller closes it. */
export async function runEmulatorCommand(argv: string[], out: (line: string) => void): Promise<Emulator> {
  const emulator = await startEmulator(parseEmulatorArgs(argv));
  out(`Service emulator listening on ${emulator.baseUrl} (endpoints under ${emulator.baseUrl}/v1)`);
  const dialect = parseEmulatorArgs(argv).dialect ?? 'reference';
  out(`Dialect: ${dialect} (${dialectNamed(dialect).summary})`);
  out(`Ready API key (scopes ${READY_KEY_SCOPES.join(', ')}): ${emulator.apiKey}`);
  out('Connected accounts:');
  for (const account of DEFAULT_ACCOUNTS) out(`  ${account.platform} "${account.name}"  id ${account.id}`);
  out('Point the CLI at it with:');
  out(`CONTENT_API_URL=${emulator.baseUrl}`);
  out(`CONTENT_API_KEY=${emulator.apiKey}`);
  return emulator;
}
