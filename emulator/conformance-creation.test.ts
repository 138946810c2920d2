// The emulator against its own conformance suite for creation (emulator/conformance/creation.ts).
import { emulatorForFile } from "./testing";
import { creationConformance } from "./conformance/creation";
import { EMULATOR } from "./conformance/target";

creationConformance(emulatorForFile(), EMULATOR);
