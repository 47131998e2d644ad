import { Alert, Badge, Box, Button, Heading, HStack, Input, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiFailure } from "../../api/client";
import { addCoupon, adminCoupons, changeCoupon } from "../../api/coupons";
import { productsQuery } from "../../app/products-query";
import { ChoiceSelect } from "../../components/ChoiceSelect";
import { FormField } from "../../components/FormField";
import { PageCard } from "../../components/PageCard";
import { PageSpinner } from "../../components/PageSpinner";
import { StackedCell } from "../../components/StackedCell";
import { StackedTableHead } from "../../components/StackedTableHead";
import { stackedTable } from "../../components/stacked-table";
import {
  type AdminCoupon,
  addDays,
  type CouponFields,
  formatRupees,
  indiaDayKey,
  PaymentMessages,
} from "../../contracts";
import { fromIndiaLocalInput, indiaDateTime, indiaLocalInput } from "../../dates";
import { paiseOfTyped, typedRupees } from "../../forms/rupees";
import { notifySuccess } from "../../toast/toaster";
import { DayAndTime } from "./DayAndTime";

const OFFER_KINDS = ["percent", "fixed"] as const;
const OFFER_WORDS = { percent: "Percent off", fixed: "Fixed amount off" } as const;

/** A coupon as the form holds it: amounts in rupees and times in India time, as typed. */
interface CouponDraft {
  code: string;
  name: string;
  kind: (typeof OFFER_KINDS)[number];
  percent: string;
  maxDiscount: string;
  amount: string;
  minItemTotal: string;
  productIds: string[];
  startsAt: string;
  endsAt: string;
  totalUses: string;
  usesPerCustomer: string;
  active: boolean;
}

/** A new coupon's form: from the start of today to the end of a week's day, India time (the owner moves either). */
const emptyDraft = (today = indiaDayKey(new Date())): CouponDraft => ({
  code: "",
  name: "",
  kind: "percent",
  percent: "10",
  maxDiscount: "",
  amount: "",
  minItemTotal: "0",
  productIds: [],
  startsAt: `${today}T00:00`,
  endsAt: `${addDays(today, 7)}T23:59`,
  totalUses: "100",
  usesPerCustomer: "1",
  active: true,
});

function draftOf(coupon: AdminCoupon): CouponDraft {
  const { fields } = coupon;
  return {
    code: coupon.code,
    name: fields.name,
    kind: fields.offer.kind,
    percent: fields.offer.kind === "percent" ? String(fields.offer.percent) : "",
    maxDiscount:
      fields.offer.kind === "percent" && fields.offer.maxDiscountPaise !== undefined
        ? typedRupees(fields.offer.maxDiscountPaise)
        : "",
    amount: fields.offer.kind === "fixed" ? typedRupees(fields.offer.amountPaise) : "",
    minItemTotal: typedRupees(fields.minItemTotalPaise),
    productIds: fields.productIds,
    startsAt: indiaLocalInput(fields.startsAt),
    endsAt: indiaLocalInput(fields.endsAt),
    totalUses: String(coupon.uses.total),
    usesPerCustomer: String(fields.usesPerCustomer),
    active: fields.active,
  };
}

/** The coupon the owner sends; the server checks every field (zod) and says what is wrong. */
function fieldsOf(draft: CouponDraft): CouponFields {
  return {
    name: draft.name,
    offer:
      draft.kind === "percent"
        ? {
            kind: "percent",
            percent: Number(draft.percent),
            ...(draft.maxDiscount.trim() ? { maxDiscountPaise: paiseOfTyped(draft.maxDiscount) } : {}),
          }
        : { kind: "fixed", amountPaise: paiseOfTyped(draft.amount) },
    minItemTotalPaise: paiseOfTyped(draft.minItemTotal),
    productIds: draft.productIds,
    startsAt: fromIndiaLocalInput(draft.startsAt),
    endsAt: fromIndiaLocalInput(draft.endsAt),
    totalUses: Number(draft.totalUses),
    usesPerCustomer: Number(draft.usesPerCustomer),
    active: draft.active,
  };
}

const offerWords = (fields: CouponFields) =>
  fields.offer.kind === "percent"
    ? `${fields.offer.percent} %${fields.offer.maxDiscountPaise === undefined ? "" : ` up to ${formatRupees(fields.offer.maxDiscountPaise)}`}`
    : `${formatRupees(fields.offer.amountPaise)} off`;

/**
 * The list on a phone (docs/back-office.md, On a phone, in India's dates): each coupon a card of two columns, its code
 * and when it runs across the card, the figures side by side, Change on a line of its own. From `md` up, the table as
 * drawn.
 */
const stacked = { ...stackedTable, coupon: stackedTable.row("repeat(2, minmax(0, 1fr))") };
const wide = { gridColumn: "1 / -1" } as const;
const figure = { textAlign: { base: "start", md: "end" } } as const;

/**
 * `/admin-coupons` (admin only; docs/coupons.md): the shop's festival offers with their uses, the discount they gave
 * and the revenue of their orders; a form to add one or change one from the version read.
 */
export default function CouponsPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: ["admin-coupons"], queryFn: adminCoupons });
  const products = useQuery(productsQuery);
  /** The coupon being changed (its code and the version it was read at), or none: a new one. */
  const [editing, setEditing] = useState<{ code: string; version: number }>();
  const [draft, setDraft] = useState<CouponDraft>(emptyDraft);
  const form = useRef<HTMLDivElement>(null);
  // Change on a phone's tenth card: the form is far below, so the page goes to it.
  useEffect(() => {
    if (editing) form.current?.scrollIntoView({ block: "start" });
  }, [editing]);
  const change = (patch: Partial<CouponDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const save = useMutation({
    mutationFn: () =>
      editing ? changeCoupon(editing.code, fieldsOf(draft), editing.version) : addCoupon(draft.code, fieldsOf(draft)),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      setEditing(undefined);
      setDraft(emptyDraft());
      void client.invalidateQueries({ queryKey: ["admin-coupons"] });
    },
  });
  const problem = save.error
    ? save.error instanceof ApiFailure
      ? save.error.message
      : PaymentMessages.SOMETHING_WRONG
    : undefined;

  if (list.isPending) return <PageSpinner />;
  const text = (label: string, key: keyof CouponDraft & string, props: Record<string, unknown> = {}) => (
    <FormField label={label}>
      <Input
        bg="white"
        value={String(draft[key])}
        onChange={(event) => change({ [key]: event.currentTarget.value })}
        data-testid={`coupon-${key}`}
        {...props}
      />
    </FormField>
  );
  return (
    <PageCard maxW="6xl">
      <Stack gap="6" data-testid="admin-coupons">
        <Heading as="h1" size="2xl">
          Coupons
        </Heading>
        <Box overflowX={{ md: "auto" }}>
          <Table.Root size="sm" variant="outline" data-testid="coupons-table" {...stacked.table}>
            <StackedTableHead
              columns={["Code", "Offer", "Valid", "Uses", "Discount given", "Revenue", ""]}
              figures={["Uses", "Discount given", "Revenue"]}
            />
            <Table.Body {...stacked.body}>
              {(list.data ?? []).map((coupon) => (
                <Table.Row key={coupon.code} data-testid="coupon-row" data-code={coupon.code} {...stacked.coupon}>
                  <Table.Cell {...stacked.cell} {...wide}>
                    <Text fontWeight="bold">{coupon.code}</Text>
                    <Text color="gray.600">{coupon.fields.name}</Text>
                    {!coupon.fields.active && <Badge colorPalette="gray">Paused</Badge>}
                  </Table.Cell>
                  <Table.Cell {...stacked.cell} {...wide}>
                    {offerWords(coupon.fields)}
                    {coupon.fields.minItemTotalPaise > 0 && (
                      <Text color="gray.600">on {formatRupees(coupon.fields.minItemTotalPaise)} or more</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell {...stacked.cell} {...wide} data-testid="coupon-valid">
                    {indiaDateTime(coupon.fields.startsAt)} to {indiaDateTime(coupon.fields.endsAt)}
                  </Table.Cell>
                  <StackedCell label="Uses" {...figure} {...wide}>
                    <Text as="span" data-testid="coupon-uses">
                      {coupon.uses.used} of {coupon.uses.total}
                    </Text>
                    {coupon.uses.held > 0 && <Text color="gray.600">{coupon.uses.held} in checkout</Text>}
                  </StackedCell>
                  <StackedCell label="Discount" {...figure}>
                    <Text as="span" data-testid="coupon-discount-given">
                      {formatRupees(coupon.sales.discountPaise)}
                    </Text>
                  </StackedCell>
                  <StackedCell label="Revenue" {...figure}>
                    <Text as="span" data-testid="coupon-revenue">
                      {formatRupees(coupon.sales.revenuePaise)}
                    </Text>
                  </StackedCell>
                  <Table.Cell {...stacked.cell} {...wide} pt="2">
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="brand"
                      onClick={() => {
                        save.reset();
                        setEditing({ code: coupon.code, version: coupon.version });
                        setDraft(draftOf(coupon));
                      }}
                    >
                      Change
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
        {list.data?.length === 0 && <Text color="gray.600">No coupons yet.</Text>}

        <Stack
          as="form"
          gap="4"
          borderWidth="1px"
          borderRadius="lg"
          p="4"
          ref={form}
          scrollMarginTop="4"
          data-testid="coupon-form"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <Heading as="h2" size="lg">
            {editing ? `Change ${editing.code}` : "New coupon"}
          </Heading>
          <Text color="gray.600">Amounts in rupees; times in India time. No products chosen: every product.</Text>
          {problem && (
            <Alert.Root status="error" data-testid="coupon-form-error">
              <Alert.Indicator />
              <Alert.Title>{problem}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            {text("Code", "code", { disabled: Boolean(editing), autoCapitalize: "characters", maxLength: 20 })}
            {text("Name", "name")}
            <FormField label="Offer">
              <ChoiceSelect
                bg="white"
                choices={OFFER_KINDS}
                value={draft.kind}
                onChoose={(kind) => change({ kind })}
                words={(kind) => OFFER_WORDS[kind]}
                testId="coupon-kind"
              />
            </FormField>
            {draft.kind === "percent" && text("Percent", "percent", { inputMode: "numeric" })}
            {draft.kind === "percent" && text("At most (₹, optional)", "maxDiscount", { inputMode: "decimal" })}
            {draft.kind === "fixed" && text("Amount off (₹)", "amount", { inputMode: "decimal" })}
            {text("Minimum item total (₹)", "minItemTotal", { inputMode: "decimal" })}
            <DayAndTime
              label="Starts"
              value={draft.startsAt}
              onChange={(startsAt) => change({ startsAt })}
              testId="coupon-startsAt"
            />
            <DayAndTime
              label="Ends"
              value={draft.endsAt}
              onChange={(endsAt) => change({ endsAt })}
              testId="coupon-endsAt"
            />
            {text("Total uses", "totalUses", { inputMode: "numeric" })}
            {text("Uses per customer", "usesPerCustomer", { inputMode: "numeric" })}
            <FormField label="Status">
              <ChoiceSelect
                bg="white"
                choices={["active", "paused"]}
                value={draft.active ? "active" : "paused"}
                onChoose={(chosen) => change({ active: chosen === "active" })}
                words={(chosen) => (chosen === "active" ? "Active" : "Paused")}
                testId="coupon-active"
              />
            </FormField>
          </SimpleGrid>
          <Stack gap="2" as="fieldset">
            <Text as="legend" fontWeight="medium">
              For these products only
            </Text>
            <HStack gap="2" wrap="wrap">
              {(products.data ?? []).map((product) => {
                const chosen = draft.productIds.includes(product.productId);
                return (
                  <Button
                    key={product.productId}
                    size="xs"
                    variant={chosen ? "solid" : "outline"}
                    colorPalette="brand"
                    aria-pressed={chosen}
                    onClick={() =>
                      change({
                        productIds: chosen
                          ? draft.productIds.filter((id) => id !== product.productId)
                          : [...draft.productIds, product.productId],
                      })
                    }
                  >
                    {product.name}
                  </Button>
                );
              })}
            </HStack>
          </Stack>
          <HStack gap="3">
            <Button type="submit" colorPalette="brand" loading={save.isPending} data-testid="save-coupon">
              Save coupon
            </Button>
            {editing && (
              <Button
                variant="ghost"
                onClick={() => {
                  save.reset();
                  setEditing(undefined);
                  setDraft(emptyDraft());
                }}
              >
                Cancel
              </Button>
            )}
          </HStack>
        </Stack>
      </Stack>
    </PageCard>
  );
}
