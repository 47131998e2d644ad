import {
  indiaDayKey,
  type Paise,
  type Product,
  type ProductMarathi,
  type ProductStatus,
  type TaxClass,
  type Weight,
} from "@storefront/contracts";

/** A product as the shop keeps it: one price per weight option (spec section 9), in paise (docs/architecture.md, Money and orders). */
export interface CatalogueProduct {
  /** A readable slug (`ukadiche-modak`): it appears in image URLs and in order lines. */
  productId: string;
  name: string;
  description: string;
  /** The name and description in Marathi (docs/languages.md), where the owner wrote them. */
  marathi?: ProductMarathi | undefined;
  /** Short lines the cart shows: ingredients, shelf life, pack size (spec section 3, Cart item). */
  features: string[];
  /** A URL path; our own drawings live under {@link PRODUCT_IMAGES_PATH}. Shown when there is no photo. */
  image: string;
  /** The owner's uploaded photo (docs/back-office.md, Photos): its version names its stored sizes. */
  photo?: { version: string } | undefined;
  prices: Record<Weight, Paise>;
  /** Lower comes first on the home grid. */
  displayOrder: number;
  /** HSN code and GST rate, for the tax invoice (the price includes the tax). */
  tax: TaxClass;
  /** The owner's grouping (Sweets, Namkeen, Faral, Catering supplies). */
  category: string;
  /** How many days it keeps: fresh modak two, chakli weeks. */
  shelfLifeDays: number;
  /** Units of 250 g the kitchen makes per day by default (docs/back-office.md); absent: no limit. */
  dailyUnits?: number | undefined;
  /** What the owner set (docs/back-office.md); see {@link availabilityOn} for what a shopper meets. */
  status: ProductStatus;
  /** The India day a "sold out today" was set on: the next day it is on sale again. */
  soldOutDay?: string | undefined;
  /** Archived: never shown, never sold, never seeded back; kept for the orders that name it. */
  archived: boolean;
  /** Raised by each change: an edit made from an older version is refused, not applied over another's. */
  version: number;
  updatedAt?: Date | undefined;
  updatedBy?: string | undefined;
}

export type Availability = "on-sale" | "sold-out" | "hidden" | "archived";

/**
 * What a shopper meets on `day` (India time): "sold out today" holds only on the day it was set, then the product is
 * on sale again by itself (the owner's "back at midnight"); "sold out" holds until the owner changes it.
 */
export function availabilityOn(
  product: Pick<CatalogueProduct, "status" | "soldOutDay" | "archived">,
  day: string,
): Availability {
  if (product.archived) return "archived";
  switch (product.status) {
    case "hidden":
      return "hidden";
    case "sold-out":
      return "sold-out";
    case "sold-out-today":
      return product.soldOutDay === day ? "sold-out" : "on-sale";
    default:
      return "on-sale";
  }
}

/** Today in India, as {@link availabilityOn} reads it. */
export const todayInIndia = (now = new Date()) => indiaDayKey(now);

/** The weight the SPA starts a product card on (spec section 3: "client default 250 Gram"). */
export const DEFAULT_WEIGHT: Weight = "250 Gram";

/** Where the catalogue serves its product drawings. */
export const PRODUCT_IMAGES_PATH = "/api/v1/products/images";

/** A drawing's file name: a slug and `.svg`, so no path can leave the images folder. */
export const IMAGE_FILE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;

/**
 * The file names the image route serves: a drawing, or the picture the cards show of it (the same slug, `.webp`).
 */
export const SERVED_IMAGE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:svg|webp)$/;

/** The picture a card shows of a drawing: the same name as WebP. */
export const drawingPicture = (file: string) => file.replace(/\.svg$/, ".webp");

/** The unversioned path of a product's own drawing, as stored on the product. */
export const productImagePath = (productId: string) => `${PRODUCT_IMAGES_PATH}/${productId}.svg`;

/**
 * The product as `GET /api/v1/products` shows it (spec section 3): `price` is the default weight's price and
 * nothing is selected yet. `imageUrl` is the stored image with its cache-busting version, if any.
 */
export function toProductView(product: CatalogueProduct, imageUrl: string, today = todayInIndia()): Product {
  const availability = availabilityOn(product, today);
  return {
    productId: product.productId,
    name: product.name,
    description: product.description,
    ...(product.marathi?.name ? { marathi: product.marathi } : {}),
    image: imageUrl,
    features: product.features,
    price: product.prices[DEFAULT_WEIGHT],
    weight250GmPrice: product.prices["250 Gram"],
    weight500GmPrice: product.prices["500 Gram"],
    selectedWeight: DEFAULT_WEIGHT,
    selectedQuantity: 0,
    ...(availability === "sold-out" ? { availability } : {}),
    shelfLifeDays: product.shelfLifeDays,
  };
}

/** Whether the shop's list shows it at all (hidden and archived products are off the list, sold-out ones on it). */
export const isListed = (product: CatalogueProduct, today = todayInIndia()) => {
  const availability = availabilityOn(product, today);
  return availability === "on-sale" || availability === "sold-out";
};
