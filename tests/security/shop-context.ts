// What the e2e global setup provides to the suites it starts the shop for (the e2e project runs this suite too): its
// `declare module "vitest"` is the one declaration of it, brought into this workspace's type check by this import.
import type {} from "../../web/e2e/global-setup.js";
