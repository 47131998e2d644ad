import { ApiPaths, apiPath } from "../contracts";
import { shopperBearer } from "./client";

/**
 * Downloads a file the signed-in reader may read (a PDF, the owner's GSTR-1 ZIP) and saves it under the name the
 * server gives (Content-Disposition), else `fileName`.
 * Answers "forbidden" on a 403 (the caller sends the shopper home, spec section 6); other failures are logged only
 * (spec section 8).
 */
async function downloadFile(
  path: string,
  fileName: string,
  bearer: string,
  accept = "application/pdf",
): Promise<"saved" | "forbidden" | "failed"> {
  try {
    const answer = await fetch(path, { headers: { Authorization: `Bearer ${bearer}`, Accept: accept } });
    if (answer.status === 403) return "forbidden";
    if (!answer.ok) {
      console.error(`${fileName}: ${answer.status}`);
      return "failed";
    }
    const url = URL.createObjectURL(await answer.blob());
    const link = document.createElement("a");
    link.href = url;
    // The server's name when it gives one (the GSTR-1 ZIP is named for the shop's GSTIN and the period), quoted or
    // not (Express quotes a name only when it must).
    link.download = answer.headers.get("content-disposition")?.match(/filename="?([^";]+)/)?.[1] ?? fileName;
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
  downloadFile(apiPath(ApiPaths.bill.receipt, { orderId }), `Receipt_${orderId}.pdf`, bearer);

/** A credited refund's GST credit note as `CreditNote_{refundId}.pdf`. */
export const downloadCreditNote = (orderId: string, refundId: string, bearer = shopperBearer()) =>
  downloadFile(apiPath(ApiPaths.bill.creditNote, { orderId, refundId }), `CreditNote_${refundId}.pdf`, bearer);

/**
 * The owner's GSTR-1 of an India month (`YYYY-MM`) as the server names it (`GSTR1_<GSTIN>_<MMYYYY>.zip`): the GST
 * offline tool's CSV sections (docs/business-buyers.md, GSTR-1), ADMIN only.
 */
export const downloadGstr1 = (month: string, bearer = shopperBearer()) =>
  downloadFile(apiPath(ApiPaths.bill.gstr1, { month }), `GSTR1_${month}.zip`, bearer, "application/zip");
