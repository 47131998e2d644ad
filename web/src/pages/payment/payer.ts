import { customerInfo } from "../../api/identity";
import { type GuestData, storedGuestData, storedToken } from "../../auth/session";
import { composeAddress, PaymentMessages } from "../../contracts";
import { notifyInfo } from "../../toast/toaster";
import type { BusinessAddress } from "./BillToSection";

export interface Payer {
  customerName: string;
  customerEmail: string;
  mobile: string;
  addresses: string[];
  /** Signed-in customers may add an address from here; a guest's address is the one they gave. */
  canAddAddress: boolean;
  /** Saved addresses marked as a business's (GSTIN and legal name): the bill-to may be one of them. */
  businessAddresses: BusinessAddress[];
}

const guestPayer = (guest: GuestData): Payer => ({
  customerName: guest.customerName,
  customerEmail: guest.customerEmail,
  mobile: guest.mobile,
  addresses: [guest.address],
  canAddAddress: false,
  businessAddresses: [],
});

/**
 * Who pays (spec sections 4 and 8): the signed-in customer's info and saved addresses; if that cannot be read, the
 * guest data kept at checkout (with the spec's do-not-reload toast); neither: "User Info not found", back to checkout.
 */
export async function loadPayer(email: string): Promise<Payer | undefined> {
  if (storedToken()) {
    try {
      const info = await customerInfo(email, { quiet: true });
      const saved = info.addressVoList.map((address) => composeAddress(address));
      return {
        customerName: info.customerName,
        customerEmail: info.customerEmail,
        mobile: info.mobile,
        addresses: saved.length ? saved : [info.address].filter(Boolean),
        canAddAddress: true,
        businessAddresses: info.addressVoList.flatMap((address) =>
          address.business ? [{ address: composeAddress(address), ...address.business }] : [],
        ),
      };
    } catch {
      // falls back to the guest data below
    }
  }
  const guest = storedGuestData();
  if (!guest) return undefined;
  notifyInfo(PaymentMessages.DO_NOT_RELOAD);
  return guestPayer(guest);
}
