import { type Festival, type FestivalWindowChange, festivalSchema } from "@storefront/contracts";
import { type FestivalContext, saveFestival } from "./save-festival.js";

export type WindowChangeOutcome =
  | { saved: Festival }
  | { refused: "not-found" | "no-window" | "changed" | "invalid"; message?: string };

/**
 * One window closed, opened or resized without the whole form (docs/festivals.md, Closing and resizing a window):
 * the festival as stored at the version the owner read, with only that window changed, judged by the festival's
 * own schema and saved by the one save (version-guarded, the kitchen's totals written: a closed window's day goes to
 * 0 and a resized one keeps its sold boxes). A stale version is refused as a stale form is.
 */
export async function changeFestivalWindow(
  ctx: FestivalContext,
  festivalId: string,
  windowId: string,
  change: FestivalWindowChange,
  by: string,
): Promise<WindowChangeOutcome> {
  const festival = await ctx.festivals.byId(festivalId);
  if (!festival) return { refused: "not-found" };
  if (!festival.windows.some((window) => window.windowId === windowId)) return { refused: "no-window" };
  if (festival.version !== change.version) return { refused: "changed" };
  const windows = festival.windows.map((window) => {
    if (window.windowId !== windowId) return window;
    const { closed: _closed, ...rest } = window;
    const closed = change.closed ?? window.closed;
    return { ...rest, capacityBoxes: change.capacityBoxes ?? window.capacityBoxes, ...(closed ? { closed } : {}) };
  });
  const judged = festivalSchema.safeParse({ ...festival, windows });
  if (!judged.success) return { refused: "invalid", message: judged.error.issues[0]?.message };
  const result = await saveFestival(ctx, judged.data, by);
  return "refused" in result ? { refused: "changed" } : result;
}
