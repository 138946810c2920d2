import { describe, expect, it } from "vitest";
import { filePreview, formatOfName, guessFormat, insertPlaceholder, referencedNames, variationsPreview } from "./local-source";

describe("the browser's look at a batch's source", () => {
  it("reads the format from the name, or guesses it from the text", () => {
    expect(formatOfName("sheet.CSV")).toBe("csv");
    expect(formatOfName("sheet.tsv")).toBe("tsv");
    expect(formatOfName("lines.jsonl")).toBe("jsonl");
    expect(formatOfName("notes.txt")).toBeNull();
    expect(guessFormat('{"prompt":"a"}\n')).toBe("jsonl");
    expect(guessFormat("a\tb\n1\t2")).toBe("tsv");
    expect(guessFormat("\uFEFFa,b\n1,2")).toBe("csv");
  });

  it("shows a CSV's columns and first rows, quotes and line breaks in cells included", () => {
    const text = `sku,product\n1,"a ""red"" car"\n2,"two\nlines"\n`;
    expect(filePreview(text, "csv")).toEqual({
      columns: ["sku", "product"],
      rows: [
        { sku: "1", product: 'a "red" car' },
        { sku: "2", product: "two\nlines" },
      ],
      problem: null,
    });
    const many = ["n", ...Array.from({ length: 50 }, (_, i) => String(i))].join("\n");
    expect(filePreview(many, "csv").rows).toHaveLength(20);
  });

  it("shows JSON lines by the first object's keys, and names a line that is not JSON", () => {
    expect(filePreview('{"prompt":"a","n":2}\n\n{"prompt":"b"}', "jsonl")).toEqual({
      columns: ["prompt", "n"],
      rows: [{ prompt: "a", n: "2" }, { prompt: "b" }],
      problem: null,
    });
    expect(filePreview('{"prompt":"a"}\n{oops', "jsonl").problem).toBe("Line 2 is not valid JSON.");
  });

  it("counts the prompts variations make, and says where they are wrong", () => {
    const preview = variationsPreview("a {red, green} {car, bike}");
    expect(preview.count).toBe(4);
    expect(preview.rows[0]).toEqual({ prompt: "a red car", variation: "red car" });
    expect(variationsPreview("a {red, green car").problem).toMatch(/never closed/);
  });

  it("lists the image names the cells mention, not links", () => {
    const text = "key,image\n1,red.png\n2,https://example.com/blue.png\n3,green.JPG | red.png\n";
    expect(referencedNames(text, "csv")).toEqual(["green.JPG", "red.png"]);
    expect(referencedNames('{"images":["a.webp","b.png"]}', "jsonl")).toEqual(["a.webp", "b.png"]);
  });

  it("inserts a placeholder at the caret", () => {
    expect(insertPlaceholder("A photo of  on oak", "product", 11)).toEqual({ text: "A photo of {{product}} on oak", caret: 22 });
  });
});
