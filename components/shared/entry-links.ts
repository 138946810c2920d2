// The Generate page's entry points from earlier results, as URLs so any page (a task, the gallery, a
// card here) can link to them: ?remix=ID, ?extend=ID, ?use=first-frame|reference&task=ID&index=N[&model=M], and
// for a video's last frame (already stored as an upload) the upload's link in &frame=URL.

export type InputRole = "first-frame" | "reference";

export type Entry =
  | { kind: "remix"; taskId: string }
  | { kind: "extend"; taskId: string }
  | { kind: "use"; role: InputRole; taskId: string; index: number; model?: string; frame?: string };

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

export function parseEntry(params: SearchParams): Entry | undefined {
  const remix = one(params.remix);
  if (remix) return { kind: "remix", taskId: remix };
  const extend = one(params.extend);
  if (extend) return { kind: "extend", taskId: extend };
  const use = one(params.use);
  const taskId = one(params.task);
  if ((use === "first-frame" || use === "reference") && taskId) {
    const index = Number(one(params.index) ?? 0);
    const frame = one(params.frame);
    return {
      kind: "use",
      role: use,
      taskId,
      index: Number.isInteger(index) && index >= 0 ? index : 0,
      model: one(params.model),
      ...(frame ? { frame } : {}),
    };
  }
  return undefined;
}

export function entryHref(entry: Entry): string {
  const id = encodeURIComponent(entry.taskId);
  if (entry.kind !== "use") return `/generate?${entry.kind}=${id}`;
  const model = entry.model ? `&model=${encodeURIComponent(entry.model)}` : "";
  const frame = entry.frame ? `&frame=${encodeURIComponent(entry.frame)}` : "";
  return `/generate?use=${entry.role}&task=${id}&index=${entry.index}${model}${frame}`;
}

/** Why a result cannot be used as an input yet: only archived results can be named. */
export const INPUT_URL_MISSING = "This result is still being archived; it can be used as an input once it is.";
