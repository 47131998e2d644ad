import { Button, chakra, Field, Heading, Input, SimpleGrid, Text, Textarea } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { LuSend } from "react-icons/lu";
import { sendEnquiry } from "../../api/catalogue";
import { ENQUIRY_LIMITS, type Enquiry, type EnquiryRequest, enquiryRequestSchema } from "../../contracts";
import { earlyForm, takeEarlyTaps } from "../../early-taps/early-taps";
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
  } = useForm<EnquiryRequest, unknown, Enquiry>({
    resolver: zodResolver(enquiryRequestSchema),
    mode: "onTouched",
    // No default values: each field starts from what its element holds, so what a shopper typed into the server's
    // HTML before this code arrived stays (a default would overwrite it when the field registers).
  });

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
        <Field.Root invalid={Boolean(errors.name)} required>
          <Field.Label>
            {say("account.name")} <Field.RequiredIndicator />
          </Field.Label>
          <Input {...register("name")} maxLength={ENQUIRY_LIMITS.nameMax} autoComplete="name" bg="white" />
          <Field.ErrorText>{problem(errors.name?.message)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.email)}>
          <Field.Label>{say("otp.email")}</Field.Label>
          <Input
            {...register("email")}
            type="email"
            maxLength={ENQUIRY_LIMITS.emailMax}
            autoComplete="email"
            bg="white"
          />
          <Field.ErrorText>{problem(errors.email?.message)}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <Field.Root invalid={Boolean(errors.mobile)} required>
        <Field.Label>
          {say("account.mobile")} <Field.RequiredIndicator />
        </Field.Label>
        <Input
          {...register("mobile")}
          type="tel"
          inputMode="numeric"
          maxLength={ENQUIRY_LIMITS.mobileMax}
          autoComplete="tel-national"
          bg="white"
        />
        <Field.ErrorText>{problem(errors.mobile?.message)}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.message)} required>
        <Field.Label>
          {say("enquiry.message")} <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          {...register("message")}
          maxLength={ENQUIRY_LIMITS.messageMax}
          rows={4}
          bg="white"
          resize="vertical"
        />
        <Field.ErrorText>{problem(errors.message?.message)}</Field.ErrorText>
      </Field.Root>
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
