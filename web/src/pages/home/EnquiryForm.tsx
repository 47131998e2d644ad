import { Button, chakra, Heading, Input, SimpleGrid, Text, Textarea } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { LuSend } from "react-icons/lu";
import { sendEnquiry } from "../../api/catalogue";
import { FormField } from "../../components/FormField";
import { ENQUIRY_LIMITS, type EnquiryRequest, enquiryRequestSchema } from "../../contracts";
import { earlyForm, takeEarlyTaps } from "../../early-taps/early-taps";
import { useCheckedForm } from "../../forms/use-checked-form";
import { useLanguage } from "../../i18n/i18n";
import { type EnquiryResult, EnquiryResultDialog } from "./EnquiryResultDialog";

const blank: EnquiryRequest = { name: "", email: "", mobile: "", message: "" };
const ENQUIRY_FORM = "enquiry";
const isEnquiryField = (name: string): name is keyof EnquiryRequest => Object.hasOwn(blank, name);

/**
 * "Send Us A Message" (spec sections 2 and 5). The contract's schema is the form's validation, so the browser and
 * the catalogue refuse the same input with the same words; errors show once a field is touched and Send stays
 * disabled while anything is invalid.
 */
export function EnquiryForm() {
  const [result, setResult] = useState<EnquiryResult>("sent");
  const [resultOpen, setResultOpen] = useState(false);
  const { say, sayEnglish } = useLanguage();
  const problem = (message: string | undefined) => message && sayEnglish(message);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isValid, isSubmitting },
    // No default values: each field starts from what its element holds, so what a shopper typed into the server's
    // HTML before this code arrived stays (a default would overwrite it when the field registers).
  } = useCheckedForm(enquiryRequestSchema);

  // Taking over the server's HTML: a field the shopper already left is touched, and checked, as if left now. Its value
  // is read from the element itself: react-hook-form may not have registered it yet when this runs.
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    for (const { id } of takeEarlyTaps(ENQUIRY_FORM)) {
      const field = formElement.current?.elements.namedItem(id);
      if (isEnquiryField(id) && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) {
        setValue(id, field.value, { shouldTouch: true, shouldValidate: true });
      }
    }
  }, [setValue]);

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
      ref={formElement}
      {...earlyForm(ENQUIRY_FORM)}
      scrollMarginTop="24"
    >
      <Heading as="h2" id="enquiry-heading" size="xl">
        {say("enquiry.heading")}
      </Heading>
      <Text color="gray.600">{say("enquiry.intro")}</Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={say("account.name")} required error={problem(errors.name?.message)}>
          <Input {...register("name")} maxLength={ENQUIRY_LIMITS.nameMax} autoComplete="name" bg="white" />
        </FormField>
        <FormField label={say("otp.email")} error={problem(errors.email?.message)}>
          <Input
            {...register("email")}
            type="email"
            maxLength={ENQUIRY_LIMITS.emailMax}
            autoComplete="email"
            bg="white"
          />
        </FormField>
      </SimpleGrid>
      <FormField label={say("account.mobile")} required error={problem(errors.mobile?.message)}>
        <Input
          {...register("mobile")}
          type="tel"
          inputMode="numeric"
          maxLength={ENQUIRY_LIMITS.mobileMax}
          autoComplete="tel-national"
          bg="white"
        />
      </FormField>
      <FormField label={say("enquiry.message")} required error={problem(errors.message?.message)}>
        <Textarea
          {...register("message")}
          maxLength={ENQUIRY_LIMITS.messageMax}
          rows={4}
          bg="white"
          resize="vertical"
        />
      </FormField>
      <Button
        type="submit"
        data-testid="enquiry-submit"
        colorPalette="brand"
        alignSelf="flex-start"
        minW="32"
        disabled={!isValid || isSubmitting}
        loading={isSubmitting}
        loadingText={say("enquiry.sending")}
      >
        <LuSend aria-hidden="true" /> {say("enquiry.send")}
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
