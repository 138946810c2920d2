// Preloaded into the dashboard's process (`node --import`) by the launcher. Next hands route handlers no
// socket, and the X-Forwarded-For it fills in keeps whatever a client sent. This stamps each request with
// the address of the machine actually connected, replacing any such header from outside, so Darkroom can
// decide which forwarded headers to believe (TRUSTED_PROXIES) from a fact rather than a claim.
import http from "node:http";

const PEER_HEADER = "x-darkroom-peer";
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function stampPeer(event, ...args) {
  if (event === "request") {
    const [request] = args;
    request.headers[PEER_HEADER] = request.socket?.remoteAddress ?? "";
  }
  return emit.call(this, event, ...args);
};
