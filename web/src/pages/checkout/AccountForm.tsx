import { Alert, Button, chakra, SimpleGrid, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { ApiFailure } from "../../api/client";
import { isRegistered, signup } from "../../api/identity";
import { continueAsGuest } from "../../auth/session";
import { AddressCascade, type PostalChoice, STARTING_PLACE } from "../../components/account/AddressCascade";
import { EmailOtpField } from "../../components/account/EmailOtpField";
import { usePincodeFirst } from "../../components/account/pincode-first";
import { TextField } from "../../components/TextField";
import { ACCOUNT_LIMITS, AccountMessages, composeAddress } from "../../contracts";
import { accountFormSchema, checkoutSubmitErrors } from "../../forms/account-forms";
import { useCheckedForm } from "../../forms/use-checked-form";
import { type MessageId, useLanguage } from "../../i18n/i18n";
import { notifyError, notifySuccess } from "../../toast/toaster";

type TextName = "username" | "mobile" | "addressLine1" | "landmark" | "road" | "password" | "confirmPassword";

/**
 * The form signup and guest checkout share (spec sections 2 and 5): name, email with its OTP, mobile, address line,
 * landmark, road and the state -> area cascade; signup adds the passwords. As-you-type messages come from the
 * form's schema (forms/account-forms.ts), the submit checks from `checkoutSubmitErrors`, both in the spec's words.
 */
export function AccountForm({
  mode,
  onSignedUp,
  onGuestReady,
}: {
  mode: "signup" | "guest";
  onSignedUp?: (token: string, email: string) => void;
  onGuestReady?: () => void;
}) {
  const [email, setEmail] = useState("");
  const [proof, setProof] = useState<string>();
  const [place, setPlace] = useState<PostalChoice>(STARTING_PLACE);
  const fromPincode = usePincodeFirst(place, setPlace);
  const [submitErrors, setSubmitErrors] = useState<Record<string, string>>({});
  const { say, sayEnglish, language } = useLanguage();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useCheckedForm(accountFormSchema, {
    defaultValues: {
      username: "",
      email: "",
      mobile: "",
      addressLine1: "",
      landmark: "",
      road: "",
      password: "",
      confirmPassword: "",
    },
  });

  // The rules speak the spec's English; shown in the page's language where the catalogs have the words.
  const messageFor = (field: TextName | "email" | "shippingAddress") => {
    const message = submitErrors[field] ?? (field in errors ? errors[field as TextName]?.message : undefined);
    return message === undefined ? undefined : sayEnglish(message);
  };

  /** `fieldsValid`: whether the as-you-type rules passed too (a name with a hyphen passes the submit checks only). */
  const submit = async (fieldsValid: boolean) => {
    const values = { ...getValues(), email };
    const found = checkoutSubmitErrors(mode, { ...values, ...place }, Boolean(proof));
    setSubmitErrors(found);
    if (Object.keys(found).length > 0 || !fieldsValid) {
      notifyError(AccountMessages.FIX_ERRORS);
      return;
    }
    const shippingAddress = {
      addressType: "Home",
      contactPerson: values.username.trim(),
      email: email.trim(),
      phone: values.mobile.trim(),
      addressLine1: values.addressLine1.trim(),
      landmark: values.landmark?.trim() || undefined,
      road: values.road?.trim() || undefined,
      ...place,
    };
    const address = composeAddress(shippingAddress);
    if (mode === "signup") {
      const answer = await signup(
        {
          username: values.username.trim(),
          email: email.trim(),
          password: values.password ?? "",
          mobile: values.mobile.trim(),
          userType: "USER",
          address,
          shippingAddress,
          ...(language === "mr" ? { language } : {}),
        },
        proof!,
      ).catch(() => undefined);
      if (!answer) return;
      notifySuccess(answer.message);
      onSignedUp?.(answer.access_token, email.trim().toLowerCase());
      return;
    }
    // Guest: the email is checked first (spec section 5); a registered customer logs in instead.
    try {
      if (await isRegistered(email.trim())) {
        notifyError(AccountMessages.GUEST_IS_REGISTERED);
        return;
      }
    } catch (failure) {
      notifyError(failure instanceof ApiFailure ? AccountMessages.GUEST_CHECK_FAILED : String(failure));
      return;
    }
    continueAsGuest(
      {
        customerName: values.username.trim(),
        customerEmail: email.trim().toLowerCase(),
        mobile: values.mobile.trim(),
        address,
        shippingAddress,
      },
      proof!,
    );
    onGuestReady?.();
  };

  const field = (
    name: TextName,
    label: MessageId,
    props: { required?: boolean; type?: string; autoComplete?: string; maxLength?: number; inputMode?: "numeric" } = {},
  ) => (
    <TextField
      register={register}
      name={name}
      label={say(label)}
      error={messageFor(name)}
      testId={`account-${name}`}
      {...props}
    />
  );

  return (
    <chakra.form
      noValidate
      data-testid={`${mode}-form`}
      onSubmit={handleSubmit(
        () => submit(true),
        () => submit(false),
      )}
      display="flex"
      flexDirection="column"
      gap="4"
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {field("username", "account.name", { required: true, autoComplete: "name", maxLength: ACCOUNT_LIMITS.nameMax })}
        {field("mobile", "account.mobile", {
          required: true,
          type: "tel",
          autoComplete: "tel-national",
          maxLength: 10,
          inputMode: "numeric",
        })}
      </SimpleGrid>
      <EmailOtpField
        email={email}
        onEmailChange={setEmail}
        purpose={mode}
        proof={proof}
        onValidated={setProof}
        error={messageFor("email")}
      />
      {field("addressLine1", "account.addressLine", {
        required: true,
        autoComplete: "address-line1",
        maxLength: ACCOUNT_LIMITS.addressMax,
      })}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {field("landmark", "account.landmark", { maxLength: ACCOUNT_LIMITS.addressMax })}
        {field("road", "account.road", { maxLength: ACCOUNT_LIMITS.addressMax })}
      </SimpleGrid>
      <AddressCascade
        value={place}
        onChange={setPlace}
        error={submitErrors.shippingAddress}
        fromPincode={fromPincode}
      />
      {mode === "signup" && (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {field("password", "account.password", {
            required: true,
            type: "password",
            autoComplete: "new-password",
            maxLength: ACCOUNT_LIMITS.passwordMax,
          })}
          {field("confirmPassword", "account.confirmPassword", {
            required: true,
            type: "password",
            autoComplete: "new-password",
            maxLength: ACCOUNT_LIMITS.passwordMax,
          })}
        </SimpleGrid>
      )}
      {Object.keys(submitErrors).length > 0 && (
        <Alert.Root status="error" data-testid="submit-errors">
          <Alert.Indicator />
          <Alert.Title>{sayEnglish(AccountMessages.FIX_ERRORS)}</Alert.Title>
        </Alert.Root>
      )}
      <Stack direction="row">
        <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid={`${mode}-submit`}>
          {mode === "signup" ? say("account.signUp") : say("account.continueAsGuest")}
        </Button>
      </Stack>
    </chakra.form>
  );
}
