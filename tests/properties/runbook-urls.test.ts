import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { brokenLink, repoRoot } from "./markdown.js";

/**
 * An alert pages someone at night with its runbook_url as the first thing to read: every rule of the alert rules
 * must name a runbook, and that runbook must be a file of the repository with a heading of that anchor.
 */

const alertsFile = "k8s/monitoring/alerts.yaml";

/** Each rule's name and its runbook_url, read line by line (a rule is `- alert:` then its annotations). */
function alertRunbooks(yaml: string): Array<{ alert: string; runbook?: string }> {
  const rules: Array<{ alert: string; runbook?: string }> = [];
  for (const line of yaml.split("\n")) {
    const alert = /^\s*- alert:\s*(\S+)/.exec(line);
    if (alert) rules.push({ alert: alert[1] ?? "" });
    const runbook = /^\s*runbook_url:\s*["']?([^"'\s]+)/.exec(line);
    const last = rules.at(-1);
    if (runbook && last) last.runbook = runbook[1];
  }
  return rules;
}

describe(`the runbooks of ${alertsFile}`, () => {
  const rules = alertRunbooks(readFileSync(join(repoRoot, alertsFile), "utf8"));

  it("has rules, each with a runbook_url", () => {
    expect(rules.length).toBeGreaterThan(5);
    expect(rules.filter((rule) => !rule.runbook).map((rule) => rule.alert)).toEqual([]);
  });

  it("every runbook_url is a heading of a Markdown file of the repository, named after its alert", () => {
    const broken = rules.flatMap(({ alert, runbook = "" }) => {
      // Relative to the repository's root, as the alert's reader opens it in the repository.
      const why = brokenLink("README.md", runbook);
      const named = runbook.endsWith(`#alert-${alert.toLowerCase()}`) ? null : `should end with #alert-${alert}`;
      return [why, named].filter((problem) => problem !== null).map((problem) => `${alert}: ${runbook} ${problem}`);
    });
    expect(broken).toEqual([]);
  });
});
