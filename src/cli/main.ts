/** Runs the CLI with its arguments; resolves to the exit code. */
export async function main(_argv: string[]): Promise<number> {
  process.stderr.write('content-as-code: the CLI is not wired yet\n');
  return 2;
}
