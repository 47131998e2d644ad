import { CounterMessages, type CounterPass } from "@storefront/contracts";
import { recordCashReceived } from "../../payments/usecases/record-cash-at-door.js";
import { CounterError } from "../domain/counter-error.js";
import { counterView, passPayment } from "../domain/pass.js";
import type { CounterContext, CounterStaff, CounterWhere } from "./counter-context.js";
import { openPass } from "./open-pass.js";

/**
 * `POST /api/payment/counter/passes/:code/cash` (docs/counter.md): the cash of a cash booking taken at the counter,
 * recorded by the owner's own "cash received" path of cash on delivery (docs/delivery.md), so the booking is paid
 * with its `order.paid` and billing's invoice exactly as at the door: once, however many taps or phones. Taken
 * before (by this phone or another) answers the booking as paid: nothing more is recorded.
 */
export async function takeCash(
  ctx: CounterContext,
  staff: CounterStaff,
  typed: string,
  where: CounterWhere,
  correlationId: string,
): Promise<CounterPass> {
  const { pass, order } = await openPass(ctx, staff, typed, where);
  if (passPayment(order, pass) === "cancelled") throw new CounterError("cancelled", CounterMessages.CANCELLED);
  if (!pass.cashAtCounter || order.paymentMethod !== "cash-on-delivery") {
    throw new CounterError("not-cash-due", CounterMessages.NOT_CASH_DUE);
  }
  const outcome = await recordCashReceived(ctx, order._id, staff.name, correlationId);
  if (outcome !== "recorded" && outcome !== "already-recorded") {
    throw new CounterError("not-cash-due", CounterMessages.NOT_CASH_DUE);
  }
  return counterView(pass, (await ctx.orders.byId(order._id)) ?? order);
}
