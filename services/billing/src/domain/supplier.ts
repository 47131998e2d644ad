import { gstinRefusal, gstStateCode, SHOP } from "@storefront/contracts";
import type { Supplier } from "./invoice.js";

/**
 * The supplier on every invoice and credit note: the shop's details from SHOP (docs/shop-details.md: name, address,
 * state, email, phone, FSSAI licence) with the GSTIN the billing service is given (SUPPLIER_GSTIN): the tax
 * registration differs between a test shop and the real one, the shop's address does not. Throws when the GSTIN is not
 * of SHOP's state, so a wrong registration stops billing at start-up instead of printing on invoices.
 */
export function shopSupplier(gstin: string): Supplier {
  const stateCode = gstStateCode(SHOP.state);
  if (!stateCode) throw new Error(`SHOP.state ${SHOP.state} is not a state of India`);
  // The shape, the state code and the check character (docs/business-buyers.md, The GSTIN): a mistyped registration
  // stops billing at start-up instead of printing on invoices.
  const refusal = gstinRefusal(gstin);
  if (refusal) throw new Error(`SUPPLIER_GSTIN ${gstin}: ${refusal}`);
  if (!gstin.startsWith(stateCode))
    throw new Error(`SUPPLIER_GSTIN must start with ${stateCode}, the code of ${SHOP.state}`);
  return {
    legalName: SHOP.name,
    address: SHOP.address,
    gstin,
    fssai: SHOP.fssaiLicence,
    state: SHOP.state,
    stateCode,
    email: SHOP.email,
    phone: SHOP.phone,
  };
}
