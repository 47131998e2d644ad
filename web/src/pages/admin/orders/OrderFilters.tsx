import { Button, HStack } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { ChoiceSelect } from "../../../components/ChoiceSelect";
import { fulfilmentStatusSchema } from "../../../contracts";
import { DayPicker } from "../layout/DayPicker";
import { SearchBox } from "../SearchBox";

/** What the owner narrowed the list to: a fulfilment status, a search, a delivery day ("" for none). */
export interface OrderFilterValues {
  orderStatus: string;
  search: string;
  deliveryDate: string;
}

/** "" first: no status chosen, every order shown. */
const ANY_STATUS = ["", ...fulfilmentStatusSchema.options] as const;

/**
 * The orders list's filters: status, a search by order id or email (sent on Search, not per key), and the delivery
 * day, with the day's delivery run a tap away once a day is chosen. They wrap onto lines of their own on a phone.
 */
export function OrderFilters({
  values,
  onChange,
}: {
  values: OrderFilterValues;
  onChange: (values: OrderFilterValues) => void;
}) {
  const [search, setSearch] = useState(values.search);
  return (
    <HStack
      gap="3"
      wrap="wrap"
      align="end"
      as="form"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...values, search: search.trim() });
      }}
    >
      <ChoiceSelect
        maxW="52"
        bg="white"
        size="sm"
        label="Order status"
        choices={ANY_STATUS}
        value={values.orderStatus}
        onChoose={(orderStatus) => onChange({ ...values, orderStatus })}
        words={(status) => status || "Any order status"}
        testId="filter-order-status"
      />
      <HStack gap="2" flex="1 1 16rem" maxW="96">
        <SearchBox
          label="Search by order id or email"
          value={search}
          onChange={setSearch}
          submit="Search"
          testIds={{ input: "order-search", submit: "order-search-submit" }}
        />
      </HStack>
      <DayPicker
        label="Delivery day"
        day={values.deliveryDate}
        onDay={(deliveryDate) => onChange({ ...values, deliveryDate })}
        testId="filter-delivery-date"
        anyDay="Any day"
      />
      {values.deliveryDate && (
        <Button asChild size="sm" variant="outline" colorPalette="brand">
          <RouterLink to={`/admin-delivery-run?date=${values.deliveryDate}`} data-testid="delivery-run">
            The day's delivery run
          </RouterLink>
        </Button>
      )}
    </HStack>
  );
}
