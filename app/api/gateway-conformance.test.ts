// The emulator's conformance suites run against Darkroom's gateway (issue 29): a script written for the API works
// unchanged but for its base URL and key. One gateway, one engine and one emulator for the whole file.
import { accessConformance } from "@/emulator/conformance/access";
import { lifecycleConformance } from "@/emulator/conformance/lifecycle";
import { creationConformance } from "@/emulator/conformance/creation";
import { legacyConformance } from "@/emulator/conformance/legacy";
import type { Target } from "@/emulator/conformance/target";
import { gatewayForFile } from "@/lib/testing/gateway-conformance";

const gateway = gatewayForFile();
const GATEWAY: Target = { gateway: true, send: () => gateway().send() };

creationConformance(gateway, GATEWAY);
accessConformance(gateway, GATEWAY);
lifecycleConformance(gateway, GATEWAY);
legacyConformance(gateway, GATEWAY);
