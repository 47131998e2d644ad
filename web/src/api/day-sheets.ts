import { ApiPaths, apiPath, deliveryRunSchema, productionSheetSchema } from "../contracts";
import { request } from "./client";

/** ADMIN: the owner's printouts of a day (docs/back-office.md, Printouts), as order-payment answers them. */

export async function productionSheet(date: string) {
  const answer = await request(apiPath(ApiPaths.payment.adminProduction, {}, { date }), { authorised: true });
  return productionSheetSchema.parse(answer);
}

export async function deliveryRun(date: string) {
  const answer = await request(apiPath(ApiPaths.payment.adminDeliveryRun, {}, { date }), { authorised: true });
  return deliveryRunSchema.parse(answer);
}
