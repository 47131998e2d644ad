import type { Paise, Product, TaxClass, Weight } from "@storefront/contracts";

/** A product as the shop keeps it: one price per weight option (spec section 9), in paise (docs/architecture.md, Money and orders). */
export interface CatalogueProduct {
  /** A readable slug (`ukadiche-modak`): it appears in image URLs and in order lines. */
  productId: string;
  name: string;
  description: string;
  /** Short lines the cart shows: ingredients, shelf life, pack size (spec section 3, Cart item). */
  features: string[];
  /** A URL path; our own drawings live under {@link PRODUCT_IMAGES_PATH}. */
  image: string;
  prices: Record<Weight, Paise>;
  /** Lower comes first on the home grid. */
  displayOrder: number;
  /** HSN code and GST rate, for the tax invoice (the price includes the tax). */
  tax: TaxClass;
}

/** The weight the SPA starts a product card on (spec section 3: "client default 250 Gram"). */
export const DEFAULT_WEIGHT: Weight = "250 Gram";

/** Where the catalogue serves its product drawings. */
export const PRODUCT_IMAGES_PATH = "/api/v1/products/images";

/** The file names the image route accepts: a slug and `.svg`, so no path can leave the images folder. */
export const IMAGE_FILE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;

/** The unversioned path of a product's own drawing, as stored on the product. */
export const productImagePath = (productId: string) => `${PRODUCT_IMAGES_PATH}/${productId}.svg`;

/**
 * The product as `GET /api/v1/products` shows it (spec section 3): `price` is the default weight's price and
 * nothing is selected yet. `imageUrl` is the stored image with its cache-busting version, if any.
 */
export function toProductView(product: CatalogueProduct, imageUrl: string): Product {
  return {
    productId: product.productId,
    name: product.name,
    description: product.description,
    image: imageUrl,
    features: product.features,
    price: product.prices[DEFAULT_WEIGHT],
    weight250GmPrice: product.prices["250 Gram"],
    weight500GmPrice: product.prices["500 Gram"],
    selectedWeight: DEFAULT_WEIGHT,
    selectedQuantity: 0,
  };
}
