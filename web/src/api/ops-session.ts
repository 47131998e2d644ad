import { ApiPaths } from "../contracts";
import { request } from "./client";

// Apart from the console's other calls (api/ops.ts): the navbar's sign-out needs only this, on every page.

/** Lets bull-board's page (a plain navigation, no Authorization header) in: the server sets its cookie. */
export async function openJobBoardSession(): Promise<void> {
  await request(ApiPaths.ops.session, { method: "POST", authorised: true });
}

/**
 * Ends the admin's job-board sessions (the SPA's sign-out): the cookie bull-board's page carries stops working at
 * once instead of lasting its 30 minutes. Quiet: signing out never shows an error.
 */
export async function endJobBoardSessions(): Promise<void> {
  await request(ApiPaths.ops.session, { method: "DELETE", authorised: true, quiet: true });
}
