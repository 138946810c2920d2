// The emulator against its own conformance suite for a task's life (emulator/conformance/lifecycle.ts).
import { lifecycleConformance } from "./conformance/lifecycle";
import { EMULATOR } from "./conformance/target";
import { emulatorForFile } from "./testing";

// refundSeconds 10 (> the 5 s refresh floor), so refund_pending can be seen by a refreshing poll.
lifecycleConformance(emulatorForFile({ timings: { refundSeconds: 10 } }), EMULATOR);
