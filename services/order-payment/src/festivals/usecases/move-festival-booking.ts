import type { FestivalWindow } from "@storefront/contracts";
import { passPayment } from "../../counter/domain/pass.js";
import type { FestivalPasses } from "../../counter/persistence/festival-passes.js";
import type { KitchenHold, KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import type { Order, OrderFestival } from "../../orders/domain/order.js";
import type { OrderChange } from "../../orders/domain/order-change.js";
import { bookingMovedEvent } from "../../orders/domain/order-events.js";
import type { OrderRepository } from "../../orders/persistence/orders.js";
import { windowEndsAt } from "../domain/festival-day.js";
import { festivalWindowResource } from "../domain/festival-resources.js";
import type { FestivalsRepository } from "../persistence/festivals.js";

export interface MoveBookingContext {
  festivals: Pick<FestivalsRepository, "byId">;
  kitchen: KitchenRepository;
  orders: Pick<OrderRepository, "byId" | "apply">;
  passes: Pick<FestivalPasses, "codeOf" | "byCode" | "moveWindow">;
  now: () => Date;
}

export type MoveOutcome =
  | { moved: { windowId: string; label: string } }
  | { refused: "not-found" | "not-a-booking" | "not-movable" | "target-not-open" | "target-full" | "under-way" };

/**
 * The owner moves a booking of a closed window to another window of its day (docs/festivals.md, Closing and
 * resizing a window): its window-boxes leave the old window-day and join the new one on the kitchen's counters, the
 * same `kitchen_days` documents every booking holds on (no count of the move's own), and its order and pass name the
 * new window. Once however often tapped, beside a cancel:
 * 1. the boxes are taken as sold on the new window-day, marked `movedIn.<order>-<move>` (its hold's move number), or
 *    refused when it has no room;
 * 2. the hold's window line becomes the new window's, guarded by its state (`sold`) and move number: one winner; a
 *    loser whose move won under another tap keeps the take (the same marker), any other gives it back (a cancel came
 *    first: its units went back as the old line, so the new take must not stay);
 * 3. the old window-day gives the boxes back, marked `movedOut.<order>-<move>`;
 * 4. the order's festival window and pickup slot, and its pass's window, are written from the hold.
 * A crash after 2 leaves the hold on the new window and the order on the old one, which the page still lists under
 * the closed window: the next tap finishes 3 and 4. A cancel after 2 gives back the new window's boxes (the hold's
 * lines), and 3 the old one's.
 */
export async function moveFestivalBooking(
  ctx: MoveBookingContext,
  festivalId: string,
  orderId: string,
  toWindowId: string,
  /** The owner's request's id: the shopper's mail of the move is traced by it. */
  correlationId: string,
): Promise<MoveOutcome> {
  const [festival, order, hold] = await Promise.all([
    ctx.festivals.byId(festivalId),
    ctx.orders.byId(orderId),
    ctx.kitchen.holdOf(orderId),
  ]);
  if (!festival) return { refused: "not-found" };
  if (!order?.festival || order.festival.festivalId !== festivalId) return { refused: "not-a-booking" };
  const { day } = order.festival;
  const resourceOf = (windowId: string) => festivalWindowResource(festivalId, windowId);
  // A move the kitchen made whose order was not written yet (a crash, or this tap's twin under way): finished first.
  if (hold?.movedFrom && windowOfHold(hold, festivalId) !== order.festival.windowId) {
    return finishMove(ctx, order, festival.windows, hold, correlationId);
  }
  const fromId = order.festival.windowId;
  // A window a save took out is as closed as one the owner closed: its bookings are listed with them.
  const fromOpen = festival.windows.some((window) => window.windowId === fromId && !window.closed);
  const to = festival.windows.find((window) => window.windowId === toWindowId);
  const code = await ctx.passes.codeOf(orderId);
  const pass = code ? await ctx.passes.byCode(code) : null;
  const payment = passPayment(order, { cashAtCounter: order.festival.cashAtCounter });
  if (
    fromOpen ||
    (payment !== "paid" && payment !== "cash-due") ||
    pass?.collected ||
    hold?.state !== "sold" ||
    toWindowId === fromId
  ) {
    return { refused: "not-movable" };
  }
  if (to?.kind !== "pickup" || to.closed || windowEndsAt(day, to.end).getTime() <= ctx.now().getTime()) {
    return { refused: "target-not-open" };
  }
  const line = hold.lines.find((one) => one.productId === resourceOf(fromId));
  if (!line) return { refused: "not-movable" };
  const move = hold.moves ?? 0;
  const key = `${orderId}-${move}`;
  const toLine = { productId: resourceOf(to.windowId), units: line.units };
  // The window-day exists once the owner saved the festival (its totals); opened as a checkout would, if not.
  await ctx.kitchen.openDay(toLine.productId, day, to.capacityBoxes);
  if (!(await ctx.kitchen.takeMovedIn(toLine.productId, day, key, line.units))) return { refused: "target-full" };
  if (!(await ctx.kitchen.moveSoldLine(orderId, move, line, toLine, hold.lines))) {
    const now = await ctx.kitchen.holdOf(orderId);
    const sameMoveWon = now?.movedFrom?.move === move && now.lines.some((one) => one.productId === toLine.productId);
    if (!sameMoveWon) {
      await ctx.kitchen.untakeMovedIn(toLine.productId, day, key, line.units);
      return { refused: now?.state === "sold" ? "under-way" : "not-movable" };
    }
  }
  const moved = await ctx.kitchen.holdOf(orderId);
  return moved ? finishMove(ctx, order, festival.windows, moved, correlationId) : { refused: "not-movable" };
}

/** The window a festival booking's hold names (its window line), or undefined. */
function windowOfHold(hold: Pick<KitchenHold, "lines">, festivalId: string): string | undefined {
  const prefix = festivalWindowResource(festivalId, "");
  return hold.lines.find((line) => line.productId.startsWith(prefix))?.productId.slice(prefix.length);
}

/**
 * Steps 3 and 4: the old window-day's boxes given back (once), then the order and the pass as the hold says. The
 * order's write is guarded by the window it was read at and carries the shopper's mail of the move: of any number of
 * taps (or a crash's next tap), one writes it.
 */
async function finishMove(
  ctx: MoveBookingContext,
  order: Order,
  windows: readonly FestivalWindow[],
  hold: KitchenHold,
  correlationId: string,
): Promise<MoveOutcome> {
  const booked = order.festival;
  const windowId = booked && windowOfHold(hold, booked.festivalId);
  const window = windows.find((one) => one.windowId === windowId);
  if (!booked || !hold.movedFrom || !window) return { refused: "not-movable" };
  const { movedFrom } = hold;
  await ctx.kitchen.giveBackMovedOut(
    movedFrom.productId,
    booked.day,
    `${order._id}-${movedFrom.move}`,
    movedFrom.units,
  );
  const code = await ctx.passes.codeOf(order._id);
  await ctx.orders.apply(order._id, movedToWindow(order, booked, window, correlationId, code));
  if (code) await ctx.passes.moveWindow(code, window.windowId, window.label);
  return { moved: { windowId: window.windowId, label: window.label } };
}

/**
 * The order's festival window and pickup slot, as the kitchen's hold names it (whole fields), from the window it was
 * read at, with the shopper's mail of the move (`order.booking-moved`, its pass code unchanged).
 */
function movedToWindow(
  order: Order,
  booked: OrderFestival,
  window: FestivalWindow,
  correlationId: string,
  passCode: string | undefined,
): OrderChange {
  const { windowLabelMr: _mr, ...kept } = booked;
  const { slotLabelMr: _slotMr, ...delivery } = order.delivery ?? { zoneId: "", kind: "pickup" as const, name: "" };
  const festival = {
    ...kept,
    windowId: window.windowId,
    windowLabel: window.label,
    ...(window.labelMr ? { windowLabelMr: window.labelMr } : {}),
  };
  return {
    from: { festivalWindowId: booked.windowId },
    events: [bookingMovedEvent({ ...order, festival }, booked, correlationId, passCode)],
    set: {
      festival,
      ...(order.delivery
        ? {
            delivery: {
              ...delivery,
              slotId: window.windowId,
              slotLabel: window.label,
              ...(window.labelMr ? { slotLabelMr: window.labelMr } : {}),
            },
          }
        : {}),
    },
  };
}
