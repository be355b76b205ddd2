import type { CliIO } from '../../src/cli/terminal.ts';

/** A CLI IO that records what the CLI writes; `stop()` plays Ctrl-C. */
export function memoryIO(options: { env?: Record<string, string>; stdin?: string; cwd?: string } = {}) {
  let out = '';
  let err = '';
  /** Both streams as one terminal shows them, in the order written. */
  let both = '';
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const io: CliIO = {
    stdout: { write: (text: string) => ((out += text), (both += text)), isTTY: false },
    stderr: { write: (text: string) => ((err += text), (both += text)), isTTY: false },
    stdin: (async function* () {
      if (options.stdin !== undefined) yield options.stdin;
    })(),
    env: { ...options.env },
    cwd: options.cwd ?? process.cwd(),
    interrupted: () => stopped,
  };
  return {
    io,
    stop: () => stop(),
    get out() {
      return out;
    },
    get err() {
      return err;
    },
    get both() {
      return both;
    },
  };
}
