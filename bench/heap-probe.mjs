// Preloaded (`--import`) into a server a bench starts with `--expose-gc`: on SIGUSR2 it collects garbage and
// writes process.memoryUsage() as JSON to BENCH_HEAP_FILE, so the bench reads the server's own heap from outside.
// A bench's tool only: the app never loads it.
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_HEAP_FILE;
if (file) {
  process.on("SIGUSR2", () => {
    globalThis.gc?.();
    writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), at: Date.now() }));
  });
}
