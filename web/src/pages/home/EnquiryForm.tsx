import { Button, chakra, Field, Heading, Input, SimpleGrid, Text, Textarea } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { LuSend } from "react-icons/lu";
import { sendEnquiry } from "../../api/catalogue";
import { useHydrated } from "../../app/use-hydrated";
import { ENQUIRY_LIMITS, type Enquiry, type EnquiryRequest, enquiryRequestSchema } from "../../contracts";
import { type EnquiryResult, EnquiryResultDialog } from "./EnquiryResultDialog";

const blank: EnquiryRequest = { name: "", email: "", mobile: "", message: "" };

/**
 * "Send Us A Message" (spec sections 2 and 5). The contract's schema is the form's validation, so the browser and
 * the catalogue refuse the same input with the same words; errors show once a field is touched and Send stays
 * disabled while anything is invalid.
 */
export function EnquiryForm() {
  const [result, setResult] = useState<EnquiryResult>("sent");
  const [resultOpen, setResultOpen] = useState(false);
  // `data-ready` once React has the form (it loads after the rest of a server-rendered home): the journeys wait for it.
  const ready = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm<EnquiryRequest, unknown, Enquiry>({
    resolver: zodResolver(enquiryRequestSchema),
    mode: "onTouched",
    defaultValues: blank,
  });

  const onSubmit = handleSubmit(async (enquiry) => {
    try {
      await sendEnquiry(enquiry);
      setResult("sent");
    } catch {
      setResult("failed");
    }
    setResultOpen(true);
  });

  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="4"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="enquiry-heading"
      id="enquiry"
      data-ready={ready || undefined}
      scrollMarginTop="24"
    >
      <Heading as="h2" id="enquiry-heading" size="xl">
        Send Us A Message
      </Heading>
      <Text color="gray.600">Ask about an order for a wedding, a puja or office, or anything else on your mind.</Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={Boolean(errors.name)} required>
          <Field.Label>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input {...register("name")} maxLength={ENQUIRY_LIMITS.nameMax} autoComplete="name" bg="white" />
          <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.email)}>
          <Field.Label>Email</Field.Label>
          <Input
            {...register("email")}
            type="email"
            maxLength={ENQUIRY_LIMITS.emailMax}
            autoComplete="email"
            bg="white"
          />
          <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <Field.Root invalid={Boolean(errors.mobile)} required>
        <Field.Label>
          Mobile <Field.RequiredIndicator />
        </Field.Label>
        <Input
          {...register("mobile")}
          type="tel"
          inputMode="numeric"
          maxLength={ENQUIRY_LIMITS.mobileMax}
          autoComplete="tel-national"
          bg="white"
        />
        <Field.ErrorText>{errors.mobile?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.message)} required>
        <Field.Label>
          Message <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          {...register("message")}
          maxLength={ENQUIRY_LIMITS.messageMax}
          rows={4}
          bg="white"
          resize="vertical"
        />
        <Field.ErrorText>{errors.message?.message}</Field.ErrorText>
      </Field.Root>
      <Button
        type="submit"
        data-testid="enquiry-submit"
        colorPalette="brand"
        alignSelf="flex-start"
        minW="32"
        disabled={!isValid || isSubmitting}
        loading={isSubmitting}
        loadingText="Sending"
      >
        <LuSend aria-hidden="true" /> Send
      </Button>
      <EnquiryResultDialog
        result={result}
        open={resultOpen}
        onClose={() => setResultOpen(false)}
        onClosed={() => reset(blank)}
      />
    </chakra.form>
  );
}
