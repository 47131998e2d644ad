import { z } from "zod";
import { paiseSchema } from "../money-schema.js";
import { taxClassSchema } from "./gst.js";
import { WEIGHTS } from "./weights.js";

/**
 * The catalogue's HTTP API: what the SPA reads and sends (spec sections 3, 5 and 7), and the internal price query
 * order-payment asks before it prices an order (docs/architecture.md, Service ownership). Shared with the browser so the
 * enquiry form and the server refuse the same input with the same words.
 */

export const weightSchema = z.enum(WEIGHTS);

/**
 * A product as `GET /api/v1/products` returns it (spec section 3, Product). Amounts are integer paise
 * (docs/architecture.md, Money and orders); the SPA turns them into rupees in one formatter. `price` is the price of
 * the default weight, and `selectedWeight`/`selectedQuantity` are the client's starting selection.
 */
/**
 * A product's name and description in Marathi (docs/languages.md), as the owner wrote them; an empty one is shown
 * in English.
 */
export const productMarathiSchema = z.object({
  name: z.string().trim().max(60),
  description: z.string().trim().max(600),
});
export type ProductMarathi = z.infer<typeof productMarathiSchema>;

export const productSchema = z.object({
  productId: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  /** Ours: the name and description in Marathi, where the owner wrote them. */
  marathi: productMarathiSchema.optional(),
  image: z.string().min(1),
  features: z.array(z.string()),
  price: paiseSchema,
  weight250GmPrice: paiseSchema,
  weight500GmPrice: paiseSchema,
  selectedWeight: weightSchema,
  selectedQuantity: z.number().int().nonnegative(),
  /** Ours, not the spec's: a product on the list that cannot be ordered today is "sold-out" (absent: on sale). */
  availability: z.enum(["on-sale", "sold-out"]).optional(),
  /** Ours: how many days it keeps, so the payment page can say before paying what the courier cannot carry. */
  shelfLifeDays: z.number().int().positive().optional(),
});
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.array(productSchema);

/** The spec's enquiry messages (section 5), word for word. */
export const EnquiryMessages = {
  NAME: "Name is required",
  EMAIL: "Please enter a valid email.",
  MOBILE: "Valid contact number is required!",
  MESSAGE: "Enquiry message is required!",
} as const;

/** Field maximums (spec section 9): name 35, email 30, enquiry message 200. A mobile has at most 15 digits (E.164). */
export const ENQUIRY_LIMITS = { nameMin: 3, nameMax: 35, emailMax: 30, mobileMin: 10, mobileMax: 15, messageMax: 200 };

/**
 * `POST /api/v1/enquiry` body (spec sections 3 and 5). An empty email means "not given" and becomes `undefined`;
 * surrounding spaces do not count towards a length.
 */
export const enquiryRequestSchema = z.object({
  name: z
    .string({ error: EnquiryMessages.NAME })
    .trim()
    .min(ENQUIRY_LIMITS.nameMin, EnquiryMessages.NAME)
    .max(ENQUIRY_LIMITS.nameMax, `Name must be at most ${ENQUIRY_LIMITS.nameMax} characters.`),
  email: z
    .string({ error: EnquiryMessages.EMAIL })
    .trim()
    .max(ENQUIRY_LIMITS.emailMax, EnquiryMessages.EMAIL)
    .pipe(z.union([z.literal(""), z.email(EnquiryMessages.EMAIL)]))
    .optional()
    .transform((email) => (email ? email : undefined)),
  mobile: z
    .string({ error: EnquiryMessages.MOBILE })
    .trim()
    .regex(new RegExp(`^\\d{${ENQUIRY_LIMITS.mobileMin},${ENQUIRY_LIMITS.mobileMax}}$`), EnquiryMessages.MOBILE),
  message: z
    .string({ error: EnquiryMessages.MESSAGE })
    .trim()
    .min(1, EnquiryMessages.MESSAGE)
    .max(ENQUIRY_LIMITS.messageMax, EnquiryMessages.MESSAGE),
});
export type EnquiryRequest = z.input<typeof enquiryRequestSchema>;
export type Enquiry = z.output<typeof enquiryRequestSchema>;

/** `POST /api/v1/enquiry` 201 answer. */
export const enquiryAcceptedSchema = z.object({ enquiryId: z.string().min(1), message: z.string() });

/** Internal `POST /internal/v1/prices`: current unit prices for order lines. Never proxied by the gateway. */
export const PRICE_QUERY_PATH = "/internal/v1/prices";
/** Units of 250 g the kitchen makes of a product per day (docs/back-office.md, Production capacity). */
export const dailyUnitsSchema = z.number().int().min(0).max(100_000);

export const priceQuerySchema = z.object({
  lines: z
    .array(z.object({ productId: z.string().min(1).max(64), weight: weightSchema }))
    .min(1)
    .max(100),
});
export type PriceQuery = z.infer<typeof priceQuerySchema>;
/**
 * One answer per line: the unit price now, and the product's name and features, which the order keeps (its
 * `order.paid` event carries them to billing and notification, and the confirmation page lists the features).
 */
export const priceQueryAnswerSchema = z.object({
  prices: z.array(
    z.object({
      productId: z.string(),
      weight: weightSchema,
      unitPrice: paiseSchema,
      name: z.string().min(1),
      /** Its Marathi name, where it has one: a Marathi order's mails and its invoice show it beside the English. */
      marathiName: z.string().min(1).max(60).optional(),
      features: z.array(z.string()),
      /** The product's tax class now: the order keeps it, so its invoice shows what applied when it was bought. */
      tax: taxClassSchema,
      /** The product's default kitchen units per day (docs/back-office.md); absent: no limit. */
      dailyUnits: dailyUnitsSchema.optional(),
      /** How many days it keeps: a courier's longest transit must not spoil it (docs/delivery.md). */
      shelfLifeDays: z.number().int().min(1).optional(),
    }),
  ),
});
export type PriceQueryAnswer = z.infer<typeof priceQueryAnswerSchema>;
/** The error code of a price query naming products the catalogue does not sell (422). */
export const UNKNOWN_PRODUCTS = "UNKNOWN_PRODUCTS";

/**
 * What the owner sets on a product (docs/back-office.md): on sale; sold out today (on sale again at India's
 * midnight); sold out until the owner puts it back; hidden (off the shop's list, still in old orders).
 */
export const productStatusSchema = z.enum(["on-sale", "sold-out-today", "sold-out", "hidden"]);
export type ProductStatus = z.infer<typeof productStatusSchema>;

/** A product id: a readable slug (`ukadiche-modak`), part of image URLs and order lines. */
export const productIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+){0,5}$/, "Use lower-case letters, digits and dashes, e.g. kaju-katli.")
  .min(3)
  .max(40);

/** The product fields the owner edits in the admin (`/admin-products`); prices in paise per weight. */
export const productFieldsSchema = z.object({
  name: z.string().trim().min(2).max(60),
  description: z.string().trim().max(600),
  /** In Marathi (docs/languages.md); absent or empty: the English is shown. */
  marathi: productMarathiSchema.optional(),
  category: z.string().trim().min(2).max(40),
  features: z.array(z.string().trim().min(1).max(80)).max(6),
  /** One of the shop's drawings until photos can be uploaded: `<slug>.svg`. */
  imageFile: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/),
  prices: z.object({
    "250 Gram": paiseSchema.refine((paise) => paise >= 100, "At least ₹1."),
    "500 Gram": paiseSchema.refine((paise) => paise >= 100, "At least ₹1."),
  }),
  tax: taxClassSchema,
  shelfLifeDays: z.number().int().min(1).max(365),
  displayOrder: z.number().int().min(0).max(9999),
  status: productStatusSchema,
  /** Units of 250 g the kitchen makes per day by default (the owner changes single days); absent: no limit. */
  dailyUnits: dailyUnitsSchema.optional(),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

/** `POST /api/v1/admin/products`: a new product, under its own id. */
export const newProductSchema = productFieldsSchema.extend({ productId: productIdSchema });

/**
 * `PUT /api/v1/admin/products/{productId}`: the product's new fields and the version the owner's form was read at; a
 * product changed since (another admin, another tab) is refused with 409, never overwritten unseen.
 */
export const productEditSchema = productFieldsSchema.extend({ version: z.number().int().min(0) });

/** A product as the admin sees it: its fields, whether it is archived, its version, and its last change. */
export const adminProductSchema = productFieldsSchema.extend({
  productId: z.string(),
  archived: z.boolean(),
  version: z.number().int(),
  /** The status as shoppers meet it now (a "sold out today" of an earlier day is on sale again). */
  availability: z.enum(["on-sale", "sold-out", "hidden", "archived"]),
  updatedAt: z.string().optional(),
  updatedBy: z.string().optional(),
  /** The uploaded photo's grid size, when the product has one (it is shown instead of the drawing). */
  photoUrl: z.string().optional(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** `GET /api/v1/admin/products`: every product (archived ones last) and the drawings a product can show. */
export const adminProductListSchema = z.object({
  products: z.array(adminProductSchema),
  imageFiles: z.array(z.string()),
});

export const ProductMessages = {
  SAVED: "Product saved.",
  ARCHIVED: "Product archived.",
  CHANGED_MEANWHILE: "This product was changed meanwhile. Please, reload it and make your change again.",
  ID_TAKEN: "A product with this id exists already.",
  PHOTO_SAVED: "Photo saved.",
  PHOTO_TOO_LARGE: "This photo is larger than 2 MB. Please, choose a smaller one.",
  PHOTO_NOT_A_PICTURE: "This file is not a JPEG, PNG or WebP picture.",
  PHOTO_UNREADABLE: "This picture cannot be read. Please, choose another file.",
  PHOTO_NOT_WHAT_IT_SAYS:
    "This file is not the kind of picture its name says. Please, save it again as JPEG, PNG or WebP.",
  /** A cart line the shop cannot sell today, naming the product. */
  unavailable: (name: string) => `${name} is sold out today. Please, remove it from your cart.`,
  /** A cart line of an archived product: gone for good, not back tomorrow (docs/back-office.md). */
  noLongerSold: (name: string) => `${name} is no longer sold. Please, remove it from your cart.`,
} as const;

/**
 * What a photo over PHOTO_MAX_BYTES is answered, 413 in the error shape: by the catalogue, or by the gateway when it
 * refuses the body first (docs/back-office.md, Photos), in the same words.
 */
export const PHOTO_TOO_LARGE_ERROR = { code: "PHOTO_TOO_LARGE", message: ProductMessages.PHOTO_TOO_LARGE } as const;

/** The error code of a price query naming products that cannot be ordered now (409). */
export const PRODUCT_UNAVAILABLE = "PRODUCT_UNAVAILABLE";
