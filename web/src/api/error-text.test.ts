import { describe, expect, it } from "vitest";
import { errorText } from "./error-text";

describe("errorText (spec section 8)", () => {
  it("shows the server's message for a 4xx", () => {
    const body = { status: 400, code: "VALIDATION", message: "Name is required", errors: { name: "Name is required" } };
    expect(errorText(400, body)).toBe("Name is required");
  });

  it("falls back to the errors object as text when a 4xx has no message", () => {
    expect(errorText(422, { errors: { mobile: "Valid contact number is required!" } })).toBe(
      '{"mobile":"Valid contact number is required!"}',
    );
  });

  it("falls back to the whole body when a 4xx has neither", () => {
    expect(errorText(404, "Not Found")).toBe("Not Found");
    expect(errorText(409, { code: "CONFLICT" })).toBe('{"code":"CONFLICT"}');
  });

  it("says Server error with status and message for anything else", () => {
    expect(errorText(500, { message: "Database unavailable" })).toBe("Server error (500): Database unavailable");
    expect(errorText(502, "Bad Gateway")).toBe("Server error (502): Bad Gateway");
    expect(errorText(503, undefined, "Service Unavailable")).toBe("Server error (503): Service Unavailable");
    expect(errorText(0, undefined, "Failed to fetch")).toBe("Server error (0): Failed to fetch");
  });
});
