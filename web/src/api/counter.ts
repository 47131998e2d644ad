import { z } from "zod";
import {
  ApiPaths,
  apiPath,
  counterMorningsSchema,
  counterPassSchema,
  type NewStaffAccount,
  type StaffAccount,
} from "../contracts";
import type { CounterWhere } from "../pages/counter/counter-morning";
import { request } from "./client";

/** A counter route's path naming the morning the screen serves (its `festivalId` and `day`), when it names one. */
const servingPath = (path: string, where: CounterWhere) => {
  const query = new URLSearchParams(where).toString();
  return query ? `${path}?${query}` : path;
};

/** The festival mornings the counter may serve, today first (docs/counter.md, The counter's screen). */
export async function counterMornings() {
  return counterMorningsSchema.parse(await request(ApiPaths.payment.counterMornings, { authorised: true, quiet: true }))
    .mornings;
}

/** The counter's calls (docs/counter.md), quiet: the counter screen shows every answer in place, large. */
export async function lookUpPass(code: string, where: CounterWhere = {}) {
  return counterPassSchema.parse(
    await request(servingPath(apiPath(ApiPaths.payment.counterPass, { code }), where), {
      authorised: true,
      quiet: true,
    }),
  );
}

/** Marks a pass collected (or its cash taken) under the phone's `markId`: a retry is answered as the first. */
export async function sendMark(code: string, kind: "collected" | "cash", markId: string, where: CounterWhere = {}) {
  const path = kind === "collected" ? ApiPaths.payment.counterCollected : ApiPaths.payment.counterCash;
  return z.object({ message: z.string(), pass: counterPassSchema }).parse(
    await request(servingPath(apiPath(path, { code }), where), {
      method: "POST",
      body: { markId },
      authorised: true,
      quiet: true,
    }),
  );
}

/** ADMIN: the counter accounts (docs/counter.md, Staff accounts). */
export async function staffAccounts() {
  const staff = z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    userType: z.literal("COUNTER"),
    createdAt: z.string(),
    disabledAt: z.string().optional(),
  });
  const answer = z.object({ staff: z.array(staff) }).parse(await request(ApiPaths.auth.staff, { authorised: true }));
  return answer.staff satisfies StaffAccount[];
}

export async function addStaffAccount(account: NewStaffAccount) {
  return z
    .object({ message: z.string() })
    .parse(await request(ApiPaths.auth.staff, { method: "POST", body: account, authorised: true }));
}

export async function disableStaffAccount(userId: string) {
  return z
    .object({ message: z.string() })
    .parse(await request(apiPath(ApiPaths.auth.staffDisable, { userId }), { method: "POST", authorised: true }));
}

/** ADMIN: a counter account's new password, handed over by the owner (staff have no forgot-password). */
export async function setStaffPassword(userId: string, newPassword: string) {
  return z.object({ message: z.string() }).parse(
    await request(apiPath(ApiPaths.auth.staffPassword, { userId }), {
      method: "POST",
      body: { newPassword },
      authorised: true,
    }),
  );
}
