import { ApiPaths, apiPath } from "../contracts";
import { shopperBearer } from "./client";

/**
 * Downloads an order's receipt and saves it as `Receipt_{orderId}.pdf` (spec section 7, Receipts). Answers "forbidden"
 * on a 403 (the caller sends the shopper home, spec section 6); other failures are logged only (spec section 8).
 */
export async function downloadReceipt(orderId: string): Promise<"saved" | "forbidden" | "failed"> {
  const bearer = shopperBearer();
  try {
    const answer = await fetch(apiPath(ApiPaths.bill.receipt, { orderId }), {
      headers: { Authorization: `Bearer ${bearer}`, Accept: "application/pdf" },
    });
    if (answer.status === 403) return "forbidden";
    if (!answer.ok) {
      console.error(`receipt of ${orderId}: ${answer.status}`);
      return "failed";
    }
    const url = URL.createObjectURL(await answer.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = `Receipt_${orderId}.pdf`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return "saved";
  } catch (error) {
    console.error(`receipt of ${orderId}:`, error);
    return "failed";
  }
}
