import "server-only";
import { twoFactor } from "better-auth/plugins/two-factor";
import { darkroomPasskeys } from "./passkey-plugin";

// The second factor's part of better-auth's options: an authenticator app (TOTP, its secret and recovery codes
// stored encrypted with the auth secret) and Darkroom's passkeys.
export function secondFactorPlugins() {
  return [
    twoFactor({
      issuer: "Darkroom",
      // A member who signs in only through single sign-on has no password to confirm with.
      allowPasswordless: true,
      backupCodeOptions: { storeBackupCodes: "encrypted", amount: 10 },
    }),
    darkroomPasskeys(),
  ];
}
