import { Badge, Button, Heading, HStack, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { addStaffAccount, disableStaffAccount, staffAccounts } from "../../api/counter";
import { FormField } from "../../components/FormField";
import { PageCard } from "../../components/PageCard";
import { PageSpinner } from "../../components/PageSpinner";
import { newStaffAccountSchema } from "../../contracts";
import { indiaDateTime } from "../../dates";
import { notifySuccess } from "../../toast/toaster";
import { StaffPasswordForm } from "./StaffPasswordForm";

type Account = { name: string; email: string; password: string };
const EMPTY: Account = { name: "", email: "", password: "" };

/**
 * `/admin-staff` (admin only; docs/counter.md, Staff accounts): the counter's accounts ("Counter 2"), made by the
 * owner with a password the owner hands over (no mail), listed, given a new password, and disabled for good when a
 * phone is lost.
 */
export default function StaffAccountsPage() {
  const client = useQueryClient();
  const staff = useQuery({ queryKey: ["staff-accounts"], queryFn: staffAccounts });
  const [account, setAccount] = useState<Account>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof Account, string>>>({});
  const refresh = () => client.invalidateQueries({ queryKey: ["staff-accounts"] });
  const add = useMutation({
    mutationFn: addStaffAccount,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      setAccount(EMPTY);
      await refresh();
    },
  });
  const disable = useMutation({
    mutationFn: disableStaffAccount,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await refresh();
    },
  });
  if (!staff.data) return <PageSpinner label="Loading counter accounts" />;

  const field = (key: keyof Account, label: string, type = "text") => (
    <FormField label={label} error={problems[key]}>
      <Input
        bg="white"
        type={type}
        autoComplete={type === "password" ? "new-password" : "off"}
        value={account[key]}
        onChange={(event) => setAccount({ ...account, [key]: event.currentTarget.value })}
        data-testid={`staff-${key}`}
      />
    </FormField>
  );
  return (
    <PageCard maxW="4xl">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Counter accounts
        </Heading>
        <Text color="gray.600">
          For the festival counter's phones: they look up and mark booking passes, nothing else. Give the password to
          the person at the counter yourself; disabling an account signs its phone out for good.
        </Text>
        <Stack
          as="form"
          gap="3"
          data-testid="staff-form"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = newStaffAccountSchema.safeParse(account);
            if (!parsed.success) {
              const found: typeof problems = {};
              for (const issue of parsed.error.issues) found[issue.path[0] as keyof Account] ??= issue.message;
              setProblems(found);
              return;
            }
            setProblems({});
            add.mutate(parsed.data);
          }}
        >
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            {field("name", "Name (e.g. Counter 2)")}
            {field("email", "Email (to sign in with)", "email")}
            {field("password", "Password", "password")}
          </SimpleGrid>
          <Button type="submit" colorPalette="brand" alignSelf="start" loading={add.isPending} data-testid="staff-add">
            Make the account
          </Button>
        </Stack>
        <Stack gap="2" data-testid="staff-list">
          {staff.data.length === 0 && <Text color="gray.600">No counter account yet.</Text>}
          {staff.data.map((one) => (
            <HStack
              key={one.userId}
              gap="3"
              wrap="wrap"
              borderBottomWidth="1px"
              py="2"
              data-testid="staff-row"
              data-email={one.email}
            >
              <Text fontWeight="medium">{one.name}</Text>
              <Text fontSize="sm" overflowWrap="anywhere">
                {one.email}
              </Text>
              <Text fontSize="sm" color="gray.600">
                since {indiaDateTime(one.createdAt)}
              </Text>
              {one.disabledAt ? (
                <Badge colorPalette="red" data-testid="staff-disabled">
                  Disabled {indiaDateTime(one.disabledAt)}
                </Badge>
              ) : (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    loading={disable.isPending && disable.variables === one.userId}
                    onClick={() => disable.mutate(one.userId)}
                    data-testid="staff-disable"
                  >
                    Disable
                  </Button>
                  <StaffPasswordForm userId={one.userId} />
                </>
              )}
            </HStack>
          ))}
        </Stack>
      </Stack>
    </PageCard>
  );
}
