import { ApiPaths, apiPath } from "../contracts";
import { shopperBearer } from "./client";

/**
 * Downloads a PDF the shopper may read and saves it under `fileName`. Answers "forbidden" on a 403 (the caller sends
 * the shopper home, spec section 6); other failures are logged only (spec section 8).
 */
async function downloadPdf(path: string, fileName: string, bearer: string): Promise<"saved" | "forbidden" | "failed"> {
  try {
    const answer = await fetch(path, { headers: { Authorization: `Bearer ${bearer}`, Accept: "application/pdf" } });
    if (answer.status === 403) return "forbidden";
    if (!answer.ok) {
      console.error(`${fileName}: ${answer.status}`);
      return "failed";
    }
    const url = URL.createObjectURL(await answer.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return "saved";
  } catch (error) {
    console.error(`${fileName}:`, error);
    return "failed";
  }
}

/** An order's receipt as `Receipt_{orderId}.pdf` (spec section 7, Receipts). */
export const downloadReceipt = (orderId: string, bearer = shopperBearer()) =>
  downloadPdf(apiPath(ApiPaths.bill.receipt, { orderId }), `Receipt_${orderId}.pdf`, bearer);

/** A credited refund's GST credit note as `CreditNote_{refundId}.pdf`. */
export const downloadCreditNote = (orderId: string, refundId: string, bearer = shopperBearer()) =>
  downloadPdf(apiPath(ApiPaths.bill.creditNote, { orderId, refundId }), `CreditNote_${refundId}.pdf`, bearer);
