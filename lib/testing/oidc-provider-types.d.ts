// oidc-provider ships no types; the little of it the test identity provider uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Interaction {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }
  interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: {
      new (properties: { accountId: string; clientId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
}
