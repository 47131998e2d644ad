import { Box, Button, Heading, HStack, IconButton, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LuPlus, LuTrash2 } from "react-icons/lu";
import { deliveryZones, saveDeliveryZones } from "../../api/delivery";
import { ChoiceSelect } from "../../components/ChoiceSelect";
import { FormField } from "../../components/FormField";
import { PageCard } from "../../components/PageCard";
import { PageSpinner } from "../../components/PageSpinner";
import type { DeliveryZone, DeliveryZoneSettings } from "../../contracts";
import { paiseOfTyped, typedRupees } from "../../forms/rupees";
import { notifySuccess } from "../../toast/toaster";
import { ClosedDays } from "./ClosedDays";

/** A slot as the form holds it: every field as typed. */
interface SlotDraft {
  slotId: string;
  label: string;
  /** The label on Marathi pages and mails; empty: the English one. */
  labelMr: string;
  cutoff: string;
  capacity: string;
}

/** A slot's row of inputs, in the order of the hint above them. */
const SLOT_FIELDS: readonly { key: keyof SlotDraft; label: string; testId: string; numeric?: true }[] = [
  { key: "slotId", label: "Hours", testId: "slot-id" },
  { key: "label", label: "Shown as", testId: "slot-label" },
  { key: "labelMr", label: "Shown in Marathi as", testId: "slot-labelMr" },
  { key: "cutoff", label: "Cut-off", testId: "slot-cutoff" },
  { key: "capacity", label: "Orders per slot", testId: "slot-capacity", numeric: true },
];

/** A zone as the form holds it: amounts in rupees and lists as typed, turned back into a zone on save. */
interface ZoneDraft {
  zone: DeliveryZone;
  name: string;
  /** The name on Marathi pages and mails; empty: the English one. */
  nameMr: string;
  charge: string;
  freeAbove: string;
  codUpTo: string;
  fresh: boolean;
  maxRoadKm: string;
  pincodes: string;
  /** Days as `YYYY-MM-DD`, picked from a list written India's way (ClosedDays). */
  closedDates: string[];
  transitMin: string;
  transitMax: string;
  slots: SlotDraft[];
}

const rupees = (paise: number | undefined) => (paise === undefined ? "" : typedRupees(paise));
/** Empty stays absent (no free delivery, no cash on delivery); anything else is rupees to paise. */
const paiseOf = (typed: string) => (typed.trim() === "" ? undefined : paiseOfTyped(typed));
const listOf = (typed: string) => typed.split(/[\s,]+/).filter(Boolean);
/** A Marathi name left empty is absent: the pages and mails show the English one (docs/languages.md). */
const marathiOf = <K extends string>(key: K, typed: string) =>
  (typed.trim() === "" ? {} : { [key]: typed.trim() }) as Partial<Record<K, string>>;

function draftOf(zone: DeliveryZone): ZoneDraft {
  return {
    zone,
    name: zone.name,
    nameMr: zone.nameMr ?? "",
    charge: rupees(zone.chargePaise),
    freeAbove: rupees(zone.freeAbovePaise),
    codUpTo: rupees(zone.codUpToPaise),
    fresh: zone.fresh,
    maxRoadKm: zone.kind === "local" ? String(zone.maxRoadKm) : "",
    pincodes: zone.kind === "local" ? zone.pincodes.join(", ") : "",
    closedDates: zone.kind === "courier" ? [] : zone.closedDates,
    transitMin: zone.kind === "courier" ? String(zone.transitDays.min) : "",
    transitMax: zone.kind === "courier" ? String(zone.transitDays.max) : "",
    slots:
      zone.kind === "courier"
        ? []
        : zone.slots.map((slot) => ({ ...slot, labelMr: slot.labelMr ?? "", capacity: String(slot.capacity) })),
  };
}

/** The zone the owner sent; the server checks every field (zod) and answers what is wrong in the spec's words. */
function zoneOf(draft: ZoneDraft): DeliveryZone {
  const common = {
    zoneId: draft.zone.zoneId,
    name: draft.name,
    ...marathiOf("nameMr", draft.nameMr),
    chargePaise: paiseOf(draft.charge) ?? 0,
    fresh: draft.fresh,
    ...(paiseOf(draft.freeAbove) === undefined ? {} : { freeAbovePaise: paiseOf(draft.freeAbove) }),
    ...(paiseOf(draft.codUpTo) === undefined ? {} : { codUpToPaise: paiseOf(draft.codUpTo) }),
  };
  const slots = draft.slots.map(({ labelMr, ...slot }) => ({
    ...slot,
    ...marathiOf("labelMr", labelMr),
    capacity: Number(slot.capacity),
  }));
  switch (draft.zone.kind) {
    case "local":
      return {
        ...common,
        kind: "local",
        maxRoadKm: Number(draft.maxRoadKm),
        pincodes: listOf(draft.pincodes),
        slots,
        closedDates: draft.closedDates,
      };
    case "pickup":
      return { ...common, kind: "pickup", slots, closedDates: draft.closedDates };
    case "courier":
      return {
        ...common,
        kind: "courier",
        transitDays: { min: Number(draft.transitMin), max: Number(draft.transitMax) },
      };
  }
}

const KIND_WORDS = { local: "Local delivery", pickup: "Pickup at the shop", courier: "Courier" } as const;

/**
 * `/admin-delivery` (admin only; docs/delivery.md, Zones): the owner's zones, each with its charge, free delivery
 * above an amount, whether fresh sweets may go, cash on delivery up to an amount, and for local delivery and pickup
 * the slots (hours, cut-off, orders per slot) and closed dates. Saved all at once against the version read: an edit
 * made meanwhile elsewhere is refused, not overwritten.
 */
export default function DeliveryZonesPage() {
  const client = useQueryClient();
  const settings = useQuery({ queryKey: ["delivery-zones"], queryFn: deliveryZones });
  const [drafts, setDrafts] = useState<ZoneDraft[]>([]);
  useEffect(() => {
    if (settings.data) setDrafts(settings.data.zones.map(draftOf));
  }, [settings.data]);
  const save = useMutation({
    mutationFn: (next: DeliveryZoneSettings) => saveDeliveryZones(next),
    onSuccess: (saved) => {
      notifySuccess(saved.message);
      client.setQueryData(["delivery-zones"], { zones: saved.zones, version: saved.version });
    },
  });
  if (!settings.data) return <PageSpinner label="Loading delivery zones" />;
  const version = settings.data.version;

  const change = (index: number, patch: Partial<ZoneDraft>) =>
    setDrafts((current) => current.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  const changeSlot = (index: number, slotIndex: number, patch: Partial<SlotDraft>) =>
    change(index, {
      slots: drafts[index]!.slots.map((slot, at) => (at === slotIndex ? { ...slot, ...patch } : slot)),
    });

  return (
    <PageCard maxW="5xl">
      <Stack
        as="form"
        gap="6"
        data-testid="delivery-zones-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ zones: drafts.map(zoneOf), version });
        }}
      >
        <Heading as="h1" size="2xl">
          Delivery zones
        </Heading>
        <Text color="gray.600">
          Amounts in rupees; leave "Free above" or "Cash on delivery up to" empty for none. Pincodes separated by
          commas.
        </Text>
        {drafts.map((draft, index) => {
          const text = (
            label: string,
            key: keyof ZoneDraft & string,
            props: { inputMode?: "numeric" | "decimal" } = {},
          ) => (
            <FormField label={label}>
              <Input
                bg="white"
                value={String(draft[key])}
                onChange={(event) => change(index, { [key]: event.currentTarget.value })}
                data-testid={`zone-${key}`}
                {...props}
              />
            </FormField>
          );
          return (
            <Box
              key={draft.zone.zoneId}
              as="fieldset"
              borderWidth="1px"
              borderRadius="lg"
              p="4"
              data-testid={`zone-${draft.zone.zoneId}`}
            >
              <Heading as="legend" size="md" px="1">
                {KIND_WORDS[draft.zone.kind]} ({draft.zone.zoneId})
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                {text("Name", "name")}
                {text("Name in Marathi (on /mr pages and Marathi mails)", "nameMr")}
                {text("Charge (₹)", "charge", { inputMode: "decimal" })}
                {text("Free above (₹)", "freeAbove", { inputMode: "decimal" })}
                {text("Cash on delivery up to (₹)", "codUpTo", { inputMode: "decimal" })}
                {draft.zone.kind === "local" &&
                  text("Up to road km from the shop", "maxRoadKm", { inputMode: "decimal" })}
                {draft.zone.kind === "local" && text("Also these pincodes", "pincodes")}
                {draft.zone.kind === "courier" &&
                  text("Transit from (business days)", "transitMin", { inputMode: "numeric" })}
                {draft.zone.kind === "courier" &&
                  text("Transit up to (business days)", "transitMax", { inputMode: "numeric" })}
                {/* A select, not a checkbox: the shop's theme carries only the recipes it uses (app/theme.ts). */}
                <FormField label="Fresh sweets">
                  <ChoiceSelect
                    bg="white"
                    choices={["yes", "no"]}
                    value={draft.fresh ? "yes" : "no"}
                    onChoose={(fresh) => change(index, { fresh: fresh === "yes" })}
                    words={(fresh) => (fresh === "yes" ? "May go" : "Not sent (dry goods only)")}
                    testId="zone-fresh"
                  />
                </FormField>
              </SimpleGrid>
              {draft.zone.kind !== "courier" && (
                <Stack mt="4">
                  <ClosedDays days={draft.closedDates} onChange={(closedDates) => change(index, { closedDates })} />
                </Stack>
              )}
              {draft.zone.kind !== "courier" && (
                <Stack gap="2" mt="4">
                  <Text fontWeight="medium">
                    Slots (hours as 17-20, shown as, shown in Marathi as, order cut-off on the day as HH:MM, orders per
                    slot)
                  </Text>
                  {draft.slots.map((slot, slotIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a slot being typed has no id yet
                    <HStack key={slotIndex} gap="2" wrap={{ base: "wrap", md: "nowrap" }} data-testid="zone-slot">
                      {SLOT_FIELDS.map((field) => (
                        <Input
                          key={field.key}
                          size="sm"
                          bg="white"
                          aria-label={field.label}
                          inputMode={field.numeric ? "numeric" : undefined}
                          value={slot[field.key]}
                          onChange={(event) => changeSlot(index, slotIndex, { [field.key]: event.currentTarget.value })}
                          data-testid={field.testId}
                        />
                      ))}
                      <IconButton
                        size="sm"
                        variant="ghost"
                        aria-label="Remove slot"
                        onClick={() => change(index, { slots: draft.slots.filter((_, at) => at !== slotIndex) })}
                      >
                        <LuTrash2 />
                      </IconButton>
                    </HStack>
                  ))}
                  <Button
                    size="sm"
                    variant="outline"
                    alignSelf="start"
                    onClick={() =>
                      change(index, {
                        slots: [...draft.slots, { slotId: "", label: "", labelMr: "", cutoff: "", capacity: "" }],
                      })
                    }
                    data-testid="add-slot"
                  >
                    <LuPlus /> Add slot
                  </Button>
                </Stack>
              )}
            </Box>
          );
        })}
        {save.error && (
          <Text color="red.600" data-testid="zones-problem">
            {save.error.message}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.isPending} data-testid="zones-save">
          Save zones
        </Button>
      </Stack>
    </PageCard>
  );
}
