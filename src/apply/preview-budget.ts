import type { ServiceApi } from '../service-client/types.ts';
import type { Hold } from '../plan/types.ts';

// The `preview-credits` ceiling of a pull request's preview renders. The
// interface shows no price, only the balance (GET /users/credits), and a
// phase's credits are reserved when its request is accepted: so the balance
// is read before each preview render, what the previews spent is the drop
// since the first read, and the next one is sent only while that, plus the
// most one preview has cost so far, stays within the ceiling. The first is
// sent when the ceiling is above zero. One render at a time passes the check
// and its send, so two previews never both see the same balance. Spending by
// anything else meanwhile counts as the previews' own: the ceiling errs
// towards fewer renders, never more.

/** What a render that passed the check must say once its request is answered. */
export interface BudgetTicket {
  /** Why this render is not sent; null when it may be. */
  hold: Hold | null;
  /** Called once the request is answered (or not sent): the next render's check may go. */
  sent: () => void;
}

export class PreviewBudget {
  readonly #client: ServiceApi;
  readonly #ceiling: number;
  #queue: Promise<void> = Promise.resolve();
  #start: number | null = null;
  #renders = 0;
  #mostOne = 0;
  #last: number | null = null;

  constructor(client: ServiceApi, ceiling: number) {
    this.#client = client;
    this.#ceiling = ceiling;
  }

  /** Waits for the renders before this one to be sent, then checks the balance against the ceiling. */
  async take(): Promise<BudgetTicket> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const before = this.#queue;
    this.#queue = before.then(() => turn);
    await before;
    let released = false;
    const sent = (): void => {
      if (released) return;
      released = true;
      release();
    };
    const hold = await this.#check();
    if (hold !== null) sent();
    else this.#renders++;
    return { hold, sent };
  }

  async #check(): Promise<Hold | null> {
    let balance: number;
    try {
      balance = await this.#client.credits();
    } catch {
      return { kind: 'preview_credits', spent: null, ceiling: this.#ceiling };
    }
    this.#start ??= balance;
    if (this.#last !== null) this.#mostOne = Math.max(this.#mostOne, this.#last - balance);
    this.#last = balance;
    const spent = Math.max(0, this.#start - balance);
    const next = this.#renders === 0 ? 0 : this.#mostOne;
    const within =
      this.#renders === 0 ? this.#ceiling > 0 : spent + next <= this.#ceiling && spent < this.#ceiling;
    return within ? null : { kind: 'preview_credits', spent, ceiling: this.#ceiling };
  }
}
