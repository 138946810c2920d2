// The batch file reader on bad files (issue 48): every refusal names its line and column, nothing is refused
// that is fine, and the bytes arrive in chunks cut at the worst places (inside a UTF-8 character, a quoted
// cell, a CRLF, the BOM). Pure: no database, no HTTP.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { MAX_BATCH_BYTES, MAX_BATCH_ROWS, type BatchFormat } from "@/lib/schemas/batches";
import { openBatchFile, type ParsedRow } from "./parse";

const bytes = (input: string | Uint8Array) => (typeof input === "string" ? Buffer.from(input, "utf8") : Buffer.from(input));

/** The bytes cut at the given offsets (and then one byte at a time when `each` is set). */
async function* chunked(input: string | Uint8Array, cuts: number[] = []): AsyncGenerator<Uint8Array> {
  const all = bytes(input);
  let from = 0;
  for (const cut of [...cuts, all.length]) {
    if (cut > from) yield all.subarray(from, cut);
    from = Math.max(from, cut);
  }
}

async function* oneByteAtATime(input: string | Uint8Array): AsyncGenerator<Uint8Array> {
  const all = bytes(input);
  for (let i = 0; i < all.length; i++) yield all.subarray(i, i + 1);
}

async function readAll(input: AsyncIterable<Uint8Array>, format: BatchFormat = "csv") {
  const file = await openBatchFile(input, format);
  const rows: ParsedRow[] = [];
  for await (const row of file.rows) rows.push(row);
  return { columns: file.columns, rows };
}

/** The AppError reading the file ends in (at the header or at any row). */
async function refusal(input: AsyncIterable<Uint8Array>, format: BatchFormat = "csv"): Promise<AppError> {
  const error = await readAll(input, format).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const cellsOf = (rows: ParsedRow[]) => rows.map((r) => r.cells);
const linesOf = (rows: ParsedRow[]) => rows.map((r) => r.line);

describe("CSV and TSV", () => {
  it("drops a UTF-8 BOM, even split across chunks, and names the columns right", async () => {
    const file = "\uFEFFsku,prompt\nS-1,a red car\n";
    for (const input of [chunked(file), chunked(file, [1]), chunked(file, [2]), oneByteAtATime(file)]) {
      const { columns, rows } = await readAll(input);
      expect(columns).toEqual(["sku", "prompt"]);
      expect(cellsOf(rows)).toEqual([{ sku: "S-1", prompt: "a red car" }]);
    }
  });

  it("refuses UTF-16 (either byte order) at line 1, column 1, however the first bytes arrive", async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("sku,prompt\n", "utf16le")]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from("sku,prompt\n", "utf16le").swap16()]);
    for (const input of [chunked(le), chunked(le, [1]), chunked(be), oneByteAtATime(be)]) {
      const error = await refusal(input);
      expect(error.status).toBe(422);
      expect(error.message).toMatch(/^Line 1, column 1: the file is UTF-16 text; save it as UTF-8/);
    }
    // UTF-16 without a BOM is NUL bytes between the letters: refused too, not read as cells full of NULs.
    expect((await refusal(chunked(Buffer.from("sku,prompt\nS-1,car\n", "utf16le")))).message).toMatch(
      /^Line 1, column 1: this is not UTF-8/,
    );
  });

  it("refuses Latin-1 bytes at the line and column (cell) where they are, even inside a quoted cell on its second line", async () => {
    const latin1 = Buffer.concat([Buffer.from("sku,prompt\nS-1,a car\nS-2,a caf"), Buffer.from([0xe9]), Buffer.from(" au lait\n")]);
    const error = await refusal(chunked(latin1, [5]));
    expect(error.code).toBe("invalid:batch_file");
    expect(error.message).toMatch(/^Line 3, column 2: this is not UTF-8 text; save the file as UTF-8/);
    const quoted = Buffer.concat([Buffer.from('sku,prompt\nS-1,"first line\r\nsecond '), Buffer.from([0xe9]), Buffer.from('"\n')]);
    expect((await refusal(chunked(quoted))).message).toMatch(/^Line 3, column 2:/);
  });

  it("reads a character cut between chunks whole (no false encoding error), and keeps a real U+FFFD", async () => {
    const file = 'sku,prompt\nS-1,café 😀 voilà\nS-2,"quoted é\nover 😀 lines"\nS-3,a � in the text\n';
    const whole = await readAll(chunked(file));
    expect(cellsOf(whole.rows).map((c) => c.prompt)).toEqual(["café 😀 voilà", "quoted é\nover 😀 lines", "a � in the text"]);
    // Every cut: inside é (2 bytes), inside 😀 (4 bytes), inside the quoted cell.
    const encoded = bytes(file);
    for (let cut = 1; cut < encoded.length; cut++) {
      expect(cellsOf((await readAll(chunked(file, [cut]))).rows)).toEqual(cellsOf(whole.rows));
    }
    expect(cellsOf((await readAll(oneByteAtATime(file))).rows)).toEqual(cellsOf(whole.rows));
  });

  it("lists a ragged row as the row's problem, not the file's, and reads the rest", async () => {
    const { rows } = await readAll(chunked("sku,prompt,style\nS-1,a car,oil\nS-2,a bike\nS-3,a boat,ink,extra\nS-4,a kite,pen\n"));
    expect(rows.map((r) => [r.line, r.problem ?? null])).toEqual([
      [2, null],
      [3, "This row has 2 cells; the header has 3."],
      [4, "This row has 4 cells; the header has 3."],
      [5, null],
    ]);
  });

  it("gives a row with line breaks in quotes (LF and CRLF) the line it starts on, after skipped empty lines too", async () => {
    for (const eol of ["\n", "\r\n"]) {
      const file = [
        "sku,prompt",
        'S-1,"one',
        "two",
        'three"',
        "",
        "",
        "S-2,plain",
        'S-3,"a ""quoted"" word',
        'and more"',
        "",
        "S-4,last",
      ].join(eol);
      for (const input of [chunked(file), oneByteAtATime(file)]) {
        const { rows } = await readAll(input);
        expect(linesOf(rows)).toEqual([2, 7, 8, 11]);
        expect(cellsOf(rows).map((c) => c.prompt)).toEqual([`one${eol}two${eol}three`, "plain", `a "quoted" word${eol}and more`, "last"]);
      }
    }
  });

  it("reads LF, CRLF and CR mixed in one file without leaving a CR in a cell", async () => {
    const { rows } = await readAll(chunked("sku,prompt\nS-1,a\r\nS-2,b\rS-3,c\r\n", [13, 14]));
    expect(rows.map((r) => [r.line, r.cells.prompt])).toEqual([
      [2, "a"],
      [3, "b"],
      [4, "c"],
    ]);
  });

  it("skips a row of empty cells (a spreadsheet's unused formatted rows) and keeps counting lines", async () => {
    const { rows } = await readAll(chunked("sku,prompt\n,\n , \nS-1,a car\n"));
    expect(rows.map((r) => [r.line, r.cells.sku])).toEqual([[4, "S-1"]]);
  });

  it("refuses a quote inside an unquoted cell, saying how to write it", async () => {
    expect((await refusal(chunked('sku,prompt\nS-1,a 12" record on a shelf\n'))).message).toBe(
      'Line 2, column 2: a quote inside a cell: put the cell in quotes and double the quote ("a 12"" record").',
    );
    const { rows } = await readAll(chunked('sku,prompt\nS-1,"a 12"" record on a shelf"\n'));
    expect(rows[0]!.cells.prompt).toBe('a 12" record on a shelf');
  });

  it("refuses an unclosed quote with the line its row starts on and its column", async () => {
    const file = 'sku,prompt\nS-1,fine\n\nS-2,"never closed\nS-3,more\nS-4,and more\n';
    for (const input of [chunked(file), oneByteAtATime(file)]) {
      const error = await refusal(input);
      expect(error.message).toBe("Line 4, column 2: a quoted cell is never closed: add its closing quote.");
      expect(error.fields).toEqual({ file: "Line 4, column 2: a quoted cell is never closed: add its closing quote." });
    }
    const stray = await refusal(chunked('sku,prompt\r\nS-1,"a\r\nb"\r\nS-2,"bad "quote" here"\r\n'));
    expect(stray.message).toBe('Line 4, column 2: a quote inside a quoted cell must be doubled ("").');
  });

  it("refuses an empty file, and a header without rows, each in its own words", async () => {
    for (const file of ["", "\n\n", "\uFEFF"])
      expect((await refusal(chunked(file))).message).toBe("The file is empty: it has no rows to make.");
    for (const file of ["sku,prompt", "sku,prompt\r\n\r\n", "sku,prompt\n,\n"]) {
      expect((await refusal(chunked(file))).message).toMatch(/has a header row but no rows/);
    }
  });

  it("refuses a header with an empty or duplicate column name at its column", async () => {
    expect((await refusal(chunked("sku,,prompt\nS-1,x,y\n"))).message).toMatch(/^Line 1, column 2: a column has no name/);
    expect((await refusal(chunked("\n\nsku,prompt, sku\nS-1,x,y\n"))).message).toBe(
      "Line 3, column 3: two columns are named “sku”: rename one.",
    );
  });

  it("reads TSV, with tabs as the only separator", async () => {
    const { columns, rows } = await readAll(chunked('sku\tprompt\nS-1\ta car, red\nS-2\t"a\ttab"\n'), "tsv");
    expect(columns).toEqual(["sku", "prompt"]);
    expect(cellsOf(rows)).toEqual([
      { sku: "S-1", prompt: "a car, red" },
      { sku: "S-2", prompt: "a\ttab" },
    ]);
  });

  it("passes cells that look like formulas through unchanged (they are escaped only in the CSV Darkroom writes)", async () => {
    const { rows } = await readAll(chunked('sku,prompt\n=A1,"=HYPERLINK(""http://x"")"\n+1,-2\n@sum,\t=cmd\n'));
    expect(cellsOf(rows)).toEqual([
      { sku: "=A1", prompt: '=HYPERLINK("http://x")' },
      { sku: "+1", prompt: "-2" },
      { sku: "@sum", prompt: "\t=cmd" },
    ]);
  });

  it("refuses a file of more than MAX_BATCH_ROWS rows, and takes exactly that many", async () => {
    const file = (n: number) => `sku,prompt\n${Array.from({ length: n }, (_, i) => `K${i},p`).join("\n")}\n`;
    expect((await readAll(chunked(file(MAX_BATCH_ROWS)))).rows).toHaveLength(MAX_BATCH_ROWS);
    const error = await refusal(chunked(file(MAX_BATCH_ROWS + 1)));
    expect(error.code).toBe("invalid:batch_rows");
    expect(error.message).toContain("more than 10,000 rows");
  });

  it("refuses a file over MAX_BATCH_BYTES while it streams: 100 MB offered, about 20 MB read, memory bounded", async () => {
    // Rows of 8 KB (so the row limit is not what stops it), made lazily: the same 64 KB chunk over and over.
    const row = `K,${"a long prompt ".repeat(585)}\n`;
    const chunk = Buffer.from(row.repeat(Math.floor(65_536 / row.length)));
    let pulled = 0;
    async function* hundredMegabytes() {
      yield Buffer.from("sku,prompt\n");
      while (pulled < 100 * 1024 * 1024) {
        pulled += chunk.byteLength;
        yield chunk;
      }
    }
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = 0;
    const file = await openBatchFile(hundredMegabytes(), "csv");
    const error = await (async () => {
      try {
        for await (const parsed of file.rows) {
          if (parsed.line % 200 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
        }
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
    expect((error as AppError).message).toBe("The file is over 20 MB; split it into smaller batches.");
    expect(pulled).toBeLessThan(MAX_BATCH_BYTES + 1024 * 1024);
    expect(peak).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses a row over 1 MB at its line", async () => {
    const error = await refusal(chunked(`sku,prompt\nS-1,ok\nS-2,"${"x".repeat(1024 * 1024 + 10)}"\n`));
    expect(error.message).toBe("Line 3, column 2: a row is over 1 MB.");
  });
});

describe("JSON lines", () => {
  it("reads objects line by line, skipping blank lines, with CRLF and a BOM, keeping JSON's types", async () => {
    const file = '\uFEFF{"key":"a","n":1,"on":true,"urls":["x.png"]}\r\n\r\n   \n{"key":"b","extra":{"deep":[1]}}\r\n{"key":"c"}';
    const { columns, rows } = await readAll(oneByteAtATime(file), "jsonl");
    expect(columns).toEqual(["key", "n", "on", "urls"]);
    expect(rows.map((r) => r.line)).toEqual([1, 4, 5]);
    expect(rows[0]!.cells).toEqual({ key: "a", n: 1, on: true, urls: ["x.png"] });
    expect(rows[1]!.cells).toEqual({ key: "b", extra: { deep: [1] } });
  });

  it("refuses a line that is not one object, with its line and column", async () => {
    expect((await refusal(chunked('{"a":1}\n  [1, 2]\n'), "jsonl")).message).toMatch(
      /^Line 2, column 3: each line must be one JSON object/,
    );
    expect((await refusal(chunked('{"a":1}\n"text"\n'), "jsonl")).message).toMatch(/^Line 2, column 1: each line must be one JSON object/);
    expect((await refusal(chunked("null\n"), "jsonl")).message).toMatch(/^Line 1, column 1: each line/);
  });

  it("refuses invalid JSON at the column where it goes wrong (JSON.parse on Node 20 rarely says)", async () => {
    const cases: [string, string][] = [
      ['{"p": nope}', "Line 2, column 7: this line is not valid JSON: unexpected “n”."],
      ['{"p": "ok",}', "Line 2, column 12: this line is not valid JSON: unexpected “}”."],
      ['{"p": "unclosed', "Line 2, column 16: this line is not valid JSON: it ends before its value does."],
      ["{'p': 1}", "Line 2, column 2: this line is not valid JSON: unexpected “'”."],
      ['{"é😀": 01}', "Line 2, column 9: this line is not valid JSON: unexpected “1”."],
      ['{"p": 1} {"q": 2}', "Line 2, column 10: this line is not valid JSON: unexpected “{”."],
      ['{"p": "a\\x"}', "Line 2, column 9: this line is not valid JSON: unexpected “\\”."],
    ];
    for (const [line, message] of cases) expect((await refusal(chunked(`{"p":"first"}\n${line}\n`), "jsonl")).message).toBe(message);
  });

  it("refuses bytes that are not UTF-8 at their line and column, and UTF-16", async () => {
    const latin1 = Buffer.concat([Buffer.from('{"p":"ok"}\n{"p":"caf'), Buffer.from([0xe9]), Buffer.from('"}\n')]);
    expect((await refusal(chunked(latin1), "jsonl")).message).toMatch(/^Line 2, column 10: this is not UTF-8 text/);
    const split = '{"p":"café 😀"}\n';
    for (let cut = 1; cut < bytes(split).length; cut++) expect((await readAll(chunked(split, [cut]), "jsonl")).rows).toHaveLength(1);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"p":"x"}\n', "utf16le")]);
    expect((await refusal(chunked(utf16), "jsonl")).message).toMatch(/^Line 1, column 1: the file is UTF-16/);
  });

  it("refuses an empty file, too many lines, and a line nested too deep", async () => {
    expect((await refusal(chunked("\n \r\n"), "jsonl")).message).toBe("The file is empty: it has no rows to make.");
    const many = Array.from({ length: MAX_BATCH_ROWS + 1 }, (_, i) => `{"i":${i}}`).join("\n");
    expect((await refusal(chunked(many), "jsonl")).code).toBe("invalid:batch_rows");
    const deep = `{"a":${"[".repeat(100)}${"]".repeat(100)}}`;
    expect((await refusal(chunked(deep), "jsonl")).message).toBe("Line 1: this line nests deeper than 64 levels.");
  });
});

describe("variations", () => {
  it("makes one row per prompt, with the choices it took", async () => {
    const { columns, rows } = await readAll(oneByteAtATime("\uFEFFa {red, grün} {car, bike}"), "variations");
    expect(columns).toEqual(["prompt", "variation"]);
    expect(cellsOf(rows)).toEqual([
      { prompt: "a red car", variation: "red car" },
      { prompt: "a red bike", variation: "red bike" },
      { prompt: "a grün car", variation: "grün car" },
      { prompt: "a grün bike", variation: "grün bike" },
    ]);
  });

  it("refuses a bad brace at its line and column, counted in the text as sent (leading blank lines too)", async () => {
    expect((await refusal(chunked("a {red, green car"), "variations")).message).toBe(
      "Line 1, column 3: This { is never closed: add a } after its choices.",
    );
    expect((await refusal(chunked("\n  a {red,, green} car"), "variations")).message).toBe(
      "Line 2, column 10: A choice in these braces is empty: remove the extra comma, or write something.",
    );
    expect((await refusal(chunked("a red\r\ncar} and 😀 }"), "variations")).message).toMatch(/^Line 2, column 4: This } closes no \{/);
    expect((await refusal(chunked(`${"{a ".repeat(50)}${"}".repeat(50)}`), "variations")).message).toMatch(
      /^Line 1, column 25: Braces nest at most 8 deep/,
    );
  });

  it("refuses more than MAX_BATCH_ROWS prompts before making them, and an empty or non-UTF-8 text", async () => {
    const ten = `{${Array.from({ length: 10 }, (_, i) => i).join(",")}}`;
    expect((await readAll(chunked(`${ten}${ten}${ten}${ten}`), "variations")).rows).toHaveLength(10_000);
    const error = await refusal(chunked(`${ten}${ten}${ten}${ten}{a,b}`), "variations");
    expect(error.message).toBe("Line 1, column 1: These variations make 20,000 prompts; a batch takes at most 10,000.");
    expect((await refusal(chunked("  \n "), "variations")).message).toMatch(/^Write a prompt with variations/);
    const latin1 = Buffer.concat([Buffer.from("a {caf"), Buffer.from([0xe9]), Buffer.from(", tea}")]);
    expect((await refusal(chunked(latin1), "variations")).message).toMatch(/^Line 1, column 7: this is not UTF-8 text/);
    const big = await refusal(chunked("x".repeat(64 * 1024 + 1)), "variations");
    expect(big.status).toBe(413);
  });
});
