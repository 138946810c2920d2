// The authorization matrix: every API route, found on disk, called with no session, a disabled member's
// stale cookie and each role. A new route file fails the coverage test until it is added to ROUTES.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as healthRoute from "@/app/api/health/route";
import * as metricsRoute from "@/app/metrics/route";
import * as liveRoute from "@/app/api/health/live/route";
import * as readyRoute from "@/app/api/health/ready/route";
import * as meRoute from "@/app/api/me/route";
import * as memberRoute from "@/app/api/members/[id]/route";
import * as membersRoute from "@/app/api/members/route";
import * as connectionTestRoute from "@/app/api/settings/connection-test/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import * as sessionRoute from "@/app/api/sessions/[id]/route";
import * as memberSessionsRoute from "@/app/api/members/[id]/sessions/route";
import * as memberSecondFactorRoute from "@/app/api/members/[id]/second-factor/route";
import * as passkeysRoute from "@/app/api/passkeys/route";
import * as passkeyRoute from "@/app/api/passkeys/[id]/route";
import * as passkeyOptionsRoute from "@/app/api/passkeys/options/route";
import * as secondFactorRoute from "@/app/api/settings/second-factor/route";
import * as refusedValuesRoute from "@/app/api/settings/refused-values/route";
import * as timeZoneRoute from "@/app/api/settings/time-zone/route";
import * as budgetsRoute from "@/app/api/budgets/route";
import * as budgetRoute from "@/app/api/budgets/[id]/route";
import * as allowOnceRoute from "@/app/api/budgets/allow-once/route";
import * as budgetAlertsRoute from "@/app/api/budgets/alerts/route";
import * as budgetAlertRoute from "@/app/api/budgets/alerts/[id]/route";
import * as balanceRoute from "@/app/api/balance/route";
import * as creditLedgerRoute from "@/app/api/credits/ledger/route";
import * as setupRoute from "@/app/api/setup/route";
import * as eventsRoute from "@/app/api/events/route";
import * as generationsRoute from "@/app/api/generations/route";
import * as mediaRoute from "@/app/api/media/[taskId]/[index]/route";
import * as thumbnailRoute from "@/app/api/media/[taskId]/[index]/thumbnail/route";
import * as uploadInputRoute from "@/app/api/media/[taskId]/inputs/[uploadId]/route";
import * as queueItemRoute from "@/app/api/queue/[id]/route";
import * as queueFrontRoute from "@/app/api/queue/[id]/front/route";
import * as queueRoute from "@/app/api/queue/route";
import * as queueStateRoute from "@/app/api/queue/state/route";
import * as submissionRoute from "@/app/api/submissions/[id]/route";
import * as resendRoute from "@/app/api/submissions/[id]/resend/route";
import * as taskArchiveRoute from "@/app/api/tasks/[id]/archive/route";
import * as taskLastFrameRoute from "@/app/api/tasks/[id]/last-frame/route";
import * as taskRestoreRoute from "@/app/api/tasks/[id]/restore/route";
import * as auditRoute from "@/app/api/audit/route";
import * as taskRoute from "@/app/api/tasks/[id]/route";
import * as importRoute from "@/app/api/tasks/import/route";
import * as tasksRoute from "@/app/api/tasks/route";
import * as downloadRoute from "@/app/api/downloads/[id]/route";
import * as downloadsRoute from "@/app/api/downloads/route";
import * as uploadsRoute from "@/app/api/uploads/route";
import * as tasksCsvRoute from "@/app/api/exports/tasks.csv/route";
import * as tasksJsonRoute from "@/app/api/exports/tasks.json/route";
import * as usageCsvRoute from "@/app/api/exports/usage.csv/route";
import * as usageJsonRoute from "@/app/api/exports/usage.json/route";
import * as exportTokenRoute from "@/app/api/settings/export-tokens/[id]/route";
import * as exportTokenRenewRoute from "@/app/api/settings/export-tokens/[id]/renew/route";
import * as exportTokensRoute from "@/app/api/settings/export-tokens/route";
import * as accessTokenRoute from "@/app/api/settings/access-tokens/[id]/route";
import * as accessTokensRoute from "@/app/api/settings/access-tokens/route";
import * as teamAccessTokensRoute from "@/app/api/settings/access-tokens/team/route";
import * as boardsRoute from "@/app/api/boards/route";
import * as boardRoute from "@/app/api/boards/[id]/route";
import * as boardItemsRoute from "@/app/api/boards/[id]/items/route";
import * as boardItemRoute from "@/app/api/boards/[id]/items/[taskId]/route";
import * as boardDownloadRoute from "@/app/api/boards/[id]/download/route";
import * as shareLinkRoute from "@/app/api/share-links/[id]/route";
import * as shareLinksRoute from "@/app/api/share-links/route";
import * as batchesRoute from "@/app/api/batches/route";
import * as batchPreviewRoute from "@/app/api/batches/preview/route";
import * as batchRoute from "@/app/api/batches/[id]/route";
import * as batchRowsRoute from "@/app/api/batches/[id]/rows/route";
import * as batchPauseRoute from "@/app/api/batches/[id]/pause/route";
import * as batchResumeRoute from "@/app/api/batches/[id]/resume/route";
import * as batchCancelRoute from "@/app/api/batches/[id]/cancel/route";
import * as batchRetryRoute from "@/app/api/batches/[id]/retry/route";
import * as batchResultsRoute from "@/app/api/batches/[id]/results/route";
import * as batchDownloadRoute from "@/app/api/batches/[id]/download/route";
import * as comparisonsRoute from "@/app/api/comparisons/route";
import * as comparisonRoute from "@/app/api/comparisons/[id]/route";
import * as comparisonRunsRoute from "@/app/api/comparisons/[id]/runs/route";
import * as legacyGenerateRoute from "@/app/api/video/generate/route";
import * as legacyTaskRoute from "@/app/api/video/task/[taskId]/route";
import * as webhookRoute from "@/app/api/settings/webhook/route";
import * as webhookTestRoute from "@/app/api/settings/webhook/test/route";
import * as ssoSettingsRoute from "@/app/api/settings/sso/route";
import * as ssoProviderRoute from "@/app/api/settings/sso/[id]/route";
import { insertExportToken } from "@/lib/db/export-tokens";
import { seedTaskFixtures, type TaskFixtures } from "@/lib/testing/tasks";
import { database } from "@/lib/db";
import { env } from "@/lib/env";
import { getMember, updateMember } from "@/lib/db/users";
import { roleAtLeast, type Role } from "@/lib/members/roles";
import {
  ADMIN,
  addSignedIn,
  call,
  type Call,
  expectError,
  expectNoInternals,
  freshIp,
  MEMBER_PASSWORD,
  seedTeam,
  signIn,
  type Team,
} from "@/lib/testing/app";

type Handler = Parameters<typeof call>[0];
type Json = Awaited<ReturnType<typeof call>>["json"];
type Identity = "none" | "disabled" | Role;
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

let team: Team;
let fixtures: TaskFixtures;
let serial = 0;
/** Whose resource a mutating request touches: each allowed role acts on its own. */
const owner = (as: Identity) => (as === "admin" ? "admin" : "member");

interface Protected {
  minimum: Role;
  /** The request an allowed caller makes; `as` is who is calling. */
  request: (as: Identity) => Call & { path: string };
  ok: number;
  check: (json: Json, as: Role) => void;
}

/** Every route file under app/api → its module, and per HTTP method either "public" or who may call it. */
const ROUTES: Record<string, { module: Record<string, unknown>; methods: Record<string, "public" | Protected> }> = {
  "/api/health": { module: healthRoute, methods: { GET: "public" } },
  // No session opens it: only METRICS_TOKEN (absent: 404), tested below.
  "/metrics": { module: metricsRoute, methods: { GET: "public" } },
  "/api/health/live": { module: liveRoute, methods: { GET: "public" } },
  "/api/health/ready": { module: readyRoute, methods: { GET: "public" } },
  "/api/setup": { module: setupRoute, methods: { POST: "public" } }, // public until the first user exists, then 409
  "/api/auth/[...all]": { module: authRoute, methods: { GET: "public", POST: "public" } }, // better-auth's own endpoints
  // The legacy endpoints of Darkroom's copy of the API take a personal access token, never a session (gateway-legacy.test.ts).
  // Their other methods answer the legacy 405 to anyone (gateway-legacy.test.ts).
  "/api/video/generate": {
    module: legacyGenerateRoute,
    methods: { POST: "public", GET: "public", PUT: "public", PATCH: "public", DELETE: "public" },
  },
  "/api/video/task/[taskId]": {
    module: legacyTaskRoute,
    methods: { GET: "public", POST: "public", PUT: "public", PATCH: "public", DELETE: "public" },
  },
  "/api/me": {
    module: meRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/me" }),
        ok: 200,
        check: (json, as) => expect(json.user).toEqual({ ...pick(team[as].member), role: as }),
      },
    },
  },
  "/api/members": {
    module: membersRoute,
    methods: {
      GET: {
        minimum: "admin",
        request: () => ({ path: "/api/members" }),
        ok: 200,
        check: (json) =>
          expect(json.members.map((m: Json) => m.email)).toEqual(
            expect.arrayContaining(["ada@example.com", "mo@example.com", "vi@example.com", "dee@example.com"]),
          ),
      },
      POST: {
        minimum: "admin",
        request: () => ({
          path: "/api/members",
          method: "POST",
          body: { name: "New", email: `new${(serial += 1)}@example.com`, password: MEMBER_PASSWORD, role: "viewer" },
        }),
        ok: 201,
        check: (json) => expect(json.member).toMatchObject({ role: "viewer", disabled: false }),
      },
    },
  },
  "/api/members/[id]": {
    module: memberRoute,
    methods: {
      PATCH: {
        minimum: "admin",
        request: () => ({ path: "/api/members/x", method: "PATCH", params: { id: team.viewer.member.id }, body: { role: "viewer" } }),
        ok: 200,
        check: (json) => expect(json.member).toEqual(team.viewer.member),
      },
    },
  },
  // Sessions and the second factor (issue 46): each member their own; ending a member's sessions and the team's rule, admins.
  "/api/sessions": {
    module: sessionsRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/sessions" }),
        ok: 200,
        check: (json) => expect(json.sessions[0]).toMatchObject({ current: true }),
      },
      DELETE: { minimum: "viewer", request: () => ({ path: "/api/sessions", method: "DELETE" }), ok: 200, check: () => {} },
    },
  },
  "/api/sessions/[id]": {
    module: sessionRoute,
    // An allowed caller meets the plain 404 of a session that is not theirs.
    methods: {
      DELETE: {
        minimum: "viewer",
        request: () => ({ path: "/api/sessions/x", method: "DELETE", params: { id: "no-such-session" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:session"),
      },
    },
  },
  "/api/members/[id]/sessions": {
    module: memberSessionsRoute,
    methods: {
      DELETE: {
        minimum: "admin",
        request: () => ({ path: "/api/members/x/sessions", method: "DELETE", params: { id: "no-such-member" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:member"),
      },
    },
  },
  "/api/members/[id]/second-factor": {
    module: memberSecondFactorRoute,
    methods: {
      DELETE: {
        minimum: "admin",
        request: () => ({ path: "/api/members/x/second-factor", method: "DELETE", params: { id: "no-such-member" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:member"),
      },
    },
  },
  "/api/passkeys": {
    module: passkeysRoute,
    methods: {
      GET: { minimum: "viewer", request: () => ({ path: "/api/passkeys" }), ok: 200, check: (json) => expect(json.passkeys).toEqual([]) },
      POST: {
        minimum: "viewer",
        request: () => ({ path: "/api/passkeys", method: "POST", body: { challengeId: "unknown", response: { id: "x" }, name: "Key" } }),
        ok: 400,
        check: (json) => expect(json.error.code).toBe("bad_request:passkey_challenge"),
      },
    },
  },
  "/api/passkeys/options": {
    module: passkeyOptionsRoute,
    methods: {
      POST: {
        minimum: "viewer",
        request: () => ({ path: "/api/passkeys/options", method: "POST" }),
        ok: 200,
        check: (json) => expect(json.options.challenge).toEqual(expect.any(String)),
      },
    },
  },
  "/api/passkeys/[id]": {
    module: passkeyRoute,
    methods: {
      DELETE: {
        minimum: "viewer",
        request: () => ({ path: "/api/passkeys/x", method: "DELETE", params: { id: "no-such-passkey" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:passkey"),
      },
    },
  },
  "/api/settings/second-factor": {
    module: secondFactorRoute,
    methods: {
      PUT: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/second-factor", method: "PUT", body: { required: "off" } }),
        ok: 200,
        check: (json) => expect(json).toEqual({ required: "off" }),
      },
    },
  },
  "/api/tasks": {
    module: tasksRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/tasks?limit=10" }),
        ok: 200,
        check: (json) => expect(json.tasks.map((t: Json) => t.id)).toContain(fixtures.taskId),
      },
    },
  },
  "/api/tasks/[id]": {
    module: taskRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: `/api/tasks/${fixtures.taskId}`, params: { id: fixtures.taskId } }),
        ok: 200,
        check: (json) => expect(json.task.results).toHaveLength(1),
      },
      PATCH: {
        minimum: "member",
        request: () => ({
          path: `/api/tasks/${fixtures.taskId}`,
          method: "PATCH",
          params: { id: fixtures.taskId },
          body: { favourite: true },
        }),
        ok: 200,
        check: (json) => expect(json.task.favourite).toBe(true),
      },
      DELETE: {
        minimum: "member",
        request: (as) => ({ path: "/api/tasks/x", method: "DELETE", params: { id: fixtures.hide[owner(as)] } }),
        ok: 204,
        check: () => {},
      },
    },
  },
  "/api/tasks/[id]/archive": {
    module: taskArchiveRoute,
    methods: {
      POST: {
        minimum: "member",
        request: () => ({ path: `/api/tasks/${fixtures.archiveFailed}/archive`, method: "POST", params: { id: fixtures.archiveFailed } }),
        ok: 202,
        check: (json) => expect(json.task.archive.state).toBe("pending"),
      },
    },
  },
  // No PUBLIC_BASE_URL here, as for /api/uploads: a member learns what to configure (app/api/last-frame.test.ts makes one).
  "/api/tasks/[id]/last-frame": {
    module: taskLastFrameRoute,
    methods: {
      POST: {
        minimum: "member",
        request: () => ({ path: `/api/tasks/${fixtures.taskId}/last-frame`, method: "POST", params: { id: fixtures.taskId }, body: {} }),
        ok: 409,
        check: (json) => expect(json.error.code).toBe("conflict:uploads_unavailable"),
      },
    },
  },
  "/api/tasks/[id]/restore": {
    module: taskRestoreRoute,
    methods: {
      POST: {
        minimum: "member",
        request: (as) => ({ path: "/api/tasks/x/restore", method: "POST", params: { id: fixtures.hide[owner(as)] } }),
        ok: 204,
        check: () => {},
      },
    },
  },
  "/api/audit": {
    module: auditRoute,
    methods: {
      GET: {
        minimum: "admin",
        request: () => ({ path: "/api/audit?limit=20" }),
        ok: 200,
        check: (json) => expect(json.entries.map((e: Json) => e.action)).toContain("member.add"),
      },
    },
  },
  "/api/tasks/import": {
    module: importRoute,
    // No upstream is configured in tests: an allowed caller gets the plain 502, not a 4xx about roles.
    methods: {
      POST: {
        minimum: "member",
        request: () => ({ path: "/api/tasks/import", method: "POST", body: { taskId: "task_from_elsewhere" } }),
        ok: 502,
        check: (json) => expect(json.error.code).toBe("upstream_unavailable"),
      },
    },
  },
  "/api/generations": {
    module: generationsRoute,
    methods: {
      POST: {
        minimum: "member",
        request: () => ({
          path: "/api/generations",
          method: "POST",
          body: { submissionId: crypto.randomUUID(), request: { model: "gamma-5-pro", prompt: "a lighthouse at dusk" } },
        }),
        ok: 202,
        check: (json) => expect(json.submissions[0]).toMatchObject({ model: "gamma-5-pro", state: "queued" }),
      },
    },
  },
  "/api/submissions/[id]": {
    module: submissionRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/submissions/x", params: { id: fixtures.submissions.view } }),
        ok: 200,
        check: (json) => expect(json.submission.state).toBe("queued"),
      },
    },
  },
  "/api/submissions/[id]/resend": {
    module: resendRoute,
    // The role check comes first; an allowed caller then meets the plain 404 of an unknown submission.
    methods: {
      POST: {
        minimum: "member",
        request: () => ({
          path: "/api/submissions/x/resend",
          method: "POST",
          params: { id: "no-such-submission" },
          body: { acceptSecondCharge: true },
        }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:submission"),
      },
    },
  },
  "/api/queue": {
    module: queueRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/queue" }),
        ok: 200,
        check: (json) => expect(json.submissions.length).toBeGreaterThan(0),
      },
    },
  },
  "/api/queue/[id]": {
    module: queueItemRoute,
    methods: {
      DELETE: {
        minimum: "member",
        request: (as) => ({ path: "/api/queue/x", method: "DELETE", params: { id: fixtures.submissions.cancel[owner(as)] } }),
        ok: 204,
        check: () => {},
      },
    },
  },
  "/api/queue/[id]/front": {
    module: queueFrontRoute,
    methods: {
      POST: {
        minimum: "member",
        request: (as) => ({ path: "/api/queue/x/front", method: "POST", params: { id: fixtures.submissions.front[owner(as)] } }),
        ok: 204,
        check: () => {},
      },
    },
  },
  "/api/queue/state": {
    module: queueStateRoute,
    methods: {
      PUT: {
        minimum: "admin",
        request: () => ({ path: "/api/queue/state", method: "PUT", body: { paused: false } }),
        ok: 200,
        check: (json) => expect(json.paused).toBe(false),
      },
    },
  },
  "/api/media/[taskId]/[index]": {
    module: mediaRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: `/api/media/${fixtures.taskId}/0`, params: { taskId: fixtures.taskId, index: "0" } }),
        ok: 200,
        check: () => {},
      },
    },
  },
  "/api/media/[taskId]/[index]/thumbnail": {
    module: thumbnailRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: `/api/media/${fixtures.taskId}/0/thumbnail`, params: { taskId: fixtures.taskId, index: "0" } }),
        ok: 200,
        check: () => {},
      },
    },
  },
  "/api/media/[taskId]/inputs/[uploadId]": {
    module: uploadInputRoute,
    methods: {
      GET: {
        minimum: "viewer",
        // Past the door, the fixture's task names no upload: app/api/upload-inputs.test.ts serves a real one.
        request: () => ({
          path: `/api/media/${fixtures.taskId}/inputs/up_${"0".repeat(32)}`,
          params: { taskId: fixtures.taskId, uploadId: `up_${"0".repeat(32)}` },
        }),
        ok: 404,
        check: () => {},
      },
    },
  },
  "/api/events": {
    module: eventsRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/events" }),
        ok: 200,
        check: (json) => expect(String(json)).toContain("retry:"),
      },
    },
  },
  "/api/settings/connection-test": {
    module: connectionTestRoute,
    methods: {
      POST: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/connection-test", method: "POST" }),
        ok: 200,
        check: (json) =>
          expect(json).toEqual({
            state: "not_configured",
            message: expect.stringMatching(/GENERATION_API_BASE_URL/),
            checkedAt: expect.any(String),
            cached: false,
          }),
      },
    },
  },
  "/api/settings/refused-values": {
    module: refusedValuesRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/settings/refused-values" }),
        ok: 200,
        check: (json) =>
          expect(json).toEqual({
            alphaResolution: expect.any(Array),
            aspectRatioRequired: expect.any(Boolean),
            referenceType: expect.any(Object),
          }),
      },
      DELETE: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/refused-values", method: "DELETE" }),
        ok: 200,
        check: (json) =>
          expect(json).toEqual({ alphaResolution: [], aspectRatioRequired: false, referenceType: { refused: [], accepted: null } }),
      },
    },
  },
  "/api/uploads": {
    module: uploadsRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/uploads" }),
        ok: 200,
        check: (json) => expect(json).toMatchObject({ available: false, message: expect.stringMatching(/PUBLIC_BASE_URL/) }),
      },
      // No PUBLIC_BASE_URL and the local store here: a member learns what to configure (app/api/uploads.test.ts uploads).
      POST: {
        minimum: "member",
        request: () => ({ path: "/api/uploads", method: "POST", body: {} }),
        ok: 409,
        check: (json) => expect(json.error.code).toBe("conflict:uploads_unavailable"),
      },
    },
  },
  "/api/budgets": {
    module: budgetsRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/budgets" }),
        ok: 200,
        check: (json) => expect(json.budgets).toEqual(expect.any(Array)),
      },
      PUT: {
        minimum: "admin",
        request: () => ({ path: "/api/budgets", method: "PUT", body: { scope: "team", period: "month", limit: 100_000_000 } }),
        ok: 200,
        check: (json) => expect(json.canEdit).toBe(true),
      },
    },
  },
  // No budget has this id: an allowed caller gets the 404 that says so, everyone else is stopped before.
  "/api/budgets/[id]": {
    module: budgetRoute,
    methods: {
      DELETE: {
        minimum: "admin",
        request: () => ({ path: "/api/budgets/x", method: "DELETE", params: { id: "no-such-budget" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:budget"),
      },
    },
  },
  "/api/budgets/allow-once": {
    module: allowOnceRoute,
    methods: {
      POST: {
        minimum: "admin",
        request: () => ({ path: "/api/budgets/allow-once", method: "POST", body: { userId: team.member.member.id } }),
        ok: 200,
        check: (json) => expect(json.budgets).toEqual(expect.any(Array)),
      },
    },
  },
  "/api/budgets/alerts": {
    module: budgetAlertsRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/budgets/alerts" }),
        ok: 200,
        check: (json) => expect(json).toEqual({ alerts: [] }),
      },
    },
  },
  "/api/budgets/alerts/[id]": {
    module: budgetAlertRoute,
    methods: {
      DELETE: {
        minimum: "viewer",
        request: () => ({ path: "/api/budgets/alerts/x", method: "DELETE", params: { id: "no-such-alert" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:alert"),
      },
    },
  },
  "/api/balance": {
    module: balanceRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/balance" }),
        ok: 200,
        check: (json) => expect(json).toHaveProperty("balance"),
      },
      PUT: {
        minimum: "admin",
        request: () => ({ path: "/api/balance", method: "PUT", body: { amount: 5000 } }),
        ok: 200,
        check: (json) => expect(json.balance).toMatchObject({ entered: 5000 }),
      },
    },
  },
  "/api/credits/ledger": {
    module: creditLedgerRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/credits/ledger?period=7d" }),
        ok: 200,
        check: (json) => expect(json.report).toHaveProperty("totals"),
      },
    },
  },
  "/api/settings/time-zone": {
    module: timeZoneRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/settings/time-zone" }),
        ok: 200,
        check: (json) => expect(json).toEqual({ timeZone: "UTC" }),
      },
      PUT: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/time-zone", method: "PUT", body: { timeZone: "UTC" } }),
        ok: 200,
        check: (json) => expect(json).toEqual({ timeZone: "UTC" }),
      },
    },
  },
  "/api/downloads": {
    module: downloadsRoute,
    // The ZIP arrives as text here: its local file header magic is enough; app/api/downloads.test.ts unzips it.
    methods: {
      POST: {
        minimum: "viewer",
        request: () => ({ path: "/api/downloads", method: "POST", body: { taskIds: [fixtures.taskId] } }),
        ok: 201,
        check: (json) => expect(json.url).toMatch(/^\/api\/downloads\/[\w-]+$/),
      },
    },
  },
  "/api/downloads/[id]": {
    module: downloadRoute,
    // Each member fetches the selection they asked for. The ZIP arrives as text here: its magic is enough; app/api/downloads.test.ts unzips it.
    methods: {
      GET: {
        minimum: "viewer",
        request: (as) => ({
          path: "/api/downloads/x",
          params: { id: as === "admin" || as === "member" || as === "viewer" ? fixtures.downloads[as] : fixtures.downloads.member },
        }),
        ok: 200,
        check: (json) => expect(String(json).startsWith("PK")).toBe(true),
      },
    },
  },
  // Exports: every role, as the Credits page and the gallery (lists of their own; export-tokens.test.ts has the rest).
  "/api/exports/tasks.csv": exportRoute(tasksCsvRoute, "/api/exports/tasks.csv", (json) =>
    expect(String(json).split("\r\n")[0]).toMatch(/^task_id,/),
  ),
  "/api/exports/tasks.json": exportRoute(tasksJsonRoute, "/api/exports/tasks.json", (json) =>
    expect(json.map((t: Json) => t.task_id)).toContain(fixtures.taskId),
  ),
  "/api/exports/usage.csv": exportRoute(usageCsvRoute, "/api/exports/usage.csv", (json) =>
    expect(String(json).split("\r\n")[0]).toMatch(/^day,/),
  ),
  "/api/exports/usage.json": exportRoute(usageJsonRoute, "/api/exports/usage.json", (json) => expect(json.length).toBeGreaterThan(0)),
  "/api/settings/export-tokens": {
    module: exportTokensRoute,
    methods: {
      GET: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/export-tokens" }),
        ok: 200,
        check: (json) => expect(json.tokens).toEqual(expect.any(Array)),
      },
      POST: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/export-tokens", method: "POST" }),
        ok: 201,
        check: (json) => expect(json.token).toMatch(/^drx_/),
      },
    },
  },
  "/api/settings/export-tokens/[id]": {
    module: exportTokenRoute,
    methods: {
      DELETE: {
        minimum: "admin",
        // A token of an admin who has gone: a new token of the signed-in admin cannot revoke it first.
        request: () => ({ path: "/api/settings/export-tokens/x", method: "DELETE", params: { id: "token-of-someone-gone" } }),
        ok: 204,
        check: () => {},
      },
    },
  },
  "/api/settings/access-tokens": {
    module: accessTokensRoute,
    methods: {
      GET: {
        minimum: "member",
        request: () => ({ path: "/api/settings/access-tokens" }),
        ok: 200,
        check: (json) => expect(json.tokens).toEqual(expect.any(Array)),
      },
      POST: {
        minimum: "member",
        request: () => ({ path: "/api/settings/access-tokens", method: "POST", body: { name: "matrix", scope: "read" } }),
        ok: 201,
        check: (json) => expect(json.token).toMatch(/^dr_/),
      },
    },
  },
  "/api/settings/access-tokens/team": {
    module: teamAccessTokensRoute,
    methods: {
      GET: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/access-tokens/team" }),
        ok: 200,
        check: (json) => expect(json.tokens).toEqual(expect.any(Array)),
      },
    },
  },
  "/api/settings/access-tokens/[id]": {
    module: accessTokenRoute,
    methods: {
      // One's own tokens (an admin's: anyone's); an unknown id is a 404 (gateway.test.ts revokes them).
      DELETE: {
        minimum: "member",
        request: () => ({ path: "/api/settings/access-tokens/x", method: "DELETE", params: { id: "not-mine" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:access_token"),
      },
    },
  },
  "/api/boards": {
    module: boardsRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/boards" }),
        ok: 200,
        check: (json) => expect(json.boards).toEqual(expect.any(Array)),
      },
      POST: {
        minimum: "member",
        request: () => ({ path: "/api/boards", method: "POST", body: { name: "matrix", taskIds: [fixtures.taskId] } }),
        ok: 201,
        check: (json, as) => expect(json.board).toMatchObject({ name: "matrix", items: 1, creator: { id: team[as].member.id } }),
      },
    },
  },
  // Unknown boards are 404s past the role check (boards.test.ts changes real ones, and their makers' rights).
  "/api/boards/[id]": {
    module: boardRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/boards/x", params: { id: "no-such-board" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:board"),
      },
      PATCH: {
        minimum: "member",
        request: () => ({ path: "/api/boards/x", method: "PATCH", params: { id: "no-such-board" }, body: { name: "renamed" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:board"),
      },
      DELETE: {
        minimum: "member",
        request: () => ({ path: "/api/boards/x", method: "DELETE", params: { id: "no-such-board" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:board"),
      },
    },
  },
  "/api/boards/[id]/items": {
    module: boardItemsRoute,
    methods: {
      POST: {
        minimum: "member",
        request: () => ({
          path: "/api/boards/x/items",
          method: "POST",
          params: { id: "no-such-board" },
          body: { taskIds: [fixtures.taskId] },
        }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:board"),
      },
      PUT: {
        minimum: "member",
        request: () => ({
          path: "/api/boards/x/items",
          method: "PUT",
          params: { id: "no-such-board" },
          body: { taskIds: [fixtures.taskId] },
        }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:board"),
      },
    },
  },
  "/api/boards/[id]/items/[taskId]": {
    module: boardItemRoute,
    methods: {
      DELETE: {
        minimum: "member",
        request: () => ({ path: "/api/boards/x/items/y", method: "DELETE", params: { id: "no-such-board", taskId: fixtures.taskId } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:board"),
      },
    },
  },
  "/api/boards/[id]/download": {
    module: boardDownloadRoute,
    methods: {
      POST: {
        minimum: "viewer",
        request: () => ({ path: "/api/boards/x/download", method: "POST", params: { id: "no-such-board" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:board"),
      },
    },
  },
  "/api/share-links": {
    module: shareLinksRoute,
    methods: {
      GET: {
        minimum: "member",
        request: () => ({ path: "/api/share-links" }),
        ok: 200,
        check: (json) => expect(json.links).toEqual(expect.any(Array)),
      },
      POST: {
        minimum: "member",
        request: () => ({ path: "/api/share-links", method: "POST", body: { taskIds: [fixtures.taskId], expiry: "1h" } }),
        ok: 201,
        check: (json) => expect(json.url).toMatch(/\/s\/[\w-]{24}$/),
      },
    },
  },
  // Batches (batches.test.ts works on real ones): the form routes read a multipart body, so a JSON one is refused.
  "/api/batches": {
    module: batchesRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/batches" }),
        ok: 200,
        check: (json) => expect(json.batches).toEqual(expect.any(Array)),
      },
      POST: {
        minimum: "member",
        request: () => ({ path: "/api/batches", method: "POST", body: {} }),
        ok: 415,
        check: (json) => expect(json.error.code).toBe("unsupported_media_type:batch"),
      },
    },
  },
  "/api/batches/preview": {
    module: batchPreviewRoute,
    methods: {
      POST: {
        minimum: "member",
        request: () => ({ path: "/api/batches/preview", method: "POST", body: {} }),
        ok: 415,
        check: (json) => expect(json.error.code).toBe("unsupported_media_type:batch"),
      },
    },
  },
  "/api/batches/[id]": {
    module: batchRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/batches/x", params: { id: "no-such-batch" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:batch"),
      },
    },
  },
  "/api/batches/[id]/rows": {
    module: batchRowsRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/batches/x/rows", params: { id: "no-such-batch" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:batch"),
      },
    },
  },
  "/api/batches/[id]/pause": {
    module: batchPauseRoute,
    methods: {
      POST: {
        minimum: "member",
        request: () => ({ path: "/api/batches/x/pause", method: "POST", params: { id: "no-such-batch" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:batch"),
      },
    },
  },
  "/api/batches/[id]/resume": {
    module: batchResumeRoute,
    methods: {
      POST: {
        minimum: "member",
        request: () => ({ path: "/api/batches/x/resume", method: "POST", params: { id: "no-such-batch" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:batch"),
      },
    },
  },
  "/api/batches/[id]/cancel": {
    module: batchCancelRoute,
    methods: {
      POST: {
        minimum: "member",
        request: () => ({ path: "/api/batches/x/cancel", method: "POST", params: { id: "no-such-batch" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:batch"),
      },
    },
  },
  "/api/batches/[id]/retry": {
    module: batchRetryRoute,
    methods: {
      POST: {
        minimum: "member",
        request: () => ({
          path: "/api/batches/x/retry",
          method: "POST",
          params: { id: "no-such-batch" },
          body: { batchId: crypto.randomUUID() },
        }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:batch"),
      },
    },
  },
  "/api/batches/[id]/results": {
    module: batchResultsRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/batches/x/results", params: { id: "no-such-batch" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:batch"),
      },
    },
  },
  "/api/batches/[id]/download": {
    module: batchDownloadRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/batches/x/download", params: { id: "no-such-batch" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:batch"),
      },
    },
  },
  "/api/comparisons": {
    module: comparisonsRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/comparisons" }),
        ok: 200,
        check: (json) => expect(json.comparisons).toEqual(expect.any(Array)),
      },
      POST: {
        minimum: "member",
        request: () => ({
          path: "/api/comparisons",
          method: "POST",
          body: {
            comparisonId: crypto.randomUUID(),
            prompt: "a lighthouse at dusk",
            columns: [{ model: "gamma-5-pro" }, { model: "delta-image-2" }],
          },
        }),
        ok: 201,
        check: (json) => expect(json.comparison.columns).toHaveLength(2),
      },
    },
  },
  // An unknown comparison: an allowed caller is told it is not there (comparisons.test.ts works on real ones).
  "/api/comparisons/[id]": {
    module: comparisonRoute,
    methods: {
      GET: {
        minimum: "viewer",
        request: () => ({ path: "/api/comparisons/x", params: { id: "no-such-comparison" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:comparison"),
      },
      PATCH: {
        minimum: "member",
        request: () => ({ path: "/api/comparisons/x", method: "PATCH", params: { id: "no-such-comparison" }, body: { favourite: null } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:comparison"),
      },
    },
  },
  "/api/comparisons/[id]/runs": {
    module: comparisonRunsRoute,
    methods: {
      POST: {
        minimum: "member",
        request: () => ({
          path: "/api/comparisons/x/runs",
          method: "POST",
          params: { id: "no-such-comparison" },
          body: { submissionId: crypto.randomUUID(), column: 0 },
        }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:comparison"),
      },
    },
  },
  "/api/share-links/[id]": {
    module: shareLinkRoute,
    methods: {
      // One's own links (an admin: anyone's): an unknown id is a 404 (share-links.test.ts revokes real ones).
      DELETE: {
        minimum: "member",
        request: () => ({ path: "/api/share-links/x", method: "DELETE", params: { id: "no-such-link" } }),
        ok: 404,
        check: (json) => expect(json.error.code).toBe("not_found:share_link"),
      },
    },
  },
  "/api/settings/export-tokens/[id]/renew": {
    module: exportTokenRenewRoute,
    methods: {
      POST: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/export-tokens/x/renew", method: "POST", params: { id: "token-to-renew" } }),
        ok: 200,
        check: (json) => expect(json).toEqual({ id: "token-to-renew", expiresAt: expect.any(String) }),
      },
    },
  },
  "/api/settings/webhook": {
    module: webhookRoute,
    methods: {
      GET: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/webhook" }),
        ok: 200,
        check: (json) => expect(json.deliveries).toEqual(expect.any(Array)),
      },
      PUT: {
        minimum: "admin",
        // A public address literal: checked without a DNS lookup.
        request: () => ({ path: "/api/settings/webhook", method: "PUT", body: { url: "https://93.184.216.34/services/secret" } }),
        ok: 200,
        check: (json) => expect(json.target).toBe("https://93.184.216.34/…"),
      },
      DELETE: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/webhook", method: "DELETE" }),
        ok: 200,
        check: (json) => expect(json.target).toBeNull(),
      },
    },
  },
  "/api/settings/webhook/test": {
    module: webhookTestRoute,
    // The webhook was removed just before (DELETE above): an allowed caller is told to set one, not refused for its role.
    methods: {
      POST: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/webhook/test", method: "POST" }),
        ok: 409,
        check: (json) => expect(json.error.code).toBe("conflict:webhook_missing"),
      },
    },
  },
  "/api/settings/sso": {
    module: ssoSettingsRoute,
    methods: {
      GET: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/sso" }),
        ok: 200,
        check: (json) => expect(json).toMatchObject({ providers: expect.any(Array), passwords: "everyone" }),
      },
      PUT: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/sso", method: "PUT", body: { passwords: "everyone" } }),
        ok: 200,
        check: (json) => expect(json.passwords).toBe("everyone"),
      },
    },
  },
  "/api/settings/sso/[id]": {
    module: ssoProviderRoute,
    // Saving talks to no provider (discovery happens at sign-in); PUT sets it up, then DELETE removes it.
    methods: {
      PUT: {
        minimum: "admin",
        request: () => ({
          path: "/api/settings/sso/matrix",
          method: "PUT",
          params: { id: "matrix" },
          body: {
            label: "Matrix SSO",
            issuer: "https://sso.example.com/realms/team",
            clientId: "darkroom",
            clientSecret: "matrix secret",
            allowedDomains: ["example.com"],
          },
        }),
        ok: 200,
        check: (json) => {
          expect(json.providers).toEqual([expect.objectContaining({ id: "matrix", clientSecretSet: true })]);
          expect(JSON.stringify(json)).not.toContain("matrix secret");
        },
      },
      DELETE: {
        minimum: "admin",
        request: () => ({ path: "/api/settings/sso/matrix", method: "DELETE", params: { id: "matrix" } }),
        ok: 200,
        check: (json) => expect(json.providers).toEqual([]),
      },
    },
  },
};

function exportRoute(module: Record<string, unknown>, path: string, check: (json: Json) => void) {
  return { module, methods: { GET: { minimum: "viewer" as Role, request: () => ({ path }), ok: 200, check } } };
}

const pick = ({ id, name, email }: { id: string; name: string; email: string }) => ({ id, name, email });
const handlerOf = (route: string, method: string) => ROUTES[route]!.module[method] as Handler;
const cookieOf = (as: Identity) => (as === "none" ? undefined : team[as].cookie);

/** Calls a route and checks, for every answer, that nothing internal leaks. */
async function hit(route: string, method: string, request: Call & { path: string }, as: Identity) {
  const { path: url, ...rest } = request;
  const response = await call(handlerOf(route, method), url, { method, cookie: cookieOf(as), ...rest });
  expectNoInternals(response.json);
  return response;
}

const protectedCases = Object.entries(ROUTES).flatMap(([route, { methods }]) =>
  Object.entries(methods).flatMap(([method, access]) => (access === "public" ? [] : [{ route, method, access }])),
);

/** Routes outside app/api that Darkroom serves as API (Prometheus's scrape address). */
const OUTSIDE_API = ["metrics"];

function routeFiles(): string[] {
  const apiDir = path.dirname(fileURLToPath(import.meta.url));
  return (readdirSync(apiDir, { recursive: true }) as string[])
    .filter((file) => path.basename(file) === "route.ts" || /^route\.(tsx?|jsx?|mjs)$/.test(path.basename(file)))
    .map((file) => path.join(apiDir, file))
    .concat(OUTSIDE_API.map((route) => path.join(apiDir, "..", route, "route.ts")));
}

describe("API authorization", () => {
  beforeAll(async () => {
    team = await seedTeam();
    fixtures = await seedTaskFixtures(team);
    const at = new Date().toISOString();
    for (const [i, id] of ["token-of-someone-gone", "token-to-renew"].entries())
      await insertExportToken(database().db, { id, userId: "someone-gone", tokenHash: String(i).repeat(64), at, expiresAt: at });
  });

  afterEach(async () => {
    // Nothing in the matrix may change the people it runs as.
    for (const as of ["admin", "member", "viewer"] as const)
      expect(await getMember(database().db, { id: team[as].member.id })).toEqual(team[as].member);
  });

  it("covers every route file and every method it exports", async () => {
    const found: Record<string, string[]> = {};
    for (const file of routeFiles()) {
      const route = `/${path
        .relative(path.join(path.dirname(fileURLToPath(import.meta.url)), ".."), path.dirname(file))
        .split(path.sep)
        .join("/")}`;
      found[route] = Object.keys(await import(file))
        .filter((name) => HTTP_METHODS.includes(name))
        .sort();
    }
    const listed = Object.fromEntries(Object.entries(ROUTES).map(([route, { methods }]) => [route, Object.keys(methods).sort()]));
    expect(found, "a route under app/api is missing from ROUTES in this test (or lists other methods)").toEqual(listed);
  });

  describe.each(protectedCases)("$method $route (needs $access.minimum)", ({ route, method, access }) => {
    it.each(["none", "disabled"] as const)("answers 401 to %s", async (as) => {
      expectError(await hit(route, method, access.request(as), as), 401, "unauthorized:session");
    });

    if (method !== "GET") {
      it("answers 401 before looking at a bad body", async () => {
        expectError(
          await hit(route, method, { ...access.request("none"), body: undefined, raw: "{not json" }, "none"),
          401,
          "unauthorized:session",
        );
      });
    }

    it.each(["viewer", "member", "admin"] as const)("as %s", async (as) => {
      const response = await hit(route, method, access.request(as), as);
      if (!roleAtLeast(as, access.minimum)) {
        expectError(response, 403, "forbidden:role");
        expect(response.json.error.message).toBe(`This needs the ${access.minimum} role; you are signed in as ${as}.`);
        return;
      }
      expect(response.status).toBe(access.ok);
      access.check(response.json, as);
    });

    it("ends and refuses a session whose member was disabled behind its back", async () => {
      const { member, cookie } = await addSignedIn(team.admin.cookie, { role: "admin", email: `stale${(serial += 1)}@example.com` });
      await updateMember(database().db, { id: member.id, disabled: true }); // sessions left in place on purpose
      expectError(
        await call(handlerOf(route, method), access.request("admin").path, { ...access.request("admin"), method, cookie }),
        401,
        "unauthorized:session",
      );
      expect(await database().db.selectFrom("session").select("id").where("userId", "=", member.id).execute()).toEqual([]);
      await database().db.deleteFrom("user").where("id", "=", member.id).execute(); // keep the team as it was
    });
  });

  it("answers health to anyone, saying nothing secret", async () => {
    for (const as of ["none", "disabled", "viewer", "admin"] as const) {
      const response = await hit("/api/health", "GET", { path: "/api/health" }, as);
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ ok: true, database: "ok", upstream: { configured: false } });
    }
  });

  it("opens /metrics to its token only: 404 without one configured, 401 to any session or other token", async () => {
    const metrics = (as: Identity, headers: Record<string, string> = {}) => hit("/metrics", "GET", { path: "/metrics", headers }, as);
    for (const as of ["none", "viewer", "admin"] as const) expectError(await metrics(as), 404, "not_found:route");
    const settable = env as { METRICS_TOKEN?: string };
    settable.METRICS_TOKEN = "metrics-token-for-the-matrix-0123";
    try {
      for (const as of ["none", "disabled", "viewer", "member", "admin"] as const) {
        expectError(await metrics(as), 401, "unauthorized:metrics");
        expectError(await metrics(as, { authorization: "Bearer drx_not_the_metrics_token_000" }), 401, "unauthorized:metrics");
      }
      const answer = await metrics("none", { authorization: `Bearer ${settable.METRICS_TOKEN}` });
      expect(answer.status).toBe(200);
      expect(String(answer.json)).toContain("darkroom_queue_depth");
    } finally {
      delete settable.METRICS_TOKEN;
    }
  });

  it("closes setup once the first admin exists, whoever asks", async () => {
    for (const as of ["none", "viewer", "admin"] as const) {
      const body = { ...ADMIN, email: `late${(serial += 1)}@example.com` };
      expectError(await hit("/api/setup", "POST", { path: "/api/setup", method: "POST", body }, as), 409, "conflict:setup");
    }
  });

  it("lets better-auth report sessions, and none for a disabled member", async () => {
    const session = (as: Identity) => hit("/api/auth/[...all]", "GET", { path: "/api/auth/get-session" }, as);
    expect((await session("member")).json.user).toMatchObject({ id: team.member.member.id, role: "member" });
    for (const as of ["none", "disabled"] as const) expect((await session(as)).json ?? null).toBeNull();
    const wrong = await hit(
      "/api/auth/[...all]",
      "POST",
      {
        path: "/api/auth/sign-in/email",
        method: "POST",
        body: { email: ADMIN.email, password: "wrong password" },
        headers: { "x-forwarded-for": freshIp() },
      },
      "none",
    );
    expect(wrong.status).toBe(401);
  });

  describe("another member's record", () => {
    const patch = (as: Role, id: string, body: unknown) =>
      hit("/api/members/[id]", "PATCH", { path: `/api/members/${id}`, method: "PATCH", params: { id }, body }, as);

    it.each<[Role, Role, unknown]>([
      ["member", "admin", { role: "viewer" }],
      ["member", "admin", { disabled: true }],
      ["member", "viewer", { role: "admin" }],
      ["viewer", "member", { disabled: true }],
      ["member", "member", { role: "admin" }],
      ["viewer", "viewer", { role: "admin" }],
    ])("is out of reach for a %s (target: %s, %j)", async (as, target, body) => {
      expectError(await patch(as, team[target].member.id, body), 403, "forbidden:role");
    });

    it("is not even confirmed to exist for a non-admin", async () => {
      expectError(await patch("member", "no-such-member", { role: "admin" }), 403, "forbidden:role");
    });

    it("is 404 for an admin acting on an id nobody has", async () => {
      expectError(await patch("admin", "no-such-member", { role: "viewer" }), 404, "not_found:member");
    });

    it("lets a disabled member sign in again only after an admin enables them", async () => {
      const { email } = team.disabled.member;
      await expect(signIn(email, MEMBER_PASSWORD, freshIp())).rejects.toThrow(/403/);
      expect((await patch("admin", team.disabled.member.id, { disabled: false })).json.member.disabled).toBe(false);
      const cookie = await signIn(email, MEMBER_PASSWORD, freshIp());
      expect((await call(meRoute.GET, "/api/me", { cookie })).json.user.email).toBe(email);
      expectError(await call(meRoute.GET, "/api/me", { cookie: team.disabled.cookie }), 401, "unauthorized:session");
    });
  });

  it("lets only a submission's own member, or an admin, change it", async () => {
    const theirs = (as: Role, id: string, method: "DELETE" | "POST") =>
      hit(method === "DELETE" ? "/api/queue/[id]" : "/api/queue/[id]/front", method, { path: "/api/queue/x", method, params: { id } }, as);
    expectError(await theirs("member", fixtures.submissions.front.admin, "DELETE"), 403, "forbidden:submission");
    expectError(await theirs("member", fixtures.submissions.front.admin, "POST"), 403, "forbidden:submission");
    // Cancelled by the matrix above: no longer waiting.
    expectError(await theirs("member", fixtures.submissions.cancel.member, "DELETE"), 409, "conflict:submission");
    expect((await theirs("admin", fixtures.submissions.view, "DELETE")).status).toBe(204);
    expectError(await theirs("admin", "no-such-submission", "DELETE"), 404, "not_found:submission");
  });
});
