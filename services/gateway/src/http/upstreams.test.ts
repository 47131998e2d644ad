import { PHOTO_MAX_BYTES, ProductMessages } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { bodyLimitOf, isCanonicalRoute, ownerOf } from "./upstreams.js";

const LIMIT = 100 * 1024;

describe("the gateway's routes", () => {
  it("lets a product photo's body through up to 2 MB, and keeps every other route at its own limit", () => {
    expect(bodyLimitOf("/api/v1/admin/products/kaju-katli/photo", LIMIT).limitBytes).toBe(PHOTO_MAX_BYTES);
    expect(bodyLimitOf("/api/v1/admin/products/kaju-katli", LIMIT)).toEqual({ limitBytes: LIMIT });
    expect(bodyLimitOf("/api/v1/admin/products/kaju-katli/photo/", LIMIT)).toEqual({ limitBytes: LIMIT });
    expect(bodyLimitOf("/api/v1/admin/products/a/b/photo", LIMIT)).toEqual({ limitBytes: LIMIT });
    expect(bodyLimitOf("/api/payment/create-order", LIMIT)).toEqual({ limitBytes: LIMIT });
  });

  it("refuses a photo over the limit in the catalogue's words (docs/back-office.md, Photos)", () => {
    expect(bodyLimitOf("/api/v1/admin/products/kaju-katli/photo", LIMIT).tooLarge).toEqual({
      code: "PHOTO_TOO_LARGE",
      message: ProductMessages.PHOTO_TOO_LARGE,
    });
  });

  it("sends the photo routes and the kitchen's to their services", () => {
    expect(ownerOf("/api/v1/admin/products/kaju-katli/photo")).toBe("catalogue");
    expect(isCanonicalRoute("catalogue", "/api/v1/products/photos/kaju-katli-0123456789ab-grid.webp")).toBe(true);
    expect(ownerOf("/api/payment/kitchen")).toBe("order-payment");
    expect(isCanonicalRoute("order-payment", "/api/payment/admin/kitchen/kaju-katli/2026-11-24")).toBe(true);
  });

  it("sends the phone providers' webhooks to notification, in their one form only (docs/messaging.md)", () => {
    expect(ownerOf("/api/notify/webhooks/whatsapp")).toBe("notification");
    expect(isCanonicalRoute("notification", "/api/notify/webhooks/whatsapp")).toBe(true);
    expect(isCanonicalRoute("notification", "/api/notify/webhooks/sms")).toBe(true);
    expect(isCanonicalRoute("notification", "/api/notify/webhooks/sms/")).toBe(false);
    expect(isCanonicalRoute("notification", "/api/notify/internal")).toBe(false);
    expect(ownerOf("/api/notification/webhooks/sms")).toBeUndefined();
  });
});
