import { Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { LuCircleCheck } from "react-icons/lu";
import { ApiFailure } from "../../api/client";
import { sendOtp, validateOtp } from "../../api/identity";
import { ACCOUNT_LIMITS, AccountMessages, type OtpPurpose } from "../../contracts";
import { BASIC_EMAIL } from "../../forms/account-forms";
import { useLanguage } from "../../i18n/i18n";
import { notifyError, notifySuccess } from "../../toast/toaster";
import { FormField } from "../FormField";

/** Spec section 9: 30 seconds before the OTP may be sent again. */
const RESEND_SECONDS = 30;

/**
 * Email with its OTP (spec section 4): not sent, sent (a 30-second countdown before resend), validated (the email
 * locked) or invalid. Validation hands the caller the email's proof for signup or guest checkout.
 */
export function EmailOtpField({
  email,
  onEmailChange,
  purpose,
  proof,
  onValidated,
  error,
  fixedEmail = false,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  purpose: OtpPurpose;
  proof: string | undefined;
  onValidated: (proof: string) => void;
  error?: string | undefined;
  /** The email is given (the order's, for cash on delivery): shown, not edited. */
  fixedEmail?: boolean;
}) {
  const [sentTo, setSentTo] = useState<string>();
  const [countdown, setCountdown] = useState(0);
  const [otp, setOtp] = useState("");
  const [otpError, setOtpError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const validated = Boolean(proof);
  const { say, sayEnglish, language } = useLanguage();

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const send = async () => {
    setBusy(true);
    try {
      const { message } = await sendOtp(email.trim(), purpose, language);
      notifySuccess(message);
      setSentTo(email.trim());
      setCountdown(RESEND_SECONDS);
    } catch (failure) {
      notifyError(AccountMessages.OTP_SEND_FAILED);
      // A refused resend still has its countdown on the server; show it here too.
      if (failure instanceof ApiFailure && failure.status === 429) setCountdown(RESEND_SECONDS);
    } finally {
      setBusy(false);
    }
  };

  const validate = async () => {
    if (!/^\d{6}$/.test(otp)) {
      setOtpError(AccountMessages.OTP_INVALID_INPUT);
      return;
    }
    setBusy(true);
    try {
      const answer = await validateOtp(sentTo ?? email.trim(), otp);
      notifySuccess(answer.message);
      setOtpError(undefined);
      onValidated(answer.emailProof);
    } catch {
      setOtpError(AccountMessages.OTP_INVALID_OR_EXPIRED);
      notifyError(AccountMessages.OTP_INVALID_OR_EXPIRED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="3">
      <FormField label={say("otp.email")} required error={error && sayEnglish(error)}>
        <HStack width="full" align="flex-start">
          <Input
            data-testid="account-email"
            type="email"
            autoComplete="email"
            bg="white"
            maxLength={ACCOUNT_LIMITS.emailMax}
            value={email}
            readOnly={validated || fixedEmail}
            onChange={(event) => onEmailChange(event.currentTarget.value)}
          />
          {validated ? (
            <HStack color="green.700" flexShrink={0} data-testid="email-validated" py="2">
              <LuCircleCheck aria-hidden="true" />
              <Text fontSize="sm">{say("otp.validated")}</Text>
            </HStack>
          ) : (
            <Button
              data-testid="send-otp"
              variant="outline"
              colorPalette="brand"
              flexShrink={0}
              disabled={busy || countdown > 0 || !BASIC_EMAIL.test(email.trim())}
              onClick={send}
            >
              {countdown > 0
                ? say("otp.resendIn", { seconds: countdown })
                : sentTo
                  ? say("otp.resend")
                  : say("otp.send")}
            </Button>
          )}
        </HStack>
      </FormField>
      {sentTo && !validated && (
        <FormField label={say("otp.sentTo", { email: sentTo })} error={otpError && sayEnglish(otpError)}>
          <HStack width="full">
            <Input
              data-testid="otp-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={ACCOUNT_LIMITS.otpLength}
              bg="white"
              value={otp}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setOtp(next);
                setOtpError(/^\d{0,6}$/.test(next) ? undefined : AccountMessages.OTP_INVALID_INPUT);
              }}
            />
            <Button data-testid="validate-otp" colorPalette="brand" disabled={busy} onClick={validate} flexShrink={0}>
              {say("otp.validate")}
            </Button>
          </HStack>
        </FormField>
      )}
    </Stack>
  );
}
