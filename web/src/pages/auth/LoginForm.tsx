import { Button, chakra, Field, Input, Link, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiFailure } from "../../api/client";
import { login } from "../../api/identity";
import { signIn } from "../../auth/session";
import { ForgotPasswordDialog } from "../../components/account/ForgotPasswordDialog";
import { AccountMessages, type LoginRequest, loginRequestSchema } from "../../contracts";
import { checkoutSubmitErrors } from "../../forms/account-forms";
import { useLanguage } from "../../i18n/i18n";
import { notifyError } from "../../toast/toaster";

/**
 * Email and password for one tab of the login page, or the checkout's login option (spec sections 2 and 5). The login
 * page shows "Invalid username or password!" above the form and a toast; checkout shows only the toast.
 */
export function LoginForm({
  userType,
  variant,
  onLoggedIn,
}: {
  userType: "USER" | "ADMIN";
  variant: "page" | "checkout";
  onLoggedIn: (role: "USER" | "ADMIN") => void;
}) {
  const [failed, setFailed] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [passwordRule, setPasswordRule] = useState<string>();
  const { say, sayEnglish } = useLanguage();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginRequest, unknown, { email: string; password: string; userType: "USER" | "ADMIN" }>({
    resolver: zodResolver(loginRequestSchema),
    mode: "onTouched",
    defaultValues: { email: "", password: "", userType },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    if (variant === "checkout") {
      const found = checkoutSubmitErrors("login", { email, password }, false);
      setPasswordRule(found.password);
      if (Object.keys(found).length > 0) {
        notifyError(AccountMessages.FIX_ERRORS);
        return;
      }
    }
    try {
      const answer = await login(email, password, userType);
      setFailed(false);
      signIn(answer.access_token, email);
      onLoggedIn(answer.userType);
    } catch (failure) {
      // The toast tells any failure; the page's own line is for a refused login (not a limit or an outage).
      setFailed(failure instanceof ApiFailure && failure.status === 401);
    }
  });

  const testId = `login-${userType.toLowerCase()}`;
  return (
    <>
      <chakra.form noValidate onSubmit={onSubmit} display="flex" flexDirection="column" gap="4" data-testid={testId}>
        {failed && variant === "page" && (
          <Text color="red.600" data-testid="login-failed">
            {sayEnglish(AccountMessages.LOGIN_FAILED)}
          </Text>
        )}
        <Field.Root invalid={Boolean(errors.email)} required>
          <Field.Label>
            {say("otp.email")} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            {...register("email")}
            data-testid={`${testId}-email`}
            type="email"
            autoComplete="username"
            bg="white"
          />
          <Field.ErrorText>{errors.email?.message && sayEnglish(errors.email.message)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password ?? passwordRule)} required>
          <Field.Label>
            {say("account.password")} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            {...register("password")}
            data-testid={`${testId}-password`}
            type="password"
            autoComplete="current-password"
            bg="white"
          />
          <Field.ErrorText>{sayEnglish(errors.password?.message ?? passwordRule ?? "")}</Field.ErrorText>
        </Field.Root>
        <Stack direction="row" align="center" justify="space-between" wrap="wrap">
          <Button
            type="submit"
            colorPalette="brand"
            data-testid={`${testId}-submit`}
            loading={isSubmitting}
            disabled={variant === "page" && !isValid}
          >
            {say("nav.login")}
          </Button>
          {userType === "USER" && (
            <Link as="button" color="brand.fg" onClick={() => setForgotOpen(true)} data-testid="forgot-password-link">
              {say("login.forgot")}
            </Link>
          )}
        </Stack>
      </chakra.form>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </>
  );
}
