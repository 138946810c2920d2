import "server-only";
import { AppError } from "@/lib/errors";

/** Page cursors are opaque to clients: base64url of the last row's (created_at, id). */
export function encodeCursor(position: { createdAt: string; id: string }): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof createdAt === "string" && typeof id === "string") return { createdAt, id };
  } catch {
    // fall through
  }
  throw new AppError("invalid:cursor", "This page link is not valid; start again from the first page.", {
    cursor: "Not a cursor from this list.",
  });
}
