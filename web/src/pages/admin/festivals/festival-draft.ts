import {
  addDays,
  type Festival,
  festivalSchema,
  festivalWindows,
  indiaDayKey,
  type WindowPlan,
} from "../../../contracts";
import { fromIndiaLocalInput, indiaLocalInput } from "../../../dates";
import { paiseOfTyped, typedRupees } from "../../../forms/rupees";

/**
 * The owner's festival form (docs/festivals.md, The owner's pages): every field as typed, turned into the festival
 * the server saves whole. `festivalSchema` (contracts) judges it on both sides, so the form shows the server's own
 * field messages before sending, and the server's 400 can only repeat them.
 */
export interface BoxDraft {
  boxId: string;
  name: string;
  nameMr: string;
  pieces: string;
  /** Rupees, GST included. */
  price: string;
  hsn: string;
  gstRate: string;
  product: string;
}

export interface ProductDraft {
  key: string;
  name: string;
  nameMr: string;
  piecesPerDay: string;
}

export interface WindowDraft {
  windowId: string;
  kind: "pickup" | "delivery";
  start: string;
  end: string;
  label: string;
  labelMr: string;
  capacity: string;
  closed: boolean;
}

export interface FestivalDraft {
  id: string;
  name: string;
  nameMr: string;
  /** `YYYY-MM-DD` each, as a date field gives them. */
  days: string[];
  /** `datetime-local` values, India time ("2026-08-20T09:00"). */
  opensAt: string;
  closesAt: string;
  boxes: BoxDraft[];
  products: ProductDraft[];
  /** Rupees; empty for none. */
  minimum: string;
  cashAtCounter: boolean;
  windows: WindowDraft[];
  /** The version read: 0 for a new festival. */
  version: number;
}

export const emptyBox = (): BoxDraft => ({
  boxId: "",
  name: "",
  nameMr: "",
  pieces: "",
  price: "",
  hsn: "2106",
  gstRate: "5",
  product: "",
});
export const emptyProduct = (): ProductDraft => ({ key: "", name: "", nameMr: "", piecesPerDay: "" });

/** A new festival: bookings from today 9 am to tomorrow 8 pm until the owner picks its days and times. */
export const emptyFestival = (today = indiaDayKey(new Date())): FestivalDraft => ({
  id: "",
  name: "",
  nameMr: "",
  days: [],
  opensAt: `${today}T09:00`,
  closesAt: `${addDays(today, 1)}T20:00`,
  boxes: [emptyBox()],
  products: [emptyProduct()],
  minimum: "",
  cashAtCounter: false,
  windows: [],
  version: 0,
});

/** A Marathi name left empty is absent: the pages show the English one (docs/languages.md). */
const marathiOf = <K extends string>(key: K, typed: string) =>
  (typed.trim() === "" ? {} : { [key]: typed.trim() }) as Partial<Record<K, string>>;
/** A number as typed; empty is NaN, so the schema says the field is wanted rather than it being 0. */
const numberOf = (typed: string) => (typed.trim() === "" ? Number.NaN : Number(typed));

export function windowDraftOf(window: Festival["windows"][number]): WindowDraft {
  return {
    windowId: window.windowId,
    kind: window.kind,
    start: window.start,
    end: window.end,
    label: window.label,
    labelMr: window.labelMr ?? "",
    capacity: String(window.capacityBoxes),
    closed: window.closed === true,
  };
}

/** A saved festival as the form edits it. */
export function draftOf(festival: Festival): FestivalDraft {
  return {
    id: festival._id,
    name: festival.name,
    nameMr: festival.nameMr ?? "",
    days: [...festival.days],
    opensAt: indiaLocalInput(festival.bookingOpensAt),
    closesAt: indiaLocalInput(festival.bookingClosesAt),
    boxes: festival.boxes.map((box) => ({
      boxId: box.boxId,
      name: box.name,
      nameMr: box.nameMr ?? "",
      pieces: String(box.pieces),
      price: typedRupees(box.pricePaise),
      hsn: box.hsn,
      gstRate: String(box.gstRatePercent),
      product: box.product,
    })),
    products: festival.products.map((product) => ({
      key: product.key,
      name: product.name,
      nameMr: product.nameMr ?? "",
      piecesPerDay: String(product.piecesPerDay),
    })),
    minimum: festival.minimumPaise === undefined ? "" : typedRupees(festival.minimumPaise),
    cashAtCounter: festival.cashAtCounter,
    windows: festival.windows.map(windowDraftOf),
    version: festival.version,
  };
}

/** The festival the form sends, not yet judged: `festivalSchema` says what is wrong with it. */
export function festivalOf(draft: FestivalDraft): unknown {
  return {
    _id: draft.id.trim(),
    name: draft.name,
    ...marathiOf("nameMr", draft.nameMr),
    days: draft.days.filter((day) => day !== ""),
    bookingOpensAt: draft.opensAt === "" ? "" : fromIndiaLocalInput(draft.opensAt),
    bookingClosesAt: draft.closesAt === "" ? "" : fromIndiaLocalInput(draft.closesAt),
    boxes: draft.boxes.map((box) => ({
      boxId: box.boxId.trim(),
      name: box.name,
      ...marathiOf("nameMr", box.nameMr),
      pieces: numberOf(box.pieces),
      pricePaise: box.price.trim() === "" ? Number.NaN : paiseOfTyped(box.price),
      hsn: box.hsn.trim(),
      gstRatePercent: numberOf(box.gstRate),
      product: box.product.trim(),
    })),
    products: draft.products.map((product) => ({
      key: product.key.trim(),
      name: product.name,
      ...marathiOf("nameMr", product.nameMr),
      piecesPerDay: numberOf(product.piecesPerDay),
    })),
    ...(draft.minimum.trim() === "" ? {} : { minimumPaise: paiseOfTyped(draft.minimum) }),
    windows: draft.windows.map((window) => ({
      windowId: window.windowId.trim(),
      kind: window.kind,
      start: window.start,
      end: window.end,
      label: window.label,
      ...marathiOf("labelMr", window.labelMr),
      capacityBoxes: numberOf(window.capacity),
      ...(window.closed ? { closed: true } : {}),
    })),
    cashAtCounter: draft.cashAtCounter,
    version: draft.version,
  };
}

/** Field messages by path (`boxes.0.pricePaise`, `bookingClosesAt`), the first per field. */
export type FieldMessages = Record<string, string>;

/** The festival, or the schema's messages by field: the same judge as the server's. */
export function judgeFestival(draft: FestivalDraft): { festival: Festival } | { problems: FieldMessages } {
  const parsed = festivalSchema.safeParse(festivalOf(draft));
  if (parsed.success) return { festival: parsed.data };
  const problems: FieldMessages = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join(".") || "festival";
    problems[path] ??= issue.message;
  }
  return { problems };
}

/** The generator's windows as rows the owner can then edit, close or resize. */
export const generatedWindows = (plan: WindowPlan): WindowDraft[] => festivalWindows(plan).map(windowDraftOf);
