// The one test for a JSON object, for every reader of parsed YAML, JSON and
// the service's answers.

/** An object that is neither null nor an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
