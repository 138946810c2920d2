// POST creation, shared by v1 and the legacy endpoint: the spec's checks in order, then one atomic charge.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Emulator } from "./emulator";
import { parseJson, readBody, type Reply } from "./http";
import { DEADLINE_MS } from "./lifecycle";
import type { Profile } from "./profile";
import { retryAfterHeader, tooManyRequests } from "./shape";
import { canonicalJson, type Account, type Scenario, type TaskPhase, type TaskRecord } from "./store";
import { PLAN_COEFFICIENT, type AcceptedRequest, type Kind, type Validation, type ValidationContext } from "./types";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9.:_-]{1,128}$/;
export const CONCURRENCY = { image: 5, video: 3 } as const;

/** What differs between v1 and legacy creation. */
export interface CreationDialect {
  error(status: number, code: string, message: string, extra?: { field?: string; retryAfter?: string }): Reply;
  validate(body: unknown, ctx: ValidationContext): Validation;
  /** Status of a field violation: 422 in v1, 400 in legacy. */
  invalidStatus: number;
  /** Family D's contract does not list the Idempotency-Key. */
  keyOptional(body: unknown): boolean;
  created(task: TaskRecord, replayed: boolean): Reply;
  /** Which endpoint: a key used on one is not a replay on another. */
  scope: string;
}

export async function createTask(emu: Emulator, req: IncomingMessage, account: Account, dialect: CreationDialect): Promise<Reply> {
  const contentType = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase();
  if (contentType !== "application/json") {
    return dialect.error(415, "unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  const read = await readBody(req);
  if (!read.ok) return dialect.error(413, "payload_too_large", "The request body is over 64 KiB.");
  const parsed = parseJson(read.text);
  if (!parsed.ok) return dialect.error(400, "malformed_json", parsed.message);
  const body = parsed.value;

  // deltaIdempotency "ignored": family D does not read the header at all, so every POST is new and charged.
  const keyIgnored = emu.profile.deltaIdempotency === "ignored" && dialect.keyOptional(body);
  const key = keyIgnored ? undefined : req.headers["idempotency-key"];
  if (!keyIgnored && (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key))) {
    if (key !== undefined || !dialect.keyOptional(body)) {
      return dialect.error(
        400,
        "invalid_idempotency_key",
        "Send an Idempotency-Key header of 1 to 128 letters, digits, '.', ':', '_' or '-'.",
      );
    }
  }
  const idemKey = typeof key === "string" ? `${account.apiKey}\n${key}` : undefined;
  const canonical = canonicalJson(body);
  const previous = idemKey ? emu.state.idempotency[idemKey] : undefined;
  if (previous) {
    const original = emu.state.tasks[previous.taskId];
    if (previous.body !== canonical || previous.scope !== dialect.scope || !original) {
      return dialect.error(
        409,
        "idempotency_conflict",
        "This Idempotency-Key was already used for a different request; a changed request needs a new key.",
      );
    }
    return dialect.created(original, true);
  }

  const validation = dialect.validate(body, {
    isOwnMediaUrl: (url) => emu.isOwnMediaUrl(url),
    isTrustedInput: (url) => emu.inputs.trusts(url),
    profile: emu.profile,
  });
  if (!validation.ok) return dialect.error(dialect.invalidStatus, "invalid_request", validation.message, { field: validation.field });
  const request = validation.request;
  // Like a provider, fetch the inputs (only those of trusted origins: the dashboard's uploads) before charging.
  const unfetchable = await emu.inputs.fetchAll(request.params);
  if (unfetchable) return dialect.error(dialect.invalidStatus, "invalid_request", unfetchable.message, { field: unfetchable.field });
  const parentProblem = request.parentTaskId ? checkParent(emu, account, request.parentTaskId) : undefined;
  if (parentProblem) return dialect.error(dialect.invalidStatus, "invalid_request", parentProblem, { field: "parent_task_id" });

  const prompt = String(request.params.prompt ?? "");
  if (/\[\[blocked\]\]/i.test(prompt)) {
    const status = emu.profile.promptBlocked;
    if (status !== "task") {
      return dialect.error(status, "prompt_blocked", "The prompt was rejected as unsafe before generation; change it and try again.", {
        field: "prompt",
      });
    }
    // promptBlocked "task": accepted as a task that is already failed, with nothing reserved and nothing to refund.
    const blocked = newTask(emu, account, request, 0, "normal", true);
    emu.track(blocked);
    if (idemKey) emu.state.idempotency[idemKey] = { taskId: blocked.id, body: canonical, scope: dialect.scope };
    return dialect.created(blocked, false);
  }
  emu.advance();
  if (emu.liveCount(account.apiKey, request.kind) >= CONCURRENCY[request.kind]) {
    const limit = `At most ${CONCURRENCY[request.kind]} ${request.kind} tasks may run at once.`;
    const tooMany = tooManyRequests(emu.profile, "concurrency", limit);
    return dialect.error(429, tooMany.code, tooMany.message, { retryAfter: retryAfterHeader(emu.profile, 5, emu.clock.now()) });
  }
  const price = Math.round(request.basePrice * PLAN_COEFFICIENT[account.plan]);
  if (account.credits < price) {
    return dialect.error(402, "insufficient_credits", `This request costs ${price} credits; the account has ${account.credits}.`);
  }

  // From here on nothing awaits: the charge, the task and the key are recorded in one step.
  account.credits -= price;
  const task = newTask(emu, account, request, price, scenarioOf(prompt));
  emu.track(task);
  if (idemKey) emu.state.idempotency[idemKey] = { taskId: task.id, body: canonical, scope: dialect.scope };
  if (task.scenario !== "fail" && task.scenario !== "hang") void emu.media.render(task);
  return dialect.created(task, false);
}

function checkParent(emu: Emulator, account: Account, parentId: string): string | undefined {
  emu.advance();
  const parent = emu.ownTask(parentId, account.apiKey);
  if (!parent) return "parent_task_id is not a task of this account.";
  if (parent.model !== "epsilon-v6") return "parent_task_id must be an epsilon-v6 task.";
  if (parent.status !== "succeeded") return "parent_task_id must be a task that has succeeded.";
  return undefined;
}

function scenarioOf(prompt: string): Scenario {
  if (/\[\[fail\]\]/i.test(prompt)) return "fail";
  if (/\[\[hang\]\]/i.test(prompt)) return "hang";
  if (/\[\[slow\]\]/i.test(prompt)) return "slow";
  return "normal";
}

function newTask(
  emu: Emulator,
  account: Account,
  request: AcceptedRequest,
  price: number,
  scenario: Scenario,
  blocked = false,
): TaskRecord {
  const now = emu.clock.now();
  const seconds = request.kind === "image" ? emu.timings.imageSeconds : emu.timings.videoSeconds;
  const durationMs = (scenario === "slow" ? 600 : seconds) * 1000;
  const finishAt = scenario === "hang" || blocked ? null : now + durationMs;
  const phases = blocked ? [] : livePhases(emu.profile, request.kind, now, durationMs, finishAt ?? now + DEADLINE_MS);
  const count = blocked ? 0 : request.output.kind === "image" ? request.output.count : 1;
  const task: TaskRecord = {
    id: `task_${randomBytes(12).toString("hex")}`,
    apiKey: account.apiKey,
    model: request.model,
    kind: request.kind,
    params: request.params,
    output: request.output,
    scenario,
    creditsReserved: price,
    status: blocked ? "failed" : (phases[0]?.status ?? "pending"),
    createdAt: now,
    updatedAt: now,
    startAt: phases.find((phase) => phase.status === "processing")?.at ?? now,
    phases,
    finishAt,
    deadlineAt: now + DEADLINE_MS,
    media: { ids: Array.from({ length: count }, () => randomBytes(12).toString("hex")), ready: false },
    snapshot: {},
    snapshotAt: now,
    ...(blocked ? { blocked } : {}),
  };
  for (const id of task.media.ids) emu.state.media[id] = { taskId: task.id, ext: emu.media.extOf(task) };
  task.snapshot = emu.view(task);
  return task;
}

/**
 * The live statuses of a new task and when each begins: pending for the first second (image) or two (video),
 * unless the profile starts tasks in processing; with requeue, back to pending for the middle third of the
 * processing time, then processing again until the end.
 */
function livePhases(profile: Profile, kind: Kind, now: number, durationMs: number, endAt: number): TaskPhase[] {
  const phases: TaskPhase[] = [{ status: profile.initialStatus, at: now }];
  if (profile.initialStatus === "pending") {
    phases.push({ status: "processing", at: now + Math.min(kind === "image" ? 1000 : 2000, durationMs / 2) });
  }
  if (profile.requeue) {
    const start = phases[phases.length - 1]?.at ?? now;
    const third = (endAt - start) / 3;
    phases.push({ status: "pending", at: Math.round(start + third) }, { status: "processing", at: Math.round(start + 2 * third) });
  }
  return phases;
}
