// The export stream reads a page only when the client has taken the one before: a slow client holds the
// database reading back instead of the server piling rows up in memory.
import { describe, expect, it } from "vitest";
import { pagedStream } from "./paged-stream";

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

function source(pages: number, pageSize: number) {
  const asked: (number | undefined)[] = [];
  const stream = pagedStream<number, number>({
    head: "head\n",
    tail: "tail\n",
    pageSize,
    readPage: async (after) => {
      asked.push(after);
      const start = after === undefined ? 0 : after + 1;
      const end = Math.min(start + pageSize, pages * pageSize);
      return Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
    },
    cursorOf: (row) => row,
    format: (row) => `${row}\n`,
  });
  return { stream, asked };
}

describe("pagedStream", () => {
  it("reads nothing until asked, then one page per read", async () => {
    const { stream, asked } = source(3, 2);
    await tick();
    expect(asked).toEqual([]);
    const reader = stream.getReader();
    const decode = (value: Uint8Array | undefined) => new TextDecoder().decode(value);

    expect(decode((await reader.read()).value)).toBe("head\n0\n1\n");
    await tick();
    expect(asked).toEqual([undefined]); // page 2 waits until page 1 was consumed

    expect(decode((await reader.read()).value)).toBe("2\n3\n");
    await tick();
    expect(asked).toEqual([undefined, 1]);

    expect(decode((await reader.read()).value)).toBe("4\n5\n");
    // A full last page: one more (empty) read tells it was the last.
    expect(decode((await reader.read()).value)).toBe("tail\n");
    expect((await reader.read()).done).toBe(true);
    expect(asked).toEqual([undefined, 1, 3, 5]);
  });

  it("stops reading when the client hangs up", async () => {
    const { stream, asked } = source(100, 2);
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    await tick();
    expect(asked).toHaveLength(1);
  });

  it("writes head and tail around no rows", async () => {
    const { stream } = source(0, 2);
    expect(await new Response(stream).text()).toBe("head\ntail\n");
  });
});
