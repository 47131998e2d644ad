import { Badge, Box, Button, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
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
import { formatRupees, type ProductFields } from "../../contracts";
import { notifyError, notifySuccess } from "../../toast/toaster";
import { ProductForm } from "./ProductForm";

const AVAILABILITY = {
  "on-sale": { label: "On sale", colour: "green" },
  "sold-out": { label: "Sold out", colour: "orange" },
  hidden: { label: "Hidden", colour: "gray" },
  archived: { label: "Archived", colour: "gray" },
} as const;

/**
 * `/admin-products` (admin only; docs/back-office.md): every product with its prices, GST, status and what shoppers
 * meet now; add one, edit one (an edit from a stale form is refused by the server), archive one (never deleted).
 */
export default function AdminProductsPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: ["admin-products"], queryFn: adminProducts });
  const [editing, setEditing] = useState<AdminProduct | "new">();
  const done = (message: string) => {
    notifySuccess(message);
    setEditing(undefined);
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
            <Button colorPalette="brand" onClick={() => setEditing("new")} data-testid="product-add">
              Add product
            </Button>
          )}
        </HStack>
        {editing && (
          <Box borderWidth="1px" borderRadius="md" p="4" bg="gray.50">
            <ProductForm
              key={editing === "new" ? "new" : `${editing.productId}-${editing.version}`}
              product={editing === "new" ? undefined : editing}
              imageFiles={imageFiles}
              busy={save.isPending}
              onSave={(fields, productId, photo) => save.mutate({ fields, productId, photo })}
              onCancel={() => setEditing(undefined)}
            />
          </Box>
        )}
        <Box overflowX="auto">
          <Table.Root size="sm" variant="outline" data-testid="admin-products-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Product</Table.ColumnHeader>
                <Table.ColumnHeader>Category</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">250 Gram</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">500 Gram</Table.ColumnHeader>
                <Table.ColumnHeader>GST</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">A day</Table.ColumnHeader>
                <Table.ColumnHeader>Now</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {products.map((product) => {
                const now = AVAILABILITY[product.availability];
                return (
                  <Table.Row
                    key={product.productId}
                    data-testid="admin-product-row"
                    data-product-id={product.productId}
                  >
                    <Table.Cell>
                      <Text fontWeight="medium">{product.name}</Text>
                      <Text fontSize="xs" color="gray.600">
                        {product.productId}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{product.category}</Table.Cell>
                    <Table.Cell textAlign="end">{formatRupees(product.prices["250 Gram"])}</Table.Cell>
                    <Table.Cell textAlign="end">{formatRupees(product.prices["500 Gram"])}</Table.Cell>
                    <Table.Cell>
                      {product.tax.gstRatePercent} % · {product.tax.hsn}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{product.dailyUnits ?? "—"}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={now.colour} data-testid="admin-product-availability">
                        {now.label}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>
                      {!product.archived && (
                        <HStack gap="2">
                          <Button
                            size="xs"
                            variant="outline"
                            onClick={() => setEditing(product)}
                            data-testid="product-edit"
                          >
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
