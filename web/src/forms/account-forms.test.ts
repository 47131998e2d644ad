import { describe, expect, it } from "vitest";
import { AccountMessages } from "../contracts";
import { addressOnPlaceholder, checkoutSubmitErrors } from "./account-forms";

const place = { district: "Pune", city: "Haveli", pincode: "411041", area: "Dhayari" };

describe("checkout submit checks (spec section 5)", () => {
  it("names each bad field in the spec's words and appends the OTP reminder", () => {
    expect(
      checkoutSubmitErrors(
        "signup",
        { username: "Ana", email: "", mobile: "98765", password: "abc", confirmPassword: "a b", district: "District" },
        false,
      ),
    ).toEqual({
      username: "Proper name is required",
      email: "Email is required. Please, validate email with otp",
      mobile: "invalid Mobile Number",
      shippingAddress: AccountMessages.SHIPPING_DETAILS,
      password: "Password is required, minimum 6 character, without space and (*).",
      confirmPassword: "Confirm Password is required, withour space and (*)",
    });
  });

  it("passes a complete signup, a guest without passwords, and a login with email and password", () => {
    const form = {
      username: "Asha Patil",
      email: "asha@example.in",
      mobile: "9876543210",
      password: "modak-77",
      confirmPassword: "modak-77",
      ...place,
    };
    expect(checkoutSubmitErrors("signup", form, true)).toEqual({});
    expect(checkoutSubmitErrors("guest", { ...form, password: "", confirmPassword: "" }, true)).toEqual({});
    expect(checkoutSubmitErrors("guest", { ...form, password: "" }, false)).toEqual({
      email: ". Please, validate email with otp",
    });
    expect(checkoutSubmitErrors("login", { email: "asha@example.in", password: "modak-77" }, false)).toEqual({});
    expect(checkoutSubmitErrors("login", { email: "asha@", password: "a*bcdefgh" }, false)).toEqual({
      email: "Invalid Email",
      password: AccountMessages.PASSWORD_RULE,
    });
  });
});

describe("the address forms' cascade", () => {
  it("tells a cascade still on a placeholder", () => {
    expect(addressOnPlaceholder(place)).toBe(false);
    expect(addressOnPlaceholder({ ...place, area: "Area" })).toBe(true);
    expect(addressOnPlaceholder({ ...place, pincode: "" })).toBe(true);
  });
});
