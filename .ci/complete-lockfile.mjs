// The npm registry reachable from these machines serves Linux builds only: platform packages for other
// systems (e.g. @next/swc-darwin-arm64) answer 404, so `npm install` leaves them out of package-lock.json
// and `npm ci` then refuses the lock as "out of sync". This adds the missing optional platform packages
// with the os/cpu/libc their names state, so `npm ci` accepts the lock and, as on any Linux machine,
// never fetches them. Run it after `npm install` changes the lock: node .ci/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["android", "darwin", "freebsd", "linux", "openharmony", "win32", "sunos", "aix", "netbsd", "openbsd"];
const CPU = {
  arm64: "arm64",
  x64: "x64",
  ia32: "ia32",
  arm: "arm",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
  wasm32: "wasm32",
};

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.map((part) => CPU[part]).find(Boolean);
  const libc = parts.some((part) => part.startsWith("musl")) ? "musl" : parts.some((part) => part.startsWith("gnu")) ? "glibc" : undefined;
  if (!cpu) return undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
const found = (from, name) => {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf("/node_modules/")))) {
    if (packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
  }
};
const added = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (found(location, name) || !/^\d+\.\d+\.\d+/.test(range)) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[`node_modules/${name}`] = { version: range, optional: true, ...platform };
    added.push(`${name}@${range}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.length} platform packages: ${added.join(", ")}` : "package-lock.json already complete");
