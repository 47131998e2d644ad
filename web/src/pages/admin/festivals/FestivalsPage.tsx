import { Box, Button, Heading, HStack, IconButton, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { LuPlus, LuTrash2 } from "react-icons/lu";
import { ApiFailure } from "../../../api/client";
import { adminFestivals, saveFestival } from "../../../api/festivals";
import { ChoiceSelect } from "../../../components/ChoiceSelect";
import { FormField } from "../../../components/FormField";
import { PageCard } from "../../../components/PageCard";
import { PageSpinner } from "../../../components/PageSpinner";
import { addDays, type Festival, FestivalMessages, indiaDayKey, indiaDayLabel } from "../../../contracts";
import { notifySuccess } from "../../../toast/toaster";
import { DayAndTime } from "../DayAndTime";
import { DayPicker } from "../layout/DayPicker";
import { FestivalDayLinks } from "./FestivalDayLinks";
import {
  type BoxDraft,
  draftOf,
  emptyBox,
  emptyFestival,
  emptyProduct,
  type FestivalDraft,
  type FieldMessages,
  generatedWindows,
  judgeFestival,
  type ProductDraft,
  type WindowDraft,
} from "./festival-draft";

type RowField<T> = { key: keyof T & string; label: string; numeric?: boolean; width?: string };

const BOX_FIELDS: RowField<BoxDraft>[] = [
  { key: "boxId", label: "Box id", width: "8rem" },
  { key: "name", label: "Name", width: "10rem" },
  { key: "nameMr", label: "Name in Marathi", width: "10rem" },
  { key: "pieces", label: "Pieces", numeric: true, width: "5rem" },
  { key: "price", label: "Price (₹)", numeric: true, width: "6rem" },
  { key: "hsn", label: "HSN", numeric: true, width: "6rem" },
  { key: "gstRate", label: "GST %", numeric: true, width: "5rem" },
  { key: "product", label: "Product key", width: "8rem" },
];
const BOX_PATHS: Record<string, string> = { pricePaise: "price", gstRatePercent: "gstRate" };

const PRODUCT_FIELDS: RowField<ProductDraft>[] = [
  { key: "key", label: "Product key", width: "8rem" },
  { key: "name", label: "Name", width: "12rem" },
  { key: "nameMr", label: "Name in Marathi", width: "12rem" },
  { key: "piecesPerDay", label: "Pieces a day", numeric: true, width: "7rem" },
];

const WINDOW_FIELDS: RowField<WindowDraft>[] = [
  { key: "windowId", label: "Window id", width: "5rem" },
  { key: "start", label: "From (HH:MM)", width: "5rem" },
  { key: "end", label: "To (HH:MM)", width: "5rem" },
  { key: "label", label: "Shown as", width: "9rem" },
  { key: "labelMr", label: "Shown in Marathi as", width: "11rem" },
  { key: "capacity", label: "Boxes", numeric: true, width: "5rem" },
];
const WINDOW_PATHS: Record<string, string> = { capacityBoxes: "capacity" };

/** The messages of one row (`boxes.2.*`), each with the field's label. */
function rowProblems<T>(problems: FieldMessages, list: string, index: number, fields: RowField<T>[], paths = {}) {
  const prefix = `${list}.${index}.`;
  return Object.entries(problems)
    .filter(([path]) => path.startsWith(prefix))
    .map(([path, message]) => {
      const field = path.slice(prefix.length).split(".")[0] ?? "";
      const key = (paths as Record<string, string>)[field] ?? field;
      return `${fields.find((one) => one.key === key)?.label ?? key}: ${message}`;
    });
}

function Rows<T extends object>(props: {
  title: string;
  list: string;
  rows: T[];
  fields: RowField<T>[];
  paths?: Record<string, string>;
  problems: FieldMessages;
  onChange: (rows: T[]) => void;
  empty?: () => T;
  extra?: (row: T, change: (patch: Partial<T>) => void) => React.ReactNode;
}) {
  const change = (index: number, patch: Partial<T>) =>
    props.onChange(props.rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap="2" data-testid={`festival-${props.list}`}>
      <Text fontWeight="medium">{props.title}</Text>
      {props.problems[props.list] && (
        <Text color="red.600" fontSize="sm">
          {props.problems[props.list]}
        </Text>
      )}
      {props.rows.map((row, index) => {
        const problems = rowProblems(props.problems, props.list, index, props.fields, props.paths);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row being typed has no id yet
          <Box key={index} borderBottomWidth="1px" pb="2" data-testid={`festival-${props.list}-row`}>
            <HStack gap="2" wrap="wrap" align="end">
              {props.fields.map((field) => (
                // Each input says what it is above it: a filled row's placeholders are gone.
                <Box key={field.key} w={{ base: "calc(50% - 0.25rem)", md: field.width }}>
                  <Text as="span" display="block" fontSize="xs" color="gray.600" aria-hidden="true">
                    {field.label}
                  </Text>
                  <Input
                    aria-label={field.label}
                    size="sm"
                    bg="white"
                    inputMode={field.numeric ? "decimal" : undefined}
                    value={String(row[field.key])}
                    onChange={(event) => change(index, { [field.key]: event.currentTarget.value } as Partial<T>)}
                    data-testid={`${props.list}-${field.key}`}
                  />
                </Box>
              ))}
              {props.extra?.(row, (patch) => change(index, patch))}
              <IconButton
                size="sm"
                variant="ghost"
                aria-label="Remove row"
                onClick={() => props.onChange(props.rows.filter((_, at) => at !== index))}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
            {problems.map((problem) => (
              <Text key={problem} color="red.600" fontSize="sm">
                {problem}
              </Text>
            ))}
          </Box>
        );
      })}
      {props.empty && (
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() => props.onChange([...props.rows, props.empty!()])}
          data-testid={`add-${props.list}`}
        >
          <LuPlus /> Add a row
        </Button>
      )}
    </Stack>
  );
}

/** "From 06:00 to 11:00 in 20-minute windows of 50 boxes": the contracts' generator, previewed as editable rows. */
function WindowGenerator({ onMake }: { onMake: (windows: WindowDraft[]) => void }) {
  const [plan, setPlan] = useState({ from: "06:00", to: "11:00", minutes: "20", boxes: "50" });
  const field = (key: keyof typeof plan, label: string, numeric = false) => (
    <FormField label={label}>
      <Input
        size="sm"
        bg="white"
        w="6rem"
        inputMode={numeric ? "numeric" : undefined}
        value={plan[key]}
        onChange={(event) => setPlan({ ...plan, [key]: event.currentTarget.value })}
        data-testid={`plan-${key}`}
      />
    </FormField>
  );
  const windows = generatedWindows({
    kind: "pickup",
    from: plan.from,
    to: plan.to,
    minutes: Number(plan.minutes),
    capacityBoxes: Number(plan.boxes),
  });
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="window-generator">
      <Text fontWeight="medium">Make pickup windows</Text>
      <HStack gap="2" wrap="wrap" align="end">
        {field("from", "From (HH:MM)")}
        {field("to", "To (HH:MM)")}
        {field("minutes", "Minutes each", true)}
        {field("boxes", "Boxes each", true)}
      </HStack>
      <HStack gap="3" wrap="wrap">
        <Button
          size="sm"
          colorPalette="brand"
          disabled={windows.length === 0}
          onClick={() => onMake(windows)}
          data-testid="plan-make"
        >
          Make {windows.length} windows
        </Button>
        <Text fontSize="sm" color="gray.600">
          Replaces the pickup windows below; you can then edit, close or resize each.
        </Text>
      </HStack>
    </Stack>
  );
}

function FestivalForm({ start, onSaved }: { start: FestivalDraft; onSaved: () => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(start);
  // Judged as the owner types once a save was tried: a mended field's message goes at once.
  const [tried, setTried] = useState(false);
  const judged = useMemo(() => judgeFestival(draft), [draft]);
  const problems: FieldMessages = tried && "problems" in judged ? judged.problems : {};
  const set = (patch: Partial<FestivalDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const save = useMutation({
    mutationFn: saveFestival,
    onSuccess: async () => {
      notifySuccess(FestivalMessages.SAVED);
      await client.invalidateQueries({ queryKey: ["admin-festivals"] });
      onSaved();
    },
  });
  const text = (key: "id" | "name" | "nameMr" | "minimum", label: string, path: string, disabled = false) => (
    <FormField label={label} error={problems[path]}>
      <Input
        bg="white"
        disabled={disabled}
        value={draft[key]}
        inputMode={key === "minimum" ? "decimal" : undefined}
        onChange={(event) => set({ [key]: event.currentTarget.value })}
        data-testid={`festival-${key}`}
      />
    </FormField>
  );
  const when = (key: "opensAt" | "closesAt", label: string, path: string) => (
    <Stack gap="1">
      <DayAndTime
        label={label}
        value={draft[key]}
        onChange={(value) => set({ [key]: value })}
        testId={`festival-${key}`}
      />
      {problems[path] && (
        <Text color="red.600" fontSize="sm">
          {problems[path]}
        </Text>
      )}
    </Stack>
  );
  const failure = save.error instanceof ApiFailure ? save.error : undefined;
  return (
    <Stack
      as="form"
      gap="5"
      data-testid="festival-form"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if ("festival" in judged) save.mutate(judged.festival);
      }}
    >
      <Heading as="h2" size="lg">
        {draft.version === 0 ? "New festival" : `Edit ${draft.name}`}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {text("id", "Id (in links: ganeshotsav-2026)", "_id", draft.version > 0)}
        {text("name", "Name", "name")}
        {text("nameMr", "Name in Marathi", "nameMr")}
        {when("opensAt", "Bookings open (India time)", "bookingOpensAt")}
        {when("closesAt", "Bookings close (India time)", "bookingClosesAt")}
        {text("minimum", "Minimum order (₹, empty for none)", "minimumPaise")}
        <FormField label="Cash at the counter">
          <ChoiceSelect
            bg="white"
            choices={["no", "yes"]}
            value={draft.cashAtCounter ? "yes" : "no"}
            onChoose={(cash) => set({ cashAtCounter: cash === "yes" })}
            words={(cash) => (cash === "yes" ? "Taken" : "Paid online only")}
            testId="festival-cash"
          />
        </FormField>
      </SimpleGrid>
      <Stack gap="2" data-testid="festival-days">
        <Text fontWeight="medium">Festival days</Text>
        {problems.days && (
          <Text color="red.600" fontSize="sm">
            {problems.days}
          </Text>
        )}
        <HStack gap="2" wrap="wrap">
          {draft.days.map((day, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a day being picked has no id yet
            <HStack key={index} gap="1" align="end">
              <DayPicker
                label={`Day ${index + 1}`}
                day={day}
                onDay={(value) => set({ days: draft.days.map((one, at) => (at === index ? value : one)) })}
                testId={`festival-day-${index}`}
              />
              <IconButton
                size="sm"
                variant="ghost"
                aria-label="Remove day"
                onClick={() => set({ days: draft.days.filter((_, at) => at !== index) })}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
          ))}
          <Button
            size="sm"
            variant="outline"
            onClick={() => set({ days: [...draft.days, addDays(draft.days.at(-1) ?? indiaDayKey(new Date()), 1)] })}
            data-testid="add-day"
          >
            <LuPlus /> Add a day
          </Button>
        </HStack>
      </Stack>
      <Rows
        title="What the kitchen makes each day (product key, name, Marathi name, pieces a day)"
        list="products"
        rows={draft.products}
        fields={PRODUCT_FIELDS}
        problems={problems}
        onChange={(products) => set({ products })}
        empty={emptyProduct}
      />
      <Rows
        title="Boxes (id, name, Marathi name, pieces, price in ₹ with GST, HSN, GST %, product key)"
        list="boxes"
        rows={draft.boxes}
        fields={BOX_FIELDS}
        paths={BOX_PATHS}
        problems={problems}
        onChange={(boxes) => set({ boxes })}
        empty={emptyBox}
      />
      <WindowGenerator
        onMake={(made) => set({ windows: [...draft.windows.filter((one) => one.kind !== "pickup"), ...made] })}
      />
      <Rows
        title={`Pickup windows (${draft.windows.length}), the same on every festival day`}
        list="windows"
        rows={draft.windows}
        fields={WINDOW_FIELDS}
        paths={WINDOW_PATHS}
        problems={problems}
        onChange={(windows) => set({ windows })}
        extra={(row, change) => (
          <Button
            size="sm"
            variant={row.closed ? "solid" : "outline"}
            colorPalette={row.closed ? "red" : undefined}
            onClick={() => change({ closed: !row.closed })}
            data-testid="window-closed"
          >
            {row.closed ? "Closed" : "Open"}
          </Button>
        )}
      />
      {Object.keys(problems).length > 0 && (
        <Text color="red.600" data-testid="festival-problems">
          Please, correct the fields marked above ({Object.keys(problems).length}).
        </Text>
      )}
      {failure && (
        <Box
          borderWidth="1px"
          borderColor="red.300"
          bg="red.50"
          p="3"
          borderRadius="md"
          data-testid="festival-save-failed"
        >
          <Text color="red.700" fontWeight={failure.status === 409 ? "bold" : undefined}>
            {failure.message}
          </Text>
        </Box>
      )}
      <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.isPending} data-testid="festival-save">
        Save festival
      </Button>
    </Stack>
  );
}

const daysOf = (festival: Festival) => festival.days.map((day) => indiaDayLabel(day)).join(", ");

/**
 * `/admin-festivals` (admin only; docs/festivals.md, The owner's pages): the festivals, and one form for a new one or
 * the one picked, saved whole at the version read. The contracts' schema judges the form before it is sent, with the
 * server's own messages; a save made meanwhile elsewhere is refused (409) and said above the button.
 */
export default function FestivalsPage() {
  const festivals = useQuery({ queryKey: ["admin-festivals"], queryFn: adminFestivals });
  const [editing, setEditing] = useState<{ key: string; draft: FestivalDraft }>();
  if (!festivals.data) return <PageSpinner label="Loading festivals" />;
  return (
    <PageCard maxW="6xl">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Festivals
        </Heading>
        <Stack gap="2" data-testid="festival-list">
          {festivals.data.festivals.length === 0 && <Text color="gray.600">No festival yet.</Text>}
          {festivals.data.festivals.map((festival) => (
            <HStack key={festival._id} gap="3" wrap="wrap" data-testid="festival-row" data-festival={festival._id}>
              <Text fontWeight="medium">{festival.name}</Text>
              <Text color="gray.600" fontSize="sm">
                {daysOf(festival)} · {festival.windows.length} windows · version {festival.version}
              </Text>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEditing({ key: `${festival._id}@${festival.version}`, draft: draftOf(festival) })}
                data-testid="festival-edit"
              >
                Edit
              </Button>
              <FestivalDayLinks festivalId={festival._id} days={[...festival.days].sort()} />
            </HStack>
          ))}
        </Stack>
        {!editing && (
          <Button
            alignSelf="start"
            colorPalette="brand"
            onClick={() => setEditing({ key: `new-${Date.now()}`, draft: emptyFestival() })}
            data-testid="festival-new"
          >
            <LuPlus /> New festival
          </Button>
        )}
        {editing && <FestivalForm key={editing.key} start={editing.draft} onSaved={() => setEditing(undefined)} />}
      </Stack>
    </PageCard>
  );
}
