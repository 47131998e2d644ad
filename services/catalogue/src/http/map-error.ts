import { PRODUCT_UNAVAILABLE, UNKNOWN_PRODUCTS } from "@storefront/contracts";
import { HttpError, type MapError } from "@storefront/http";
import { UnavailableProductsError, UnknownProductsError } from "../domain/quote-prices.js";

/**
 * The catalogue's domain errors as HTTP answers, in one place.
 *
 * Unknown products: 422 with one entry per offending line, keyed by its path in the query body
 * (`{ "lines.2.productId": "Unknown product" }`), the same dotted paths a 400 VALIDATION_FAILED uses, so the
 * caller can point at the line even when a product appears twice.
 */
export const mapCatalogueError: MapError = (err) => {
  if (err instanceof UnknownProductsError) {
    const errors = Object.fromEntries(err.lines.map(({ index }) => [`lines.${index}.productId`, "Unknown product"]));
    return new HttpError(422, UNKNOWN_PRODUCTS, err.message, errors);
  }
  // Sold out, hidden or archived: 409 naming the first such product in words the shopper reads (an archived one as
  // no longer sold).
  if (err instanceof UnavailableProductsError) {
    const errors = Object.fromEntries(err.lines.map(({ index, name }) => [`lines.${index}.productId`, name]));
    return new HttpError(409, PRODUCT_UNAVAILABLE, err.message, errors);
  }
  return undefined;
};
