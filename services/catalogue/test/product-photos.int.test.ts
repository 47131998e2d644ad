import { PHOTO_MAX_BYTES, ProductMessages, productListSchema } from "@storefront/contracts";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { servedCatalogue, signedInTo } from "./catalogue-fixture.js";

/**
 * The owner's product photos on the real servers (docs/back-office.md, Photos): the kind told from the bytes, a file
 * that is not what its name says refused, metadata stripped, two sizes stored in GridFS under versioned URLs served
 * for a year; nothing stored for a broken, lying or too large file.
 */
const served = servedCatalogue("catalogue_photos", { env: { PRODUCTS_CACHE_MS: "60000" } });
let admin: string;
let customer: string;
beforeAll(() => {
  ({ admin, customer } = signedInTo(served.catalogue));
});

/** A 1600 x 1200 photo with a camera's metadata (EXIF with the maker and a GPS position) in it. */
const cameraPhoto = (format: "jpeg" | "png" | "webp") =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 230, g: 160, b: 40 } } })
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 12" }, IFD3: { GPSLatitudeRef: "N" } })
    .toFormat(format)
    .toBuffer();

const upload = (productId: string, body: Buffer, type: string, token = admin) =>
  fetch(`${served.catalogue.url}/api/v1/admin/products/${productId}/photo`, {
    method: "PUT",
    headers: { "content-type": type, authorization: `Bearer ${token}` },
    body,
  });
const storedFiles = () => served.fixture.database.db.collection("product_photos.files").countDocuments();
const modakCard = async () =>
  productListSchema
    .parse(await (await fetch(`${served.catalogue.url}/api/v1/products`)).json())
    .find((product) => product.productId === "ukadiche-modak");

describe("the owner's product photos", () => {
  it("stores a camera's JPEG as two WebP sizes without its metadata, and the shop shows it under a versioned URL", async () => {
    const photo = await cameraPhoto("jpeg");
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const answer = await upload("ukadiche-modak", photo, "image/jpeg");
    expect(answer.status).toBe(200);
    const { message, photoUrl } = (await answer.json()) as { message: string; photoUrl: string };
    expect(message).toBe(ProductMessages.PHOTO_SAVED);
    expect(photoUrl).toMatch(/^\/api\/v1\/products\/photos\/ukadiche-modak-[0-9a-f]{12}-grid\.webp$/);
    expect((await modakCard())?.image).toBe(photoUrl);

    const grid = await fetch(`${served.catalogue.url}${photoUrl}`);
    expect(grid.status).toBe(200);
    expect(grid.headers.get("content-type")).toBe("image/webp");
    expect(grid.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const gridInfo = await sharp(Buffer.from(await grid.arrayBuffer())).metadata();
    expect(gridInfo).toMatchObject({ format: "webp", width: 480, height: 360 });
    expect(gridInfo.exif).toBeUndefined();
    const detail = await fetch(`${served.catalogue.url}${photoUrl.replace("-grid.", "-detail.")}`);
    const detailInfo = await sharp(Buffer.from(await detail.arrayBuffer())).metadata();
    expect(detailInfo).toMatchObject({ format: "webp", width: 960 });
    expect(detailInfo.exif).toBeUndefined();
    expect(await storedFiles()).toBe(2);
  });

  it("gives a new photo a new URL and keeps the same photo's once", async () => {
    const first = (await (await upload("kaju-katli", await cameraPhoto("png"), "image/png")).json()) as {
      photoUrl: string;
    };
    const again = (await (await upload("kaju-katli", await cameraPhoto("png"), "image/png")).json()) as {
      photoUrl: string;
    };
    expect(again.photoUrl).toBe(first.photoUrl);
    const webp = await cameraPhoto("webp");
    const other = (await (await upload("kaju-katli", webp, "image/webp")).json()) as { photoUrl: string };
    expect(other.photoUrl).not.toBe(first.photoUrl);
    expect(await storedFiles()).toBe(6);
  });

  it("refuses a PNG renamed .webp, a file that is no picture, a broken one and one over 2 MB, storing nothing", async () => {
    const before = await storedFiles();
    const cardBefore = (await modakCard())?.image;
    const png = await cameraPhoto("png");
    const renamed = await upload("ukadiche-modak", png, "image/webp");
    expect(renamed.status).toBe(415);
    expect(await renamed.json()).toMatchObject({ message: ProductMessages.PHOTO_NOT_WHAT_IT_SAYS });

    const script = await upload("ukadiche-modak", Buffer.from("<svg onload=alert(1)></svg>"), "image/jpeg");
    expect(script.status).toBe(415);
    expect(await script.json()).toMatchObject({ message: ProductMessages.PHOTO_NOT_A_PICTURE });

    const jpeg = await cameraPhoto("jpeg");
    const broken = await upload("ukadiche-modak", jpeg.subarray(0, 600), "image/jpeg");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ message: ProductMessages.PHOTO_UNREADABLE });

    const tooLarge = Buffer.concat([jpeg, Buffer.alloc(3 * 1024 * 1024 - jpeg.length)]);
    expect(tooLarge.length).toBeGreaterThan(PHOTO_MAX_BYTES);
    const large = await upload("ukadiche-modak", tooLarge, "image/jpeg");
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ message: ProductMessages.PHOTO_TOO_LARGE });

    expect(await storedFiles()).toBe(before);
    expect((await modakCard())?.image).toBe(cardBefore);
  });

  it("takes photos from the owner only, for products that exist, and serves only photo names", async () => {
    const jpeg = await cameraPhoto("jpeg");
    expect((await upload("ukadiche-modak", jpeg, "image/jpeg", customer)).status).toBe(403);
    expect(
      (
        await fetch(`${served.catalogue.url}/api/v1/admin/products/ukadiche-modak/photo`, {
          method: "PUT",
          headers: { "content-type": "image/jpeg" },
          body: jpeg,
        })
      ).status,
    ).toBe(401);
    expect((await upload("no-such-sweet", jpeg, "image/jpeg")).status).toBe(404);
    for (const file of ["..%2F..%2Fetc%2Fpasswd", "x.webp", "ukadiche-modak-0123456789ab-huge.webp"]) {
      expect((await fetch(`${served.catalogue.url}/api/v1/products/photos/${file}`)).status).toBe(400);
    }
    expect(
      (await fetch(`${served.catalogue.url}/api/v1/products/photos/ukadiche-modak-0123456789ab-grid.webp`)).status,
    ).toBe(404);
  });
});
