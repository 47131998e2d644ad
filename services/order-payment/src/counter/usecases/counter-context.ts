import type { WrongGuesses } from "../../coupons/persistence/coupon-guesses.js";
import type { SettleContext } from "../../payments/usecases/settle-payment.js";
import type { FestivalPasses } from "../persistence/festival-passes.js";

/** What the counter's use cases work with (docs/counter.md): the orders' settling context, the passes, the limit. */
export interface CounterContext extends SettleContext {
  passes: FestivalPasses;
  /** Unknown codes per staff account (COUNTER_GUESSES_PER_WINDOW per COUNTER_GUESSES_WINDOW_S). */
  passGuesses: WrongGuesses;
}

/** The staff member at the counter: their account id (the guesses' key) and name (what a mark records). */
export interface CounterStaff {
  userId: string;
  name: string;
}

/** The festival and day the counter's screen is open for, when it says. */
export interface CounterWhere {
  festivalId?: string | undefined;
  day?: string | undefined;
}
