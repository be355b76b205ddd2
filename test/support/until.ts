/**
 * Waits until `ready()` holds, checking every few milliseconds, for a test
 * that waits on something another task does (a server's first line, a
 * request arriving). A wall-clock wait would fail on a loaded machine; this
 * one only gives up after 90 s, to name what never happened rather than
 * leave the test's own 120 s deadline to say it hung.
 */
export async function until(ready: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
