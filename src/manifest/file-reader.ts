import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { problemAt } from './position-tree.ts';
import type { Problem, SourceLocation } from './types.ts';

// One manifest's bytes, read as safely as a repository's files must be:
// inside the workspace (a link out of it is refused), a regular file, under
// a size cap, and UTF-8, each refusal a problem that names the file.

export type ReadOutcome =
  { kind: 'text'; text: string } | { kind: 'problem'; problem: Problem } | { kind: 'none' };

/** Offset of the first byte that is not part of valid UTF-8, or -1. */
function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const size =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (size === 0 || i + size > bytes.length) return i;
    for (let k = 1; k < size; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    const b1 = bytes[i + 1] ?? 0;
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF.
    if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f)) return i;
    if ((b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) return i;
    i += size;
  }
  return -1;
}

function locationOfByte(file: string, bytes: Uint8Array, offset: number): SourceLocation {
  const before = bytes.subarray(0, offset);
  const lineStart = before.lastIndexOf(0x0a) + 1;
  let line = 1;
  for (const byte of before) if (byte === 0x0a) line++;
  const column = Buffer.from(bytes.subarray(lineStart, offset)).toString('utf8').length + 1;
  return { file, line, column };
}

/** A link is refused by the open itself (ELOOP), and a FIFO does not block it. */
const OPEN_NO_LINK = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Where open cannot refuse a link (Windows has no O_NOFOLLOW), whether `file` is one, by lstat. */
function isLinkWithoutNoFollow(file: string): boolean {
  return constants.O_NOFOLLOW === undefined && lstatSync(file).isSymbolicLink();
}

/**
 * The bytes of an open regular file, up to one past the size its stat gave:
 * a file that grew past the cap since is still caught, and the stat is not
 * asked again (as reading the whole file would). A regular file answers a
 * read with fewer bytes than asked only at its end, so that ends the reading
 * without one more read to be told so.
 */
function readPastSize(fd: number, size: number): Buffer {
  const buffer = Buffer.allocUnsafe(size + 1);
  let length = 0;
  while (length < buffer.length) {
    const asked = buffer.length - length;
    const read = readSync(fd, buffer, length, asked, length);
    length += read;
    if (read < asked) break;
  }
  return buffer.subarray(0, length);
}

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

export class Reader {
  readonly #cwd: string;
  readonly #root: string;
  readonly #max: number;
  readonly #folders = new Map<string, Promise<string>>();

  constructor(cwd: string, root: string, max: number) {
    this.#cwd = cwd;
    this.#root = root;
    this.#max = max;
  }

  #realFolder(folder: string): Promise<string> {
    let pending = this.#folders.get(folder);
    if (pending === undefined) {
      pending = Promise.resolve().then(() => realpathSync(folder));
      this.#folders.set(folder, pending);
    }
    return pending;
  }

  #inside(real: string): boolean {
    return real === this.#root || real.startsWith(this.#root + path.sep);
  }

  /**
   * Opens `joined` where it really is, once that is known to be inside the
   * workspace: a file that is no link is where its folder is (whose realpath
   * is cached), and a link is followed by realpath. The open itself refuses a
   * link (so what was checked is what is read) and never waits on a FIFO;
   * fstat and read follow on that descriptor.
   */
  async #open(joined: string): Promise<{ fd: number } | { outside: string }> {
    const folder = await this.#realFolder(path.dirname(joined));
    if (!isLinkWithoutNoFollow(joined)) {
      if (!this.#inside(path.join(folder, path.basename(joined)))) {
        return {
          outside:
            'the file is in a folder linked from outside the workspace; manifests must live in the repository',
        };
      }
      try {
        return { fd: openSync(joined, OPEN_NO_LINK) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
      }
    }
    const real = realpathSync(joined);
    if (!this.#inside(real)) {
      return {
        outside: 'the file is a link to a place outside the workspace; manifests must live in the repository',
      };
    }
    return { fd: openSync(real, OPEN_NO_LINK) };
  }

  async read(file: string, optional = false): Promise<ReadOutcome> {
    const start: SourceLocation = { file, line: 1, column: 1 };
    const fail = (code: string, message: string): ReadOutcome => ({
      kind: 'problem',
      problem: problemAt(start, code, message),
    });
    if (file.startsWith('../') || path.isAbsolute(file)) {
      return fail(
        'outside_workspace',
        'the file is outside the workspace; manifests must live in the repository',
      );
    }
    let opened: { fd: number } | { outside: string };
    try {
      opened = await this.#open(path.join(this.#cwd, file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (optional && code === 'ENOENT') return { kind: 'none' };
      // A socket cannot be opened as a file: like a folder or a FIFO, it is no manifest.
      if (code === 'ENXIO') return { kind: 'none' };
      return fail('unreadable', `the file cannot be read (${code ?? 'error'})`);
    }
    if ('outside' in opened) return fail('outside_workspace', opened.outside);
    const { fd } = opened;
    let bytes: Buffer;
    try {
      const info = fstatSync(fd);
      if (!info.isFile()) return { kind: 'none' };
      if (info.size > this.#max) {
        return fail(
          'file_too_large',
          `the file is ${mib(info.size)}, over the ${mib(this.#max)} limit for a manifest`,
        );
      }
      bytes = readPastSize(fd, info.size);
    } catch (error) {
      return fail(
        'unreadable',
        `the file cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    } finally {
      closeSync(fd);
    }
    if (bytes.length > this.#max) {
      return fail('file_too_large', `the file is over the ${mib(this.#max)} limit for a manifest`);
    }
    // The native check first; the byte-by-byte one only to say where a file goes wrong.
    const bad = isUtf8(bytes) ? -1 : invalidUtf8Offset(bytes);
    if (bad !== -1) {
      return {
        kind: 'problem',
        problem: problemAt(
          locationOfByte(file, bytes, bad),
          'not_utf8',
          `the file is not UTF-8 (byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} here); save it as UTF-8`,
        ),
      };
    }
    return { kind: 'text', text: new TextDecoder('utf-8').decode(bytes) };
  }
}
