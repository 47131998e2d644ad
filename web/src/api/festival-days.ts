import { z } from "zod";
import { ApiPaths, apiPath, type FestivalWindowChange, festivalDaySchema, festivalSchema } from "../contracts";
import { request } from "./client";

/**
 * ADMIN: a festival day's windows with their morning's progress and production list (docs/festivals.md, The
 * festival's day). Quiet: the page says a failure itself, and it is asked again every 30 seconds.
 */
export async function festivalDay(festivalId: string, day: string, signal?: AbortSignal) {
  return festivalDaySchema.parse(
    await request(apiPath(ApiPaths.payment.adminFestivalDay, { festivalId, day }), {
      authorised: true,
      quiet: true,
      signal,
    }),
  );
}

/** ADMIN: one window closed, opened or resized at the version read; a 409 says the festival changed meanwhile. */
export async function changeFestivalWindow(festivalId: string, windowId: string, change: FestivalWindowChange) {
  const answer = await request(apiPath(ApiPaths.payment.adminFestivalWindow, { festivalId, windowId }), {
    method: "PATCH",
    body: change,
    authorised: true,
  });
  return z.object({ message: z.string(), festival: festivalSchema }).parse(answer);
}

/** ADMIN: a closed window's booking moved to another window of its day. */
export async function moveFestivalBooking(festivalId: string, orderId: string, toWindowId: string) {
  const answer = await request(apiPath(ApiPaths.payment.adminFestivalBookingMove, { festivalId, orderId }), {
    method: "POST",
    body: { toWindowId },
    authorised: true,
  });
  return z.object({ message: z.string(), window: z.object({ windowId: z.string(), label: z.string() }) }).parse(answer);
}
