// Scripted faults: statuses, latency, dropped connections and lost responses.
import type { Fault, FaultRule } from './types.ts';

interface ActiveRule {
  rule: FaultRule;
  remaining: number;
}

export class Faults {
  readonly #rules: ActiveRule[] = [];
  latencyMs = 0;

  add(rule: FaultRule): void {
    const remaining = rule.times ?? 1;
    if (!(remaining > 0)) throw new Error('A fault rule needs times ≥ 1 (or Infinity).');
    this.#rules.push({ rule: { ...rule }, remaining });
  }

  clear(): void {
    this.#rules.length = 0;
    this.latencyMs = 0;
  }

  /** The first rule matching the request, consumed once. */
  take(method: string, path: string): Fault | null {
    const relative = path.startsWith('/v1/') ? path.slice(3) : path;
    for (const [index, active] of this.#rules.entries()) {
      const { rule } = active;
      if (rule.method && rule.method.toUpperCase() !== method) continue;
      if (rule.path !== undefined && !pathMatches(rule.path, path, relative)) continue;
      active.remaining -= 1;
      if (active.remaining <= 0) this.#rules.splice(index, 1);
      return rule.fault;
    }
    return null;
  }
}

function pathMatches(pattern: string | RegExp, path: string, relative: string): boolean {
  if (typeof pattern === 'string') return pattern === path || pattern === relative;
  pattern.lastIndex = 0;
  if (pattern.test(path)) return true;
  pattern.lastIndex = 0;
  return pattern.test(relative);
}
