import { describe, expect, it } from "vitest";
import { fairOrder } from "./fair-order";

const row = (id: string, user_id: string, token_id: string | null = null) => ({ id, position: 0, created_at: "", user_id, token_id });

describe("the queue's fair order", () => {
  it("takes one from each source in turn, keeping each source's own order", () => {
    const rows = [
      row("s1", "mo", "script"),
      row("s2", "mo", "script"),
      row("s3", "mo", "script"),
      row("d1", "ada"),
      row("m1", "mo"),
      row("s4", "mo", "script"),
      row("d2", "ada"),
    ];
    expect(fairOrder(rows).map((r) => r.id)).toEqual(["s1", "d1", "m1", "s2", "d2", "s3", "s4"]);
  });

  it("leaves a queue of one source as it is", () => {
    const rows = [row("a", "mo"), row("b", "mo"), row("c", "mo")];
    expect(fairOrder(rows).map((r) => r.id)).toEqual(["a", "b", "c"]);
  });

  it("gives a batch its own turn: a colleague's picture and the member's own next one do not wait behind its rows", () => {
    const rows = [
      ...Array.from({ length: 4 }, (_, i) => ({ ...row(`b${i + 1}`, "mo"), batch_id: "catalogue" })),
      row("m1", "mo"),
      row("d1", "ada"),
    ];
    expect(fairOrder(rows).map((r) => r.id)).toEqual(["b1", "m1", "d1", "b2", "b3", "b4"]);
  });
});
