// Where each reuse action lands (entry-prefill.ts), over the server's real field specs: for every result kind
// and every action, the model and mode the form opens on, and the field the input goes to.
import { describe, expect, it } from "vitest";
import { formSpecs } from "@/lib/models/form-specs";
import { getModelMeta, MODEL_META } from "@/lib/models/meta";
import type { TaskView } from "@/lib/schemas/views";
import type { Entry } from "@/components/shared/entry-links";
import { modelLabel } from "@/lib/models/labels";
import { chooseInputTarget, noticeText, prefillFrom } from "./entry-prefill";

const URL = "/api/media/task_1/0";

function task(model: string, patch: Partial<TaskView> = {}): TaskView {
  return {
    id: "task_1",
    model,
    kind: getModelMeta(model)!.kind,
    status: "succeeded",
    archive: { state: "done", error: null },
    prompt: "a lighthouse",
    params: { model, prompt: "a lighthouse" },
    results: [{ index: 0, url: URL }],
    ...patch,
  } as TaskView;
}

const use = (role: "reference" | "first-frame", model?: string): Entry => ({ kind: "use", role, taskId: "task_1", index: 0, model });

function landing(entry: Entry, from: TaskView) {
  const prefill = prefillFrom(entry, from, formSpecs());
  if (!prefill.ok) return { problem: prefill.problem };
  return { ...prefill.choice, values: prefill.values, notice: noticeText(prefill.notice) };
}

describe("Use as input on an image", () => {
  it.each([
    ["gamma-5-pro", "gamma-5-pro"],
    ["delta-image-2", "delta-image-2"],
  ])("from %s lands on %s's reference images, the model it came from", (source, expected) => {
    expect(landing(use("reference"), task(source))).toEqual({
      model: expected,
      values: { image_urls: [URL] },
      notice: expect.stringMatching(new RegExp(`as a reference image in ${getModelMeta(expected)!.label}\\.$`)),
    });
  });

  it("never lands on a video model, whatever the catalogue order or the link asks", () => {
    for (const requested of [undefined, ...MODEL_META.map((model) => model.id)]) {
      const landed = landing(use("reference", requested), task("gamma-5-pro"));
      expect(getModelMeta((landed as { model: string }).model)?.kind, `asked for ${requested}`).toBe("image");
    }
  });

  it("follows a link that names another image model", () => {
    expect(landing(use("reference", "delta-image-2"), task("gamma-5-pro"))).toMatchObject({ model: "delta-image-2" });
  });
});

describe("Animate an image", () => {
  it("lands on the first video model that takes a first frame, named in the notice", () => {
    expect(landing(use("first-frame"), task("gamma-5-pro"))).toEqual({
      model: "alpha-2.3",
      values: { image_url: URL },
      notice: "Using “a lighthouse” (Gamma 5 Pro) as the first frame of a video in Alpha 2.3.",
    });
  });

  it("follows a link that names another video model that takes a first frame", () => {
    expect(landing(use("first-frame", "beta-2.0"), task("delta-image-2"))).toMatchObject({
      model: "beta-2.0",
      mode: "image-to-video",
      values: { image_url: URL },
    });
  });

  it("never lands on an image model", () => {
    expect(landing(use("first-frame", "gamma-5-pro"), task("gamma-5-pro"))).toMatchObject({ model: "alpha-2.3" });
  });
});

describe("on a video", () => {
  it("Extend lands on epsilon-v6's extend mode with the task as parent", () => {
    expect(landing({ kind: "extend", taskId: "task_1" }, task("epsilon-v6"))).toEqual({
      model: "epsilon-v6",
      mode: "extend",
      values: { parent_task_id: "task_1" },
      notice: "Extending “a lighthouse” (Epsilon v6) with Epsilon v6 (Extend).",
    });
  });

  it.each(["alpha-2.3", "alpha-2.3-fast", "beta-2.0"])("Extend on a %s video says its videos cannot be extended", (model) => {
    expect(landing({ kind: "extend", taskId: "task_1" }, task(model))).toEqual({
      problem: `${modelLabel(model)} videos cannot be extended.`,
    });
  });

  it.each(["reference", "first-frame"] as const)("a video cannot be used as a %s", (role) => {
    expect(landing(use(role), task("epsilon-v6"))).toEqual({
      problem: expect.stringMatching(/^“a lighthouse” \(Epsilon v6\) is a video; use its last frame/),
    });
  });
});

describe("Use last frame on a video", () => {
  const FRAME = "https://darkroom.example.com/u/up_1/token.png";
  const lastFrame = (role: "reference" | "first-frame", model?: string): Entry => ({
    kind: "use",
    role,
    taskId: "task_1",
    index: 0,
    model,
    frame: FRAME,
  });

  it.each(["epsilon-v6", "alpha-2.3", "beta-2.0"])("from a %s video: the first frame of an image-to-video model, said so", (model) => {
    expect(landing(lastFrame("first-frame"), task(model))).toEqual({
      model: "alpha-2.3",
      values: { image_url: FRAME },
      notice: `Using the last frame of “a lighthouse” (${modelLabel(model)}) as the first frame of a video in Alpha 2.3.`,
    });
  });

  it("or an image model's reference, when the person chose that: never a video", () => {
    expect(landing(lastFrame("reference"), task("epsilon-v6"))).toEqual({
      model: "gamma-5-pro",
      values: { image_urls: [FRAME] },
      notice: "Using the last frame of “a lighthouse” (Epsilon v6) as a reference image in Gamma 5 Pro.",
    });
    expect(landing(lastFrame("reference", "delta-image-2"), task("epsilon-v6"))).toMatchObject({ model: "delta-image-2" });
    expect(landing(lastFrame("reference", "alpha-2.3"), task("epsilon-v6"))).toMatchObject({ model: "gamma-5-pro" });
  });

  it("follows a link that names another image-to-video model", () => {
    expect(landing(lastFrame("first-frame", "beta-2.0"), task("epsilon-v6"))).toMatchObject({ model: "beta-2.0", mode: "image-to-video" });
  });
});

describe("the notice", () => {
  it("names the task by its prompt and model, linked to its page, never by its id (issue 45)", () => {
    const prefill = prefillFrom(use("reference"), task("gamma-5-pro", { publicId: "gw_7" } as Partial<TaskView>), formSpecs());
    expect(prefill).toMatchObject({
      ok: true,
      notice: {
        before: "Using ",
        source: { name: "“a lighthouse” (Gamma 5 Pro)", href: "/tasks/gw_7" },
        after: " as a reference image in Gamma 5 Pro.",
      },
    });
    expect(noticeText((prefill as { notice: Parameters<typeof noticeText>[0] }).notice)).not.toMatch(/task_/);
  });

  it("says which image of a task that made several", () => {
    const several = task("delta-image-2", {
      results: [0, 1, 2].map((index) => ({ index, url: `/api/media/task_1/${index}` })),
    } as Partial<TaskView>);
    expect(landing({ ...use("reference"), index: 1 } as Entry, several)).toMatchObject({
      notice: "Using image 2 of “a lighthouse” (Delta Image 2) as a reference image in Delta Image 2.",
    });
  });
});

describe("Use these settings (remix)", () => {
  it.each(MODEL_META.map((model) => model.id))("on a %s task lands on the same model and mode", (model) => {
    const mode = "modes" in getModelMeta(model)! ? "text-to-video" : undefined;
    const params = { model, prompt: "a lighthouse", ...(mode ? { mode } : {}) };
    expect(landing({ kind: "remix", taskId: "task_1" }, task(model, { params }))).toMatchObject({
      model,
      ...(mode ? { mode } : {}),
      values: params,
    });
  });
});

describe("chooseInputTarget", () => {
  it("has an image target for a reference and a video target for a first frame, from every model", () => {
    for (const source of MODEL_META) {
      expect(getModelMeta(chooseInputTarget("reference", source.id, formSpecs())!.model)!.kind).toBe("image");
      expect(getModelMeta(chooseInputTarget("first-frame", source.id, formSpecs())!.model)!.kind).toBe("video");
    }
  });
});
