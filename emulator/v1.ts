// The v1 endpoints: creation on two paths, retrieval of one task.
import type { IncomingMessage } from "node:http";
import { createTask, type CreationDialect } from "./creation";
import type { Emulator } from "./emulator";
import { json, v1Error, type Reply } from "./http";
import { validateCreation } from "./requests";
import { shapeTask } from "./shape";
import type { Account } from "./store";

function dialect(emu: Emulator, endpoint: "videos" | "images"): CreationDialect {
  return {
    error: v1Error,
    validate: (body, ctx) => validateCreation(endpoint, body, ctx),
    invalidStatus: 422,
    keyOptional: (body) => endpoint === "images" && (body as { model?: unknown } | null)?.model === "delta-image-2",
    scope: endpoint,
    created: (task, replayed) => {
      const body = shapeTask(emu.present(task.snapshot), emu.profile, "creation");
      return replayed ? json(200, body, { "Idempotent-Replayed": "true" }) : json(202, body);
    },
  };
}

export function createV1(emu: Emulator, req: IncomingMessage, account: Account, endpoint: "videos" | "images"): Promise<Reply> {
  return createTask(emu, req, account, dialect(emu, endpoint));
}

export function getV1Task(emu: Emulator, account: Account, id: string): Reply {
  emu.advance();
  const task = emu.ownTask(id, account.apiKey);
  if (!task) return v1Error(404, "not_found", "No task with this id for this API key.");
  return json(200, shapeTask(emu.retrieve(task), emu.profile, "retrieval"));
}
