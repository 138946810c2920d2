// The emulator against its own conformance suite for access (emulator/conformance/access.ts).
import { accessConformance } from "./conformance/access";
import { EMULATOR } from "./conformance/target";
import { emulatorForFile } from "./testing";

accessConformance(emulatorForFile(), EMULATOR);
