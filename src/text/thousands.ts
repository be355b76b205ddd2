// Counts as a reader reads them: 10,000. Written out rather than asked of
// toLocaleString, whose first call loads the locale data: 20-25 ms of a
// large plan's report, for commas.

/** A whole number with its thousands separated by commas: 10000 -> "10,000". */
export function thousands(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}
