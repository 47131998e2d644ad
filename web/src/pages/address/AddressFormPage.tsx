import { Button, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Navigate, useNavigate, useParams } from "react-router-dom";
import { customerInfo, saveAddress, savedAddress } from "../../api/identity";
import { storedEmail } from "../../auth/session";
import { cartStore } from "../../cart/cart";
import { hasPendingOrder } from "../../cart/cart-rules";
import { AddressCascade, type PostalChoice, STARTING_PLACE } from "../../components/account/AddressCascade";
import { usePincodeFirst } from "../../components/account/pincode-first";
import { FormField } from "../../components/FormField";
import { FormPage } from "../../components/FormPage";
import { PageSpinner } from "../../components/PageSpinner";
import { TextField } from "../../components/TextField";
import { TickBox } from "../../components/TickBox";
import { ACCOUNT_LIMITS, AccountMessages, addressDetailsSchema, addressInputSchema } from "../../contracts";
import { addressOnPlaceholder } from "../../forms/account-forms";
import { useCheckedForm } from "../../forms/use-checked-form";
import { type MessageId, useLanguage } from "../../i18n/i18n";
import { notifyError, notifySuccess } from "../../toast/toaster";

type TextName = "addressType" | "contactPerson" | "email" | "phone" | "addressLine1" | "landmark" | "road";
const FIELDS: Array<{ name: TextName; label: MessageId; required?: boolean; type?: string; maxLength: number }> = [
  { name: "addressType", label: "address.name", required: true, maxLength: ACCOUNT_LIMITS.addressTypeMax },
  { name: "contactPerson", label: "address.contactPerson", required: true, maxLength: ACCOUNT_LIMITS.nameMax },
  { name: "email", label: "otp.email", required: true, type: "email", maxLength: ACCOUNT_LIMITS.emailMax },
  { name: "phone", label: "address.mobileNumber", required: true, type: "tel", maxLength: 10 },
  { name: "addressLine1", label: "account.addressLine", required: true, maxLength: ACCOUNT_LIMITS.addressMax },
  { name: "landmark", label: "account.landmark", maxLength: ACCOUNT_LIMITS.addressMax },
  { name: "road", label: "account.road", maxLength: ACCOUNT_LIMITS.addressMax },
];

/** A business's GSTIN and legal name on an address, judged as identity judges them (docs/business-buyers.md). */
const businessSchema = addressInputSchema.shape.business.unwrap();
type BusinessDraft = { gstin: string; legalName: string };

/** Add (spec section 2) goes back to payment when an order is pending, else to the dashboard. */
function afterAdd(): string {
  const { items, orderId } = cartStore.getState();
  return hasPendingOrder(items, orderId) ? "/payment" : "/dashboard";
}

/**
 * `/add-address` and `/edit-address/{addressId}` (spec sections 2, 4 and 5). Add prefills from the user info and
 * refuses a cascade left on its placeholders without calling the server; edit loads the saved address.
 */
export default function AddressFormPage({ mode }: { mode: "add" | "edit" }) {
  const { addressId } = useParams();
  const email = storedEmail();
  const navigate = useNavigate();
  const { say, sayEnglish } = useLanguage();
  const queryClient = useQueryClient();
  const [place, setPlace] = useState<PostalChoice>(STARTING_PLACE);
  // A new address starts from the pincode given on home or in the cart; an edited one from what was saved.
  const fromPincode = usePincodeFirst(place, setPlace, mode === "add");
  const [placeError, setPlaceError] = useState<string>();
  // "This is my business's address (GST)": unticked, the address is a plain one (checkout may still bill to a GSTIN).
  const [business, setBusiness] = useState<BusinessDraft>();
  const [businessErrors, setBusinessErrors] = useState<Partial<BusinessDraft>>({});
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useCheckedForm(addressDetailsSchema, {
    defaultValues: {
      addressType: "Home",
      contactPerson: "",
      email: email ?? "",
      phone: "",
      addressLine1: "",
      landmark: "",
      road: "",
    },
  });

  const info = useQuery({
    queryKey: ["customer", email],
    queryFn: () => customerInfo(email!),
    enabled: mode === "add" && Boolean(email),
  });
  const saved = useQuery({
    queryKey: ["address", addressId],
    queryFn: () => savedAddress(addressId!),
    enabled: mode === "edit" && Boolean(addressId),
  });

  useEffect(() => {
    if (info.data) {
      reset({
        addressType: "Home Address",
        contactPerson: info.data.customerName,
        email: info.data.customerEmail,
        phone: info.data.mobile,
        addressLine1: "",
        landmark: "",
        road: "",
      });
    }
  }, [info.data, reset]);
  useEffect(() => {
    if (saved.data) {
      const { state, district, city, pincode, area, addressType, contactPerson, email, phone, addressLine1 } =
        saved.data;
      reset({
        addressType,
        contactPerson,
        email,
        phone,
        addressLine1,
        landmark: saved.data.landmark ?? "",
        road: saved.data.road ?? "",
      });
      setPlace({ state, district, city, pincode, area });
      setBusiness(saved.data.business ? { ...saved.data.business } : undefined);
    }
  }, [saved.data, reset]);

  if (!email) return <Navigate to="/home" replace />;
  if (mode === "edit" && saved.isPending) return <PageSpinner />;
  if (mode === "edit" && saved.isError) return <Navigate to="/dashboard" replace />;

  const leave = () => navigate(mode === "add" ? afterAdd() : "/dashboard");
  /** The business's fields judged, their refusals shown with the form's own (whichever the shopper fixes first). */
  const judgeBusiness = () => {
    const judged = business ? businessSchema.safeParse(business) : undefined;
    setBusinessErrors(Object.fromEntries((judged?.error?.issues ?? []).map((issue) => [issue.path[0], issue.message])));
    return judged;
  };
  const submitFields = handleSubmit(async (fields) => {
    if (mode === "add" && addressOnPlaceholder(place)) {
      setPlaceError(AccountMessages.SHIPPING_DETAILS);
      notifyError(AccountMessages.FIX_ADDRESS);
      return;
    }
    setPlaceError(undefined);
    const judged = judgeBusiness();
    if (judged && !judged.success) return;
    try {
      const { message } = await saveAddress({
        ...fields,
        ...place,
        ...(judged?.data ? { business: judged.data } : {}),
        ...(mode === "edit" ? { addressId } : {}),
      });
      notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: ["addresses"] });
      await queryClient.invalidateQueries({ queryKey: ["customer"] });
      leave();
    } catch {
      // The client showed the server's reason as a toast.
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    judgeBusiness();
    return submitFields(event);
  };

  return (
    <FormPage
      maxW="3xl"
      heading={mode === "edit" ? say("address.titleEdit") : say("address.titleAdd")}
      onSubmit={onSubmit}
      testId="address-form"
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            register={register}
            name={field.name}
            label={say(field.label)}
            required={field.required}
            error={sayEnglish(errors[field.name]?.message ?? "")}
            testId={`address-${field.name}`}
            type={field.type}
            maxLength={field.maxLength}
          />
        ))}
      </SimpleGrid>
      <AddressCascade value={place} onChange={setPlace} error={placeError} fromPincode={fromPincode} />
      <Stack gap="3" data-testid="address-business">
        <TickBox
          checked={business !== undefined}
          onChange={(checked) => setBusiness(checked ? { gstin: "", legalName: "" } : undefined)}
          label={say("address.business")}
          testId="address-business-toggle"
        />
        {business && (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label={say("billTo.gstin")} required error={sayEnglish(businessErrors.gstin ?? "")}>
              <Input
                value={business.gstin}
                onChange={(event) => setBusiness({ ...business, gstin: event.currentTarget.value })}
                maxLength={20}
                autoCapitalize="characters"
                spellCheck={false}
                bg="white"
                data-testid="address-gstin"
              />
            </FormField>
            <FormField label={say("billTo.legalName")} required error={sayEnglish(businessErrors.legalName ?? "")}>
              <Input
                value={business.legalName}
                onChange={(event) => setBusiness({ ...business, legalName: event.currentTarget.value })}
                maxLength={100}
                bg="white"
                data-testid="address-legal-name"
              />
            </FormField>
          </SimpleGrid>
        )}
      </Stack>
      <Stack direction="row" gap="3">
        <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="address-save">
          {mode === "edit" ? say("address.update") : say("address.save")}
        </Button>
        <Button variant="outline" onClick={leave} data-testid="address-cancel">
          {say("address.cancel")}
        </Button>
      </Stack>
    </FormPage>
  );
}
