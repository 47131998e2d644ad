import { randomBytes } from "node:crypto";

/** A short unique name for one test's resources: `t_<label>_<8 hex>`, safe as a database, vhost or key prefix. */
export function uniqueName(label: string): string {
  const safe = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .slice(0, 24);
  return `t_${safe}_${randomBytes(4).toString("hex")}`;
}
