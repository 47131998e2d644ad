import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The repository's Markdown as GitHub shows it: its files, the anchors its headings get and the links it makes, so a
 * test can say that every link of the docs, and every runbook_url of the alert rules, leads somewhere.
 */

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Built, installed or local-only folders: never the repository's own docs. */
const notOurs = new Set(["node_modules", "dist", "dist-ssr", ".data", ".git", ".turbo", "coverage"]);

/** Every *.md of the repository, as paths relative to its root. */
export function markdownFiles(dir = repoRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (notOurs.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [relative(repoRoot, path)] : [];
  });
}

/** Lines outside fenced code blocks, with inline code blanked: a path in backticks is a citation, not a link. */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").flatMap((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [line.replace(/`[^`]*`/g, "``")];
  });
}

/**
 * GitHub's anchor for a heading's text: the text as rendered (no code ticks, emphasis or link targets), lower-cased,
 * every character but letters, marks, digits, `_`, `-` and spaces dropped, spaces made hyphens; a repeated anchor
 * gets `-1`, `-2`... (github-slugger's rules, which Marathi headings keep their letters under).
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = (heading[1] ?? "")
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[`*]/g, "")
      .replace(/<[^>]+>/g, "");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
      .replace(/ /g, "-");
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  return anchors;
}

/** The targets of a file's inline links and images (`[text](target)`), in prose only. */
export function linkTargets(markdown: string): string[] {
  return proseLines(markdown).flatMap((line) =>
    [...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] ?? ""),
  );
}

/**
 * Why a link written in `fromFile` (relative to the root) leads nowhere, or null when it resolves: a file or folder
 * of the repository, and, with `#anchor`, a heading of that Markdown file. Web and mail links are not followed.
 */
export function brokenLink(fromFile: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [pathPart = "", anchor] = target.split("#", 2);
  const path = pathPart === "" ? fromFile : join(dirname(fromFile), decodeURIComponent(pathPart));
  let text: string;
  try {
    text = readFileSync(join(repoRoot, path), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EISDIR" && anchor === undefined) return null;
    return `${path} is not a file of the repository`;
  }
  if (anchor === undefined || anchor === "") return null;
  if (!path.endsWith(".md")) return `#${anchor} points into ${path}, which is not Markdown`;
  return headingAnchors(text).has(decodeURIComponent(anchor).toLowerCase())
    ? null
    : `${path} has no heading with the anchor #${anchor}`;
}
