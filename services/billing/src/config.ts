import { defaultPorts, devDefault, jwtEnv, loadConfig, port, serviceEnv } from "@storefront/config";
import { z } from "zod";

/**
 * Every environment variable the billing service reads. The supplier's particulars are printed on every tax
 * invoice (CGST Rules, rule 46). Their development values are SAMPLES that only look real in shape (a GSTIN of
 * Maharashtra, code 27, with a valid check character; a 14-digit FSSAI licence number): production has no default.
 */
export const billingEnv = {
  ...serviceEnv,
  ...jwtEnv,
  PORT: port(defaultPorts.billing),
  MONGO_DB: z.string().min(1).default("billing"),
  SUPPLIER_LEGAL_NAME: devDefault(z.string().min(1), "Gokul Mithai & Farsan"),
  SUPPLIER_ADDRESS: devDefault(
    z.string().min(10),
    "12 Ganpati Ali, near Dholya Ganpati Ghat, Wai, Satara district, Maharashtra 412803",
  ),
  SUPPLIER_GSTIN: devDefault(
    z.string().regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "a GSTIN has 15 characters, e.g. 27AAPFG1234K1Z8"),
    "27AAPFG1234K1Z8",
  ),
  SUPPLIER_FSSAI: devDefault(z.string().regex(/^\d{14}$/, "an FSSAI licence number has 14 digits"), "11526999000123"),
  SUPPLIER_STATE: z.string().min(1).default("Maharashtra"),
  SUPPLIER_EMAIL: devDefault(z.email(), "hello@gokulmithai.example"),
  SUPPLIER_PHONE: devDefault(z.string().min(6), "+91 98220 00000"),
  /** Letters before the financial year in invoice numbers (`GM/26-27/000123`: at most 16 characters in all). */
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9]{1,4}$/)
    .default("GM"),
};

export type BillingConfig = z.infer<z.ZodObject<typeof billingEnv>>;

export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env): BillingConfig => loadConfig(billingEnv, env);
