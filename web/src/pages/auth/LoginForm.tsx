import { Button, chakra, Link, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { ApiFailure } from "../../api/client";
import { login } from "../../api/identity";
import { signIn } from "../../auth/session";
import { ForgotPasswordDialog } from "../../components/account/ForgotPasswordDialog";
import { TextField } from "../../components/TextField";
import { AccountMessages, loginRequestSchema } from "../../contracts";
import { checkoutSubmitErrors } from "../../forms/account-forms";
import { useCheckedForm } from "../../forms/use-checked-form";
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
  userType: "USER" | "ADMIN" | "COUNTER";
  variant: "page" | "checkout";
  onLoggedIn: (role: "USER" | "ADMIN" | "COUNTER") => void;
}) {
  const [failed, setFailed] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [passwordRule, setPasswordRule] = useState<string>();
  const { say, sayEnglish } = useLanguage();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useCheckedForm(loginRequestSchema, { defaultValues: { email: "", password: "", userType } });

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
        <TextField
          register={register}
          name="email"
          label={say("otp.email")}
          required
          error={errors.email?.message && sayEnglish(errors.email.message)}
          testId={`${testId}-email`}
          type="email"
          autoComplete="username"
        />
        <TextField
          register={register}
          name="password"
          label={say("account.password")}
          required
          error={sayEnglish(errors.password?.message ?? passwordRule ?? "")}
          testId={`${testId}-password`}
          type="password"
          autoComplete="current-password"
        />
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
