// `--name value` options of a benchmark script.

/** The value after `--name` on the command line, or `fallback`. */
export function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
