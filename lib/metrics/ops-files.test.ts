// The operators' files in ops/ (issue 47): promtool accepts the alert rules and the scrape example, and every
// query in the rules and the Grafana dashboard names only metrics Darkroom's registry exports.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { promtool } from "@/lib/testing/exposition";
import { metrics } from "./registry";

const read = (file: string) => readFileSync(new URL(`../../ops/${file}`, import.meta.url), "utf8");

/** The registry's names, with the series a histogram adds (_bucket, _sum, _count). */
async function exported(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await metrics().registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(metric.name + suffix);
  }
  return names;
}

/** Every darkroom_* name a PromQL expression refers to. */
const named = (expr: string) => [...expr.matchAll(/\b(darkroom_[a-z0-9_]+)\b/g)].map((m) => m[1]!);

it("passes promtool check rules and check config", () => {
  const rules = promtool(["check", "rules", "ops/prometheus-alerts.yml"]);
  expect(rules.output).toContain("SUCCESS");
  expect(rules.ok).toBe(true);
  const config = promtool(["check", "config", "--syntax-only", "ops/prometheus-scrape.yml"]);
  expect(config.ok, config.output).toBe(true);
});

it("covers the five alerts the issue asks for, each on exported metrics", async () => {
  const names = await exported();
  const text = read("prometheus-alerts.yml");
  for (const alert of ["QueueStuck", "Upstream429Rate", "ArchiveFailures", "BudgetNearLimit", "InstanceWithoutLease"])
    expect(text).toContain(`alert: Darkroom${alert}`);
  const used = named(text);
  expect(used.length).toBeGreaterThan(5);
  expect(used.filter((name) => !names.has(name))).toEqual([]);
});

it("has a Grafana dashboard whose every query names an exported metric", async () => {
  const names = await exported();
  const dashboard = JSON.parse(read("grafana-dashboard.json")) as { panels: { title: string; targets: { expr: string }[] }[] };
  expect(dashboard.panels.length).toBeGreaterThan(10);
  for (const panel of dashboard.panels) {
    expect(panel.targets.length, panel.title).toBeGreaterThan(0);
    for (const { expr } of panel.targets) {
      expect(named(expr).length, expr).toBeGreaterThan(0);
      expect(
        named(expr).filter((name) => !names.has(name)),
        expr,
      ).toEqual([]);
    }
  }
  // And the other way: each metric Darkroom exports appears somewhere on the dashboard.
  const shown = new Set(dashboard.panels.flatMap((panel) => panel.targets.flatMap(({ expr }) => named(expr))));
  const base = [...names].filter((name) => !/_(bucket|sum|count)$/.test(name) || !names.has(name.replace(/_(bucket|sum|count)$/, "")));
  expect(base.filter((name) => ![...shown].some((s) => s === name || s.startsWith(`${name}_`)))).toEqual([]);
});
