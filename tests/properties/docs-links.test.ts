import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { brokenLink, headingAnchors, linkTargets, markdownFiles, repoRoot } from "./markdown.js";

/**
 * The README sends readers into docs/, and the docs into each other: a moved section or a renamed file must not
 * leave a link that leads nowhere (relative paths and heading anchors, as GitHub resolves them).
 */

describe("GitHub's heading anchors", () => {
  it("are the heading's rendered text, lower-cased, punctuation dropped, spaces made hyphens", () => {
    const anchors = headingAnchors(
      [
        "# Alert: ParkedMessages",
        "## Zones (the owner's, `GET`/`PUT /api/x`, ADMIN only)",
        "## मराठी आणि English: the shop",
        "## Notes",
        "```sh",
        "# not a heading",
        "```",
        "## Notes",
      ].join("\n"),
    );
    expect([...anchors]).toEqual([
      "alert-parkedmessages",
      "zones-the-owners-getput-apix-admin-only",
      "मराठी-आणि-english-the-shop",
      "notes",
      "notes-1",
    ]);
  });
});

describe("links between the repository's Markdown files", () => {
  it("finds the links of prose, not of code", () => {
    expect(linkTargets("see [a](docs/a.md#b) and `[c](d.md)`\n```\n[e](f.md)\n```\n![g](h.png)")).toEqual([
      "docs/a.md#b",
      "h.png",
    ]);
  });

  it("says why a link leads nowhere", () => {
    expect(brokenLink("README.md", "docs/testing.md")).toBeNull();
    expect(brokenLink("README.md", "docs/no-such-page.md")).toMatch(/not a file/);
    expect(brokenLink("README.md", "docs/operations/alerts.md#alert-no-such-alert")).toMatch(/no heading/);
    expect(brokenLink("docs/testing.md", "../README.md#quick-start")).toBeNull();
    expect(brokenLink("README.md", "https://example.org/#x")).toBeNull();
  });

  it("every link of every *.md resolves (file and heading)", () => {
    const files = markdownFiles();
    expect(files).toContain("README.md");
    const broken = files.flatMap((file) =>
      linkTargets(readFileSync(join(repoRoot, file), "utf8")).flatMap((target) => {
        const why = brokenLink(file, target);
        return why ? [`${file}: (${target}) ${why}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
