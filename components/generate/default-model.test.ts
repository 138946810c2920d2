import { describe, expect, it } from "vitest";
import { priceSettings, type RecentCharge } from "@/lib/schemas/charges";
import { defaultChoice, promptOnlyImageChoices } from "./default-model";

const charge = (model: string, credits: number): RecentCharge => ({
  model,
  mode: null,
  settings: {},
  credits,
  createdAt: "2026-01-01T00:00:00Z",
});

describe("the workspace's default model", () => {
  it("is chosen among image models that take a prompt alone, read from their schemas", () => {
    expect(promptOnlyImageChoices().map((choice) => choice.model)).toEqual(["gamma-5-pro", "delta-image-2"]);
  });

  it("is the one the team was charged least for, whatever video was cheaper", () => {
    expect(defaultChoice([charge("gamma-5-pro", 44), charge("delta-image-2", 8), charge("alpha-2.3", 3)]).model).toBe("delta-image-2");
    expect(defaultChoice([charge("gamma-5-pro", 28), charge("delta-image-2", 32)]).model).toBe("gamma-5-pro");
  });

  it("falls back to catalogue order without history, never to a video model", () => {
    expect(defaultChoice([]).model).toBe("gamma-5-pro");
    expect(defaultChoice([charge("delta-image-2", 16)]).model).toBe("delta-image-2");
  });
});

describe("price settings", () => {
  it("leave out the prompt, inputs, seed and empty values, so a form and a stored request compare", () => {
    const stored = priceSettings({ model: "delta-image-2", prompt: "a", n: 2, quality: "high", image_urls: ["https://x/y.png"], seed: 4 });
    const form = priceSettings({ quality: "high", prompt: "b", n: 2, size: "", callback_url: "", image_urls: [] });
    expect(stored).toEqual({ n: 2, quality: "high" });
    expect(JSON.stringify(form)).toBe(JSON.stringify(stored));
  });
});
