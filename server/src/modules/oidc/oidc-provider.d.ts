/**
 * The part of oidc-provider 9 (which ships no types) this module uses. Deliberately loose where
 * the library hands us its own objects (the Koa context, clients, grants): their fields are read
 * as the library's documentation describes them.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: number;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  /** The Koa context with `ctx.oidc` (see the library's documentation). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export type KoaContextWithOIDC = any;

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: unknown, rejected: string[]): Promise<Record<string, unknown>>;
  }

  export interface InteractionDetails {
    uid: string;
    jti: string;
    iat?: number;
    exp?: number;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, string | undefined>;
    session?: { accountId: string; uid: string; cookie: string; acr?: string; amr?: string[] };
    grantId?: string;
    lastSubmission?: Record<string, unknown>;
    result?: Record<string, unknown>;
  }

  export interface GrantInstance {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    getOIDCScope(): string;
    getResourceScope(resource: string): string;
    save(ttl?: number): Promise<string>;
  }

  export interface GrantModel {
    new (properties: { accountId: string; clientId: string }): GrantInstance;
    find(id: string, options?: { ignoreExpiration?: boolean }): Promise<GrantInstance | undefined>;
  }

  export interface ClientModel {
    prototype: {
      compareClientSecret(
        this: { clientId: string; clientSecret?: string },
        actual: string,
      ): Promise<boolean> | boolean;
    };
    find(id: string): Promise<unknown>;
    /** The 'Client' adapter (ours answers from the applications, oidc.configuration.ts). */
    readonly adapter: Adapter;
  }

  export type Configuration = Record<string, unknown>;

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Client: ClientModel;
    readonly Grant: GrantModel;
    readonly Session: unknown;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: Record<string, new (description?: string, detail?: string) => Error>;

  export namespace interactionPolicy {
    class Check {
      static readonly REQUEST_PROMPT: true;
      static readonly NO_NEED_TO_PROMPT: false;
      constructor(
        reason: string,
        description: string,
        error: string,
        check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
      );
    }
    interface Prompt {
      name: string;
      checks: Check[] & { add(check: Check, index?: number): void };
    }
    /** The default policy (login, consent), to be extended. */
    function base(): Prompt[] & { get(name: string): Prompt | undefined };
  }
}

/** The library's own token look-up (introspection and revocation use it): oidc.introspection.ts. */
declare module 'oidc-provider/lib/helpers/token_find.js' {
  import type Provider from 'oidc-provider';

  export function findToken(provider: Provider, token: string, tokenTypeHint?: string): Promise<unknown>;
}

/** The characters a client id or secret may hold (visible ASCII). */
declare module 'oidc-provider/lib/consts/client_attributes.js' {
  export const noVSCHAR: RegExp;
}
