import { Alert, Box, Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { downloadGstr1 } from "../../api/billing";
import { formatRupees, type ShopSummary } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { notifyError } from "../../toast/toaster";
import { lastIndiaMonth, MONTH_KEY, thisIndiaMonth } from "./gstr1-month";

/**
 * The trailing 12 months' turnover has passed ₹4 crore (docs/business-buyers.md, E-invoicing): from ₹5 crore every
 * B2B invoice needs an IRN, so the owner is warned a year ahead. Nothing from an older server or below the mark.
 */
export function EInvoicingWarning({ eInvoicing }: { eInvoicing: ShopSummary["eInvoicing"] }) {
  const { say } = useLanguage();
  if (!eInvoicing?.warn) return null;
  return (
    <Alert.Root status="warning" data-testid="e-invoicing-warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{say("admin.eInvoicing.title")}</Alert.Title>
        <Alert.Description>
          {say("admin.eInvoicing.text", {
            turnover: formatRupees(eInvoicing.trailing12MonthsPaise),
            threshold: formatRupees(eInvoicing.thresholdPaise),
          })}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The month for the accountant (docs/business-buyers.md, GSTR-1): an India month, last month by default, and its
 * GSTR-1 as the GST offline tool's CSV sections in one ZIP, fetched with the owner's token as a receipt is.
 */
export function Gstr1Download() {
  const { say } = useLanguage();
  const navigate = useNavigate();
  const [month, setMonth] = useState(() => lastIndiaMonth(new Date()));
  const [busy, setBusy] = useState(false);
  const valid = MONTH_KEY.test(month);
  return (
    <Box as="section" aria-labelledby="gstr1-heading" borderWidth="1px" borderRadius="md" p="4" bg="white">
      <Stack gap="3" data-testid="gstr1">
        <Text id="gstr1-heading" fontWeight="semibold">
          {say("admin.gstr1.heading")}
        </Text>
        <Text fontSize="sm" color="gray.600">
          {say("admin.gstr1.note")}
        </Text>
        <HStack gap="3" wrap="wrap" align="end">
          <Input
            type="month"
            aria-label={say("admin.gstr1.month")}
            value={month}
            max={thisIndiaMonth(new Date())}
            onChange={(event) => setMonth(event.currentTarget.value)}
            maxW="48"
            bg="white"
            data-testid="gstr1-month"
          />
          <Button
            colorPalette="brand"
            loading={busy}
            disabled={!valid}
            data-testid="gstr1-download"
            onClick={async () => {
              setBusy(true);
              const outcome = await downloadGstr1(month);
              setBusy(false);
              if (outcome === "forbidden") navigate("/home");
              else if (outcome === "failed") notifyError(say("admin.gstr1.failed"));
            }}
          >
            {say("admin.gstr1.download")}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
