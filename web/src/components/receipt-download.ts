import { useNavigate } from "react-router-dom";
import { downloadReceipt } from "../api/billing";

/**
 * Downloads a paid order's receipt for whoever is signed in (the shopper's history, the owner's order page); a refusal
 * sends them home (spec section 6), as it does wherever the shop answers 403.
 */
export function useReceiptDownload(): (orderId: string) => Promise<void> {
  const navigate = useNavigate();
  return async (orderId) => {
    if ((await downloadReceipt(orderId)) === "forbidden") navigate("/home");
  };
}
