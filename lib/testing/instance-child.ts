// A second Darkroom instance for the tests that need two: its own process (its own session cache, its own
// better-auth), on the same database and data folder as the test that spawned it, serving the API's routes
// that identify a session (GET /api/me) over HTTP. Prints its port, then serves until killed.
import "server-only";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { GET as me } from "@/app/api/me/route";

const server = http.createServer(async (req, res) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const response = await me(new Request(`http://localhost:3000${req.url}`, { headers }), { params: Promise.resolve({}) });
  res.writeHead(response.status, { "content-type": "application/json" });
  res.end(await response.text());
});
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
