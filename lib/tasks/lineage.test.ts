import { describe, expect, it } from "vitest";
import { sourcesOf, uploadsOf } from "./lineage";
import { fieldName } from "./lineage-view";

// A task made from an upload said "Made from: Nothing: a new generation" (issue 45): the uploads a request names
// are found in both links Darkroom hands out, and named by the form's label of the field they went into.
const ID = `up_${"0a".repeat(16)}`;
const TOKEN = "A".repeat(43);

describe("the uploads a request names", () => {
  it("finds Darkroom's link and a presigned S3 link, with where each went", () => {
    const request = {
      model: "gamma-5-pro",
      prompt: "a lighthouse",
      image_urls: [
        "https://images.example.com/cat.png",
        `http://127.0.0.1:3701/u/${ID}/${TOKEN}.png`,
        `https://bucket.s3.eu-west-1.amazonaws.com/uploads/up_${"b".repeat(32)}.webp?X-Amz-Signature=abc&X-Amz-Expires=86400`,
      ],
    };
    expect(uploadsOf(request)).toEqual([
      { uploadId: ID, path: ["image_urls", 1] },
      { uploadId: `up_${"b".repeat(32)}`, path: ["image_urls", 2] },
    ]);
    // An upload is not a task: the tasks it came from stay as they were.
    expect(sourcesOf(request)).toEqual([]);
  });

  it("finds one in a nested field, once, and nothing in a prompt that merely mentions a link", () => {
    const link = `https://darkroom.example.com/u/${ID}/${TOKEN}.jpg`;
    expect(uploadsOf({ image_references: [{ image_url: link }, { image_url: link }], prompt: `see ${link}` })).toEqual([
      { uploadId: ID, path: ["image_references", 0, "image_url"] },
    ]);
    expect(uploadsOf({ image_url: `https://example.com/u/${ID}/short.png` })).toEqual([]);
  });

  it("names the field as the form does", () => {
    expect(fieldName("gamma-5-pro", undefined, ["image_urls", 0])).toBe("Reference images 1");
    expect(fieldName("alpha-2.3", undefined, ["image_url"])).toBe("First frame");
    expect(fieldName("retired-model", undefined, ["some_field"])).toBe("some field");
  });
});
