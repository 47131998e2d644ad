import { ApiPaths } from "../contracts";
import { request } from "./client";

// Apart from the console's other calls (api/ops.ts). The navbar loads it only when an admin signs out: its
// import of the contracts' schemas must not be in every page's first load.

/** Lets bull-board's page (a plain navigation, no Authorization header) in: the server sets its cookie. */
export async function openJobBoardSession(): Promise<void> {
  await request(ApiPaths.ops.session, { method: "POST", authorised: true });
}

/**
 * Ends the admin's job-board sessions (the SPA's sign-out, with the token it had): the cookie bull-board's page
 * carries stops working at once instead of lasting its 30 minutes. Quiet: signing out never shows an error.
 */
export async function endJobBoardSessions(adminToken: string): Promise<void> {
  await request(ApiPaths.ops.session, { method: "DELETE", bearer: adminToken, quiet: true });
}
