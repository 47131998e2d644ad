/**
 * Which WhatsApp sends fail, so tests can make WhatsApp fail and watch the SMS fallback: the next N sends (whatever
 * the number), and every send to some numbers (a number not on WhatsApp). `how` is the way the real API fails:
 * `reject` answers the send call with Graph's error; `undeliverable` accepts it, then sends a `failed` status.
 */
export type FailHow = "reject" | "undeliverable";

export interface FailureSettings {
  next: number;
  numbers: string[];
  how: FailHow;
}

export class FailureSwitch {
  #next: number;
  readonly #numbers: Set<string>;
  #how: FailHow;

  constructor(settings: FailureSettings) {
    this.#next = settings.next;
    this.#numbers = new Set(settings.numbers);
    this.#how = settings.how;
  }

  /** Whether a send to `number` fails, and how; a failure of the "next N" is used up by this call. */
  take(number: string): FailHow | undefined {
    if (this.#numbers.has(number)) return this.#how;
    if (this.#next > 0) {
      this.#next -= 1;
      return this.#how;
    }
    return undefined;
  }

  /** Changes what is given (a test at run time); numbers given replace the list. */
  set(settings: Partial<FailureSettings>): void {
    if (settings.next !== undefined) this.#next = settings.next;
    if (settings.how !== undefined) this.#how = settings.how;
    if (settings.numbers !== undefined) {
      this.#numbers.clear();
      for (const number of settings.numbers) this.#numbers.add(number);
    }
  }

  get settings(): FailureSettings {
    return { next: this.#next, numbers: [...this.#numbers], how: this.#how };
  }
}
