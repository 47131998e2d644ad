import { defaultPorts, devDefault, jwtEnv, loadConfig, port, serviceEnv } from "@storefront/config";
import { gstinSchema } from "@storefront/contracts";
import { z } from "zod";

/**
 * Every environment variable the billing service reads. The supplier's particulars printed on every tax invoice
 * (CGST Rules, rule 46) are the shop's details (SHOP, docs/shop-details.md: name, address, state, email, phone, FSSAI
 * licence), except its GSTIN: a tax registration that differs between a test shop and the real one, so production
 * must give it. The development value is a SAMPLE that only looks real in shape (a GSTIN of Maharashtra, code 27,
 * with a valid check character): production has no default.
 */
export const billingEnv = {
  ...serviceEnv,
  ...jwtEnv,
  PORT: port(defaultPorts.billing),
  MONGO_DB: z.string().min(1).default("billing"),
  SUPPLIER_GSTIN: devDefault(
    // Its shape, state code and check character (docs/business-buyers.md, The GSTIN).
    gstinSchema,
    "27AAPFG1234K1Z8",
  ),
  /** Letters before the financial year in invoice numbers (`GM/26-27/000123`: at most 16 characters in all). */
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9]{1,4}$/)
    .default("GM"),
};

export type BillingConfig = z.infer<z.ZodObject<typeof billingEnv>>;

export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env): BillingConfig => loadConfig(billingEnv, env);
