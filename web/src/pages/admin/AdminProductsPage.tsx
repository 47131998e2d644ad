import { Badge, Box, Button, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import {
  type AdminProduct,
  addProduct,
  adminProducts,
  archiveProduct,
  saveProduct,
  uploadProductPhoto,
} from "../../api/products-admin";
import { PageCard } from "../../components/PageCard";
import { PageSpinner } from "../../components/PageSpinner";
import { StackedCell } from "../../components/StackedCell";
import { StackedTableHead } from "../../components/StackedTableHead";
import { stackedTable } from "../../components/stacked-table";
import { formatRupees, type ProductFields } from "../../contracts";
import { notifyError, notifySuccess } from "../../toast/toaster";
import { ProductForm } from "./ProductForm";
import { SoldOutTodayButton } from "./SoldOutTodayButton";

const AVAILABILITY = {
  "on-sale": { label: "On sale", colour: "green" },
  "sold-out": { label: "Sold out", colour: "orange" },
  hidden: { label: "Hidden", colour: "gray" },
  archived: { label: "Archived", colour: "gray" },
} as const;

/**
 * Under `md` (a phone) each product is a card: name and what shoppers meet now, category and GST, the two prices and
 * the day's units, then the buttons on a line of their own (at 390 px the table's Status, Edit and Archive were off
 * screen). From `md` up, the table as drawn.
 */
const stacked = { ...stackedTable, product: stackedTable.row("1fr auto") };
const place = {
  name: { gridColumn: "1", gridRow: "1" },
  now: { gridColumn: "2", gridRow: "1", textAlign: { base: "end", md: "start" } },
  category: { gridColumn: "1", gridRow: "2", fontSize: { base: "sm", md: "inherit" } },
  gst: {
    gridColumn: "2",
    gridRow: "2",
    textAlign: { base: "end", md: "start" },
    fontSize: { base: "sm", md: "inherit" },
  },
  price250: { gridColumn: "1", gridRow: "3", textAlign: { base: "start", md: "end" } },
  price500: { gridColumn: "2", gridRow: "3", textAlign: "end" },
  units: {
    gridColumn: "1 / -1",
    gridRow: "4",
    textAlign: { base: "start", md: "end" },
    fontSize: { base: "sm", md: "inherit" },
  },
  actions: { gridColumn: "1 / -1", gridRow: "5", pt: { base: "2", md: "2" } },
} as const;

/**
 * `/admin-products` (admin only; docs/back-office.md): every product with its prices, GST, status and what shoppers
 * meet now; mark one sold out today (or back on sale) from its row in one tap; add one, edit one (an edit from a
 * stale form is refused by the server), archive one (never deleted). The form opens at the top of the list and the
 * page scrolls to it with its first field focused, so Edit on the twelfth row of a phone shows the form, not nothing;
 * closed, the page goes back to the row the owner was at.
 */
export default function AdminProductsPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: ["admin-products"], queryFn: adminProducts });
  const [editing, setEditing] = useState<AdminProduct | "new">();
  const form = useRef<HTMLDivElement>(null);
  /** The row the owner left for the form, to come back to when it closes. */
  const cameFrom = useRef<string>(undefined);
  useEffect(() => {
    if (!editing) return;
    form.current?.scrollIntoView({ block: "start" });
    // And its first field in hand: the phone's keyboard comes up on the form, not on a row off screen.
    form.current
      ?.querySelector<HTMLElement>("input:not([type=file]), select, textarea")
      ?.focus({ preventScroll: true });
  }, [editing]);
  const edit = (product: AdminProduct | "new") => {
    cameFrom.current = product === "new" ? undefined : product.productId;
    setEditing(product);
  };
  const close = () => {
    setEditing(undefined);
    const row = cameFrom.current;
    if (row)
      requestAnimationFrame(() =>
        document
          .querySelector(`[data-testid="admin-product-row"][data-product-id="${row}"]`)
          ?.scrollIntoView({ block: "center" }),
      );
  };
  const done = (message: string) => {
    notifySuccess(message);
    close();
    void client.invalidateQueries({ queryKey: ["admin-products"] });
  };
  const save = useMutation({
    mutationFn: async ({ fields, productId, photo }: { fields: ProductFields; productId: string; photo?: File }) => {
      const saved =
        editing === "new" || !editing
          ? await addProduct({ ...fields, productId })
          : await saveProduct(editing.productId, { ...fields, version: editing.version });
      if (!photo) return saved.message;
      try {
        return (await uploadProductPhoto(saved.product.productId, photo)).message;
      } catch (error) {
        // The fields are saved; the photo is not, and the owner is told why (the catalogue's words).
        notifyError(error instanceof Error ? error.message : String(error));
        return saved.message;
      }
    },
    onSuccess: done,
  });
  const archive = useMutation({ mutationFn: archiveProduct, onSuccess: (answer) => done(answer.message) });

  if (list.isPending) return <PageSpinner />;
  if (!list.data) return <PageCard>Products could not be loaded.</PageCard>;
  const { products, imageFiles } = list.data;
  return (
    <PageCard maxW="6xl">
      <Stack gap="5" data-testid="admin-products">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h1" size="2xl">
            Products
          </Heading>
          {!editing && (
            <Button colorPalette="brand" onClick={() => edit("new")} data-testid="product-add">
              Add product
            </Button>
          )}
        </HStack>
        {editing && (
          <Box
            ref={form}
            borderWidth="1px"
            borderRadius="md"
            p={{ base: "3", md: "4" }}
            bg="gray.50"
            scrollMarginTop="4"
          >
            <ProductForm
              key={editing === "new" ? "new" : `${editing.productId}-${editing.version}`}
              product={editing === "new" ? undefined : editing}
              imageFiles={imageFiles}
              busy={save.isPending}
              onSave={(fields, productId, photo) => save.mutate({ fields, productId, photo })}
              onCancel={close}
            />
          </Box>
        )}
        <Box overflowX={{ md: "auto" }}>
          <Table.Root size="sm" variant="outline" width="full" data-testid="admin-products-table" {...stacked.table}>
            <StackedTableHead
              columns={["Product", "Now", "Category", "GST", "250 Gram", "500 Gram", "A day", ""]}
              figures={["250 Gram", "500 Gram", "A day"]}
            />
            <Table.Body {...stacked.body}>
              {products.map((product) => {
                const now = AVAILABILITY[product.availability];
                return (
                  <Table.Row
                    key={product.productId}
                    data-testid="admin-product-row"
                    data-product-id={product.productId}
                    {...stacked.product}
                  >
                    <Table.Cell {...stacked.cell} {...place.name}>
                      <Text fontWeight="medium">{product.name}</Text>
                      <Text fontSize="xs" color="gray.600" wordBreak="break-all">
                        {product.productId}
                      </Text>
                    </Table.Cell>
                    <Table.Cell {...stacked.cell} {...place.now}>
                      <Badge colorPalette={now.colour} data-testid="admin-product-availability">
                        {now.label}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell {...stacked.cell} {...place.category}>
                      {product.category}
                    </Table.Cell>
                    <StackedCell label="GST" {...place.gst}>
                      {product.tax.gstRatePercent} % · {product.tax.hsn}
                    </StackedCell>
                    <StackedCell label="250 Gram" {...place.price250}>
                      {formatRupees(product.prices["250 Gram"])}
                    </StackedCell>
                    <StackedCell label="500 Gram" {...place.price500}>
                      {formatRupees(product.prices["500 Gram"])}
                    </StackedCell>
                    <StackedCell label="Units a day" {...place.units}>
                      {product.dailyUnits ?? "—"}
                    </StackedCell>
                    <Table.Cell {...stacked.cell} {...place.actions}>
                      {!product.archived && (
                        <HStack gap="2" wrap="wrap">
                          <SoldOutTodayButton product={product} />
                          <Button size="xs" variant="outline" onClick={() => edit(product)} data-testid="product-edit">
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            loading={archive.isPending && archive.variables === product.productId}
                            onClick={() => archive.mutate(product.productId)}
                            data-testid="product-archive"
                          >
                            Archive
                          </Button>
                        </HStack>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      </Stack>
    </PageCard>
  );
}
