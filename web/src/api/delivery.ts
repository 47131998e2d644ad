import { ApiPaths, apiPath, pincodeCheckSchema } from "../contracts";
import { request } from "./client";

/** "Deliver to 412803?" (docs/delivery.md): the place and the ways an order gets there. Quiet: the form says why. */
export async function checkPincode(pincode: string) {
  return pincodeCheckSchema.parse(await request(apiPath(ApiPaths.delivery.pincode, { pincode }), { quiet: true }));
}
