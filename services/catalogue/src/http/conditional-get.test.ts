import { describe, expect, it } from "vitest";
import { ifNoneMatchHits } from "./conditional-get.js";

describe("ifNoneMatchHits", () => {
  const etag = '"abc"';
  it("matches the same tag, a weak copy of it, one of a list, or *", () => {
    expect(ifNoneMatchHits('"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x", "abc"', etag)).toBe(true);
    expect(ifNoneMatchHits("*", etag)).toBe(true);
  });
  it("does not match a missing header, another tag, or the tag unquoted", () => {
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
    expect(ifNoneMatchHits('"abd"', etag)).toBe(false);
    expect(ifNoneMatchHits("abc", etag)).toBe(false);
  });
});
