// Issue 15: the grid's srcset asks for the phones' width (?w=240) of a thumbnail. The media route answers it
// from the small file stored beside the thumbnail, under the same access rules, and with the 480 px one for
// results archived before the small width existed.
import { Readable } from "node:stream";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as thumbnail } from "@/app/api/media/[taskId]/[index]/thumbnail/route";
import { thumbnailKeyAt } from "@/lib/media/paths";
import { PREVIEW_WIDTH, SMALL_THUMBNAIL_WIDTH } from "@/lib/media/widths";
import { mediaStore } from "@/lib/media/store";
import { seedTeam, type Team } from "@/lib/testing/app";
import { seedTaskFixtures } from "@/lib/testing/tasks";

const taskId = "task_fixture_view";
const THUMB = `${taskId}/0.thumb.webp`;
let team: Team;

beforeAll(async () => {
  team = await seedTeam();
  await seedTaskFixtures(team);
});

async function get(query: string, cookie?: string): Promise<{ status: number; width?: number; type: string | null }> {
  const headers: Record<string, string> = { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}) };
  const response = await thumbnail(new Request(`http://localhost:3000/api/media/${taskId}/0/thumbnail${query}`, { headers }), {
    params: Promise.resolve({ taskId, index: "0" }),
  });
  if (response.status !== 200) return { status: response.status, type: response.headers.get("content-type") };
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: 200, width: (await sharp(bytes).metadata()).width, type: response.headers.get("content-type") };
}

describe("the thumbnail's two widths", () => {
  it("answers the 480 px thumbnail at ?w=240 for a result archived with only that one", async () => {
    const big = await get("", team.viewer.cookie);
    expect(big.status).toBe(200);
    expect(await get("?w=240", team.viewer.cookie)).toEqual(big);
  });

  it("answers the small file at ?w=240 once it is stored beside the thumbnail, and the big one without", async () => {
    const small = await sharp({ create: { width: 240, height: 180, channels: 3, background: "#345" } })
      .webp()
      .toBuffer();
    await mediaStore().put(thumbnailKeyAt(THUMB, SMALL_THUMBNAIL_WIDTH), Readable.from([small]), "image/webp");
    expect(await get("?w=240", team.viewer.cookie)).toEqual({ status: 200, width: 240, type: "image/webp" });
    expect((await get("", team.viewer.cookie)).width).not.toBe(240);
    // Any other width is the ordinary thumbnail: no way to name another key.
    expect((await get("?w=../../x", team.viewer.cookie)).width).not.toBe(240);
  });

  it("answers the original at ?w=1280 for a result archived without the fitted view, and the stored one once there", async () => {
    // The fixture's original is an 8 px PNG, its thumbnail an 8 px WebP: the type tells them apart.
    expect(await get("?w=1280", team.viewer.cookie)).toEqual({ status: 200, width: 8, type: "image/png" });
    const preview = await sharp({ create: { width: 1280, height: 960, channels: 3, background: "#543" } })
      .webp()
      .toBuffer();
    await mediaStore().put(thumbnailKeyAt(THUMB, PREVIEW_WIDTH), Readable.from([preview]), "image/webp");
    expect(await get("?w=1280", team.viewer.cookie)).toEqual({ status: 200, width: 1280, type: "image/webp" });
  });

  it("keeps the same access rules: no session, no thumbnail at either width", async () => {
    expect((await get("?w=240")).status).toBe(401);
    expect((await get("?w=240", team.disabled.cookie)).status).toBe(401);
    expect((await get("?w=1280")).status).toBe(401);
  });
});
