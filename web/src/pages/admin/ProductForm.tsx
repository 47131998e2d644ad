import { Button, Field, HStack, Image, Input, SimpleGrid, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { ChoiceSelect } from "../../components/ChoiceSelect";
import { FormField } from "../../components/FormField";
import {
  type AdminProduct,
  PHOTO_MAX_BYTES,
  type ProductFields,
  ProductMessages,
  type ProductStatus,
  productFieldsSchema,
  productIdSchema,
  productStatusSchema,
} from "../../contracts";
import { paiseOfTyped, typedRupees } from "../../forms/rupees";
import { usePhotoPreview } from "./photo-preview";
import { productIdFromName } from "./product-id";

const STATUS_LABELS = {
  "on-sale": "On sale",
  "sold-out-today": "Sold out today (back at midnight)",
  "sold-out": "Sold out until I change it",
  hidden: "Hidden",
} as const;
const GST_RATES = ["0", "5", "12", "18"] as const;
/** What the photo field offers; the catalogue tells the real kind from the bytes and refuses a file that lies. */
const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** The form's values as typed: rupees as text, lists as lines. */
interface Draft {
  productId: string;
  name: string;
  description: string;
  /** In Marathi (docs/languages.md): empty shows the English. */
  marathiName: string;
  marathiDescription: string;
  category: string;
  features: string;
  imageFile: string;
  price250: string;
  price500: string;
  hsn: string;
  gstRatePercent: string;
  shelfLifeDays: string;
  displayOrder: string;
  status: ProductStatus;
  dailyUnits: string;
}

const draftOf = (product: AdminProduct | undefined, imageFiles: string[]): Draft => ({
  productId: product?.productId ?? "",
  name: product?.name ?? "",
  description: product?.description ?? "",
  marathiName: product?.marathi?.name ?? "",
  marathiDescription: product?.marathi?.description ?? "",
  category: product?.category ?? "Sweets",
  features: product?.features.join("\n") ?? "",
  imageFile: product?.imageFile ?? imageFiles[0] ?? "",
  price250: product ? typedRupees(product.prices["250 Gram"]) : "",
  price500: product ? typedRupees(product.prices["500 Gram"]) : "",
  hsn: product?.tax.hsn ?? "210690",
  gstRatePercent: String(product?.tax.gstRatePercent ?? 5),
  shelfLifeDays: String(product?.shelfLifeDays ?? 2),
  displayOrder: String(product?.displayOrder ?? 100),
  // A "sold out today" of an earlier day is on sale again (docs/back-office.md): the form says what holds now, so
  // saving a price does not mark the product sold out for another day.
  status:
    product?.status === "sold-out-today" && product.availability === "on-sale"
      ? "on-sale"
      : (product?.status ?? "on-sale"),
  dailyUnits: product?.dailyUnits === undefined ? "" : String(product.dailyUnits),
});

interface ProductFormProps {
  /** The product edited, or none for a new one. */
  product?: AdminProduct | undefined;
  imageFiles: string[];
  busy: boolean;
  /** The fields, the product id (a new product's), and a photo chosen to upload after the fields are saved. */
  onSave: (fields: ProductFields, productId: string, photo: File | undefined) => void;
  onCancel: () => void;
}

/**
 * A product's fields (docs/back-office.md): prices in rupees per weight, the GST rate shown beside its HSN code (the
 * rate of 22 Sep 2025 for sweets and namkeen is 5 %; orders keep the rate they were sold at), status. Checked with
 * the same schema the catalogue checks; the server has the last word.
 */
export function ProductForm({ product, imageFiles, busy, onSave, onCancel }: ProductFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(product, imageFiles));
  const [problem, setProblem] = useState<string>();
  const [photo, setPhoto] = useState<File>();
  const [photoProblem, setPhotoProblem] = useState<string>();
  const preview = usePhotoPreview(photo);
  /** Whether the owner typed the id: until then a new product's id follows its name (fixed once saved). */
  const [idTyped, setIdTyped] = useState(false);
  function choosePhoto(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    const why = !file
      ? undefined
      : !PHOTO_TYPES.includes(file.type)
        ? ProductMessages.PHOTO_NOT_A_PICTURE
        : file.size > PHOTO_MAX_BYTES
          ? ProductMessages.PHOTO_TOO_LARGE
          : undefined;
    setPhotoProblem(why);
    setPhoto(why ? undefined : file);
  }
  const put = (key: keyof Draft) => (value: string) => {
    setDraft((current) => ({
      ...current,
      [key]: value,
      ...(key === "name" && !product && !idTyped ? { productId: productIdFromName(value) } : {}),
    }));
    // An id cleared follows the name again.
    if (key === "productId") setIdTyped(value.trim() !== "");
  };
  // The value is read now: the updater runs later, when the event's currentTarget is gone.
  const set = (key: keyof Draft) => (event: { currentTarget: { value: string } }) =>
    put(key)(event.currentTarget.value);
  const field = (label: string, key: keyof Draft, props: Record<string, unknown> = {}) => (
    <FormField label={label}>
      <Input bg="white" value={draft[key]} onChange={set(key)} data-testid={`product-${key}`} {...props} />
    </FormField>
  );
  /** A longer text of the product (its descriptions, its features): a box that grows, on white. */
  const prose = (label: string, key: keyof Draft, props: Record<string, unknown> = {}) => (
    <FormField label={label}>
      <Textarea bg="white" value={draft[key]} onChange={set(key)} data-testid={`product-${key}`} {...props} />
    </FormField>
  );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = productFieldsSchema.safeParse({
      name: draft.name,
      description: draft.description,
      ...(draft.marathiName.trim() || draft.marathiDescription.trim()
        ? { marathi: { name: draft.marathiName, description: draft.marathiDescription } }
        : {}),
      category: draft.category,
      features: draft.features
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
      imageFile: draft.imageFile,
      prices: { "250 Gram": paiseOfTyped(draft.price250), "500 Gram": paiseOfTyped(draft.price500) },
      tax: { hsn: draft.hsn.trim(), gstRatePercent: Number(draft.gstRatePercent) },
      shelfLifeDays: Number(draft.shelfLifeDays),
      displayOrder: Number(draft.displayOrder),
      status: draft.status,
      ...(draft.dailyUnits.trim() === "" ? {} : { dailyUnits: Number(draft.dailyUnits) }),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(`${issue?.path.join(" ") || "Product"}: ${issue?.message ?? "not valid"}`);
      return;
    }
    // The catalogue's own schema, asked first so a bad id is named on the form (the server still has the last word).
    const id = product ? undefined : productIdSchema.safeParse(draft.productId);
    if (id && !id.success) {
      setProblem(`Product id: ${id.error.issues[0]?.message ?? "not valid"}`);
      return;
    }
    if (photoProblem) return;
    setProblem(undefined);
    onSave(parsed.data, draft.productId.trim(), photo);
  }

  return (
    <form onSubmit={submit} noValidate data-testid="product-form">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {product ? (
            <Text fontWeight="medium">Product id: {product.productId}</Text>
          ) : (
            field("Product id (made from the name; yours to change until the first save)", "productId")
          )}
          {field("Name", "name")}
          {field("Name in Marathi (मराठी नाव)", "marathiName")}
          {field("Category", "category")}
          {field("Price of 250 Gram (₹)", "price250", { inputMode: "decimal" })}
          {field("Price of 500 Gram (₹)", "price500", { inputMode: "decimal" })}
          {field("HSN code", "hsn", { inputMode: "numeric" })}
          <FormField label="GST rate">
            <ChoiceSelect
              bg="white"
              choices={GST_RATES}
              value={draft.gstRatePercent}
              onChoose={put("gstRatePercent")}
              words={(rate) => `${rate} %`}
              testId="product-gst"
            />
          </FormField>
          {field("Shelf life (days)", "shelfLifeDays", { inputMode: "numeric" })}
          {field("Place on the home page (lower first)", "displayOrder", { inputMode: "numeric" })}
          {field("Units of 250 g the kitchen makes a day (empty: no limit)", "dailyUnits", { inputMode: "numeric" })}
          <FormField label="Status">
            <ChoiceSelect
              bg="white"
              choices={productStatusSchema.options}
              value={draft.status}
              onChoose={put("status")}
              words={(status) => STATUS_LABELS[status]}
              testId="product-status"
            />
          </FormField>
          <FormField label="Picture">
            <ChoiceSelect
              bg="white"
              choices={imageFiles}
              value={draft.imageFile}
              onChoose={put("imageFile")}
              words={(file) => file.replace(/\.svg$/, "")}
              testId="product-image"
            />
          </FormField>
        </SimpleGrid>
        <Field.Root invalid={Boolean(photoProblem)}>
          <Field.Label>Photo (JPEG, PNG or WebP, up to 2 MB): shown instead of the drawing</Field.Label>
          <HStack gap="4" align="center">
            {preview ? (
              <Image
                src={preview}
                alt="The chosen photo, not yet saved"
                htmlWidth={96}
                htmlHeight={72}
                objectFit="cover"
                borderRadius="md"
                data-testid="product-photo-preview"
              />
            ) : (
              product?.photoUrl && (
                <Image src={product.photoUrl} alt={product.name} htmlWidth={96} htmlHeight={72} borderRadius="md" />
              )
            )}
            <Input
              type="file"
              accept={PHOTO_TYPES.join(",")}
              bg="white"
              p="1"
              onChange={choosePhoto}
              data-testid="product-photo"
            />
          </HStack>
          {photoProblem && <Field.ErrorText data-testid="product-photo-problem">{photoProblem}</Field.ErrorText>}
        </Field.Root>
        {prose("Description", "description")}
        {prose("Description in Marathi (मराठी वर्णन)", "marathiDescription", { lang: "mr" })}
        {prose("Features (one per line: ingredients, shelf life, pack)", "features")}
        {problem && (
          <Text color="red.600" data-testid="product-problem">
            {problem}
          </Text>
        )}
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" loading={busy} data-testid="product-save">
            Save
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
