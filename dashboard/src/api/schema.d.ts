// Generated from the server OpenAPI document by `npm run openapi:types`. Do not edit.

export interface paths {
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description Answers 200 when the API and its database are up, 503 when the database is unreachable.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Healthy */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The database is unreachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register with e-mail and password
         * @description Creates the account and sends the confirmation mail. An address that is already registered gets the same response (no enumeration); its owner is mailed instead.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RegisterRequest"];
                };
            };
            responses: {
                /** @description Registered */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RegisterResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirmation link target
         * @description The link in the confirmation mail: confirms, then redirects to the dashboard sign-in with a notice (with `pool`: to that pool's hosted page /p/{pool}/confirm).
         */
        get: {
            parameters: {
                query?: {
                    token?: string;
                    pool?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Redirect to /auth?confirmed=1 or /auth?confirmation_error=… */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Confirm an e-mail address */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TokenRequest"];
                };
            };
            responses: {
                /** @description Confirmed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConfirmResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/resend-confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the confirmation mail again
         * @description Always answers the same way, whether or not the address is registered.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmailRequest"];
                };
            };
            responses: {
                /** @description Accepted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Success"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with e-mail and password
         * @description After 10 consecutive failures for an address from one network, that address is locked for 15 minutes from that network (429 account_locked with Retry-After); after 100 failures from all networks, everywhere. Unknown addresses are counted and answered the same way.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LoginRequest"];
                };
            };
            responses: {
                /** @description Signed in; or, for an account with two-factor, `mfa_required` with an mfa_token for POST /auth/mfa/challenge (no session yet) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionTokens"] | components["schemas"]["MfaRequired"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description E-mail not confirmed (code email_not_confirmed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited or account locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade a refresh token for a new token pair
         * @description Refresh tokens rotate on every use. Presenting one that was already used ends the whole session (reuse detection).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RefreshRequest"];
                };
            };
            responses: {
                /** @description New tokens */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionTokens"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade a one-time sign-in code (from Google sign-in) for a session
         * @description For an account with two-factor, Google is the first factor only: the answer is then `mfa_required` with an mfa_token for POST /auth/mfa/challenge, exactly as after a password (no session yet).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ExchangeRequest"];
                };
            };
            responses: {
                /** @description Signed in; or, for an account with two-factor, `mfa_required` (no session yet) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionTokens"] | components["schemas"]["MfaRequired"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out (ends this session) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Success"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's active sessions */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Sessions, newest first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionList"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End one of the caller’s sessions */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ended */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such session of the caller */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Profile */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Me"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete the caller’s account (GDPR Art. 17)
         * @description Always needs the password (400 account_deletion_password_required without it; a two-factor code alone is not enough). An account without a password (Google or passkey only) answers 409 account_has_no_password and confirms by mail instead: POST /auth/me/deletion-confirmations. Refused (409 account_deletion_last_admin, naming the organizations) while the caller is the last admin of an active organization. Ends every session and API token, leaves every organization, deletes the profile and what belongs to it and anonymizes log entries (counts stay).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DeleteAccountRequest"];
                };
            };
            responses: {
                /** @description Deleted; every session and token of the account has ended */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No password (account_deletion_password_required) or a wrong one (wrong_current_password) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Last admin of an organization (account_deletion_last_admin), or no password to confirm with (account_has_no_password) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too many wrong passwords (account_locked) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change display name or password
         * @description A new password needs current_password, checked with the same lockout as sign-in and limited per user (429). Other sessions are ended and API tokens revoked; this session stays.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateMeRequest"];
                };
            };
            responses: {
                /** @description Updated profile */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Me"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many password checks, or locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/auth/me/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask to change the account’s e-mail address
         * @description Needs the current `password` (checked like at sign-in, with lockout) or, without it, a proof of identity within the last 10 minutes (else 403 reauthentication_required). Answers 202 the same way whether or not the address is taken in the account’s pool: a free address gets a link (valid one hour, once; a new request voids it) to the pool’s hosted account page `/p/{project_id}/account?mode=confirm-email&token=…` (team accounts: the dashboard’s `/auth?mode=confirm-email&token=…`), which posts it to POST /auth/me/email/confirm; an address in use gets a mail that an account exists. The current address gets a notice with a password-reset link either way. The change is void once this session ends. 400 email_unchanged for the current address.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmailChangeRequest"];
                };
            };
            responses: {
                /** @description Accepted; see the mail */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailChangeAccepted"];
                    };
                };
                /** @description email_unchanged, wrong_current_password or validation_failed */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me/email/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a new e-mail address with the mailed link
         * @description No session needed (the mail may be opened on another device); the token travels in the body, never in a request URL. Switches the address if it is still free in the account’s pool and marks it confirmed; the account’s other sessions end (the one that asked stays), links mailed to the old address stop working, and the old address is told. 400 invalid_email_change_token for an unknown, expired, used or replaced link, or when the session that asked has ended; 409 email_taken when the address got an account meanwhile (nothing changed).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmailChangeConfirmRequest"];
                };
            };
            responses: {
                /** @description The address has changed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailChangeConfirmed"];
                    };
                };
                /** @description invalid_email_change_token */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description account_blocked */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description email_taken */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request or complete a password reset
         * @description `{action: "generate", email}` always answers 200 the same way (a mail is sent only if the account exists; it lists the account's second factors). `{action: "reset", token, new_password}` sets the password and ends every session; an unknown, used or expired token answers 400 invalid_reset_token. Second factors added during the last 24 hours are removed (answered in `factors_removed`) unless kept: `keep_factors: [id, …]` keeps those, `keep_recent_factors: true` keeps all.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PasswordResetRequest"];
                };
            };
            responses: {
                /** @description Done */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PasswordResetResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/password-reset/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a reset link and list the account’s second factors
         * @description For the reset screen, before the new password is set: the token is not spent. Answers the second factors (authenticator app, passkeys) with when each was added; `recent` ones (the last 24 hours) are removed by the reset unless kept. An unknown, used or expired token answers 400 invalid_reset_token. The token travels in the body, never in a URL.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PasswordResetCheckRequest"];
                };
            };
            responses: {
                /** @description The link is usable */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PasswordResetCheck"];
                    };
                };
                /** @description Unknown, used or expired token (invalid_reset_token) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sign-in methods this server offers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Providers */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AuthProviders"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/google": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start Google sign-in
         * @description Redirects to Google (authorization code flow with PKCE and a one-time state). 404 when not configured.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Redirect to Google */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Google sign-in not configured */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/google/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Google sign-in callback
         * @description Checks state, creates or links the account by verified e-mail, then redirects to the dashboard with a one-time `code` for POST /auth/exchange (or `error`).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Redirect to the dashboard */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Google sign-in not configured */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a bearer credential
         * @description Returns the user, their organizations with roles, and how the request was authenticated (SPEC §7). Also takes tokens from an application’s embedding login; those (like API tokens) see only the application’s organization.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Valid */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["VerifyResponse"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public keys that verify access tokens */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description JSON Web Key Set */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["JsonWebKeySet"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up an authenticator app (TOTP)
         * @description Answers a new secret and its otpauth:// URI (for a QR code). Two-factor sign-in is not on until POST /auth/mfa/totp/confirm; starting again replaces a pending secret. 409 mfa_already_enabled when it is on.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Pending secret */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TotpEnrolment"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Turn two-factor sign-in off
         * @description Needs `password` or a current `code`, both checked like at sign-in (lockout), or neither within 10 minutes of a proof of identity (else 403 reauthentication_required). Recovery codes and pending sign-in steps are deleted.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MfaProofRequest"];
                };
            };
            responses: {
                /** @description Turned off */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description Two-factor sign-in is not on */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too many attempts, or locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in on with a current code
         * @description Answers 10 single-use recovery codes, shown only in this response (stored hashed). Wrong codes count towards the sign-in lockout.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TotpConfirmRequest"];
                };
            };
            responses: {
                /** @description Two-factor sign-in is on */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecoveryCodes"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description Too many attempts, or locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the recovery codes
         * @description Needs `password` or a current `code` (checked like at sign-in), or neither within 10 minutes of a proof of identity (else 403 reauthentication_required). Answers 10 new single-use codes, shown only in this response; the previous ones stop working.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MfaProofRequest"];
                };
            };
            responses: {
                /** @description New recovery codes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecoveryCodes"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description Two-factor sign-in is not on */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too many attempts, or locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Second sign-in step: a code, a recovery code or a passkey
         * @description Takes the mfa_token of a password sign-in that answered `mfa_required` with a current `code`, a `recovery_code` or a `webauthn_response` (an assertion for the options of POST /auth/mfa/webauthn/options), and answers like a sign-in without two-factor. The token is valid 5 minutes, once, for 5 wrong answers at most; wrong answers count towards the sign-in lockout (429 account_locked).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MfaChallengeRequest"];
                };
            };
            responses: {
                /** @description Signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionTokens"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description mfa_token unknown, expired, used or spent (invalid_mfa_token) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited or account locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start registering a passkey or security key
         * @description Answers the options for navigator.credentials.create() (@simplewebauthn/browser startRegistration). The challenge is stored server-side (hashed), valid 5 minutes and used once. 409 passkey_limit_reached at 20 passkeys.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Registration options */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebAuthnRegistrationOptions"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's passkeys
         * @description Oldest first; names, creation and last use. No key material.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Passkeys */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PasskeyList"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Finish registering a passkey
         * @description Verifies the authenticator's answer against the stored challenge, PUBLIC_URL's origin and RP ID, and keeps the passkey. From then on a password sign-in asks for a second step ('webauthn' in methods).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PasskeyRegisterRequest"];
                };
            };
            responses: {
                /** @description Registered */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Passkey"];
                    };
                };
                /** @description passkey_registration_failed: wrong or used challenge, origin or RP ID */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description passkey_already_registered or passkey_limit_reached */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a passkey
         * @description Needs `password` or a current TOTP `code`, checked like at sign-in (lockout), or neither within 10 minutes of a proof of identity (else 403 reauthentication_required), as for turning TOTP off.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MfaProofRequest"];
                };
            };
            responses: {
                /** @description Removed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description No such passkey of the caller */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too many attempts, or locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a passkey */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PasskeyRenameRequest"];
                };
            };
            responses: {
                /** @description Renamed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Passkey"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such passkey of the caller */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/auth/mfa/webauthn/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Second sign-in step with a passkey: the options
         * @description For an mfa_token whose methods include 'webauthn': the options for navigator.credentials.get() listing the account's passkeys. Answer with POST /auth/mfa/challenge {mfa_token, webauthn_response}. The challenge is stored server-side (hashed), valid 5 minutes and used once.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MfaWebAuthnOptionsRequest"];
                };
            };
            responses: {
                /** @description Authentication options */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebAuthnAuthenticationOptions"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description mfa_token unknown, expired, used or spent (invalid_mfa_token) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The account has no passkey (passkey_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/sign-in/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey, without a password: the options
         * @description Options for navigator.credentials.get() without an account (a discoverable credential chooses it). The challenge is stored server-side (hashed), valid 5 minutes and used once.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Authentication options */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebAuthnAuthenticationOptions"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey, without a password
         * @description Verifies the assertion of a discoverable credential (user verification required) and answers like a sign-in. Dashboard accounts only: an end user's passkey (an application's user pool; they sign in with POST /api/auth/passkeys/sign-in) is refused like an unknown one. One error for every failure (passkey_not_accepted), so it tells nothing about which accounts exist.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PasskeySignInRequest"];
                };
            };
            responses: {
                /** @description Signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionTokens"];
                    };
                };
                /** @description passkey_not_accepted */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/reauthenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm who you are again (step-up)
         * @description Takes exactly one of `password`, `code` (a current authenticator code or a recovery code) or `webauthn_response` (an assertion for the options of POST /auth/reauthenticate/passkey-options), checked like at sign-in: wrong ones count towards the sign-in lockout. Renews the session’s auth_time, so for 10 minutes the routes that answer 403 reauthentication_required accept it. A refresh never renews auth_time.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ReauthenticateRequest"];
                };
            };
            responses: {
                /** @description Proof accepted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Reauthenticated"];
                    };
                };
                /** @description Invalid body, or a wrong password (wrong_current_password), code (invalid_mfa_code, invalid_recovery_code) or passkey (passkey_not_accepted) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many attempts, or locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/reauthenticate/passkey-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm who you are with a passkey: the options
         * @description Options for navigator.credentials.get() listing the account's passkeys; the challenge is bound to this session, valid 5 minutes and used once. Answer with POST /auth/reauthenticate {webauthn_response}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Authentication options */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebAuthnAuthenticationOptions"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The account has no passkey (passkey_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too many attempts, or locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/factor-changes/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The "this wasn’t me" link of a factor notice: a confirmation page
         * @description Public (the token is the credential). Changes nothing, so mail scanners that follow links do no harm. Browsers get an HTML page (in `lang`, de or en) saying what changed and what the undo does, with one button that POSTs the token back; with `Accept: application/json` the same facts come as JSON. An unknown, expired or used token answers 400 invalid_undo_link.
         */
        get: {
            parameters: {
                query?: {
                    token?: string;
                    lang?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The change the link undoes (JSON); browsers get the page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FactorChangeUndoLink"];
                    };
                };
                /** @description The link is invalid, expired or used (invalid_undo_link) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Undo a factor change through the link of its notice ("this wasn’t me")
         * @description Public (the token is the credential; it works once and for 7 days). Removes the factor the change added (an added passkey, an enabled authenticator app, regenerated recovery codes — if still there), ends every session, revokes every API token and removes the password, so the account signs in with a password only after a reset; the reset link is mailed at once (factor_change_undone). A form post (from the confirmation page) is answered with an HTML page, JSON with JSON.
         */
        post: {
            parameters: {
                query?: {
                    token?: string;
                    lang?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FactorChangeUndoRequest"];
                };
            };
            responses: {
                /** @description Undone; the account is secured */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FactorChangeUndoResult"];
                    };
                };
                /** @description Unknown, expired or used link (invalid_undo_link) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/{pool}/interaction/{uid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OpenID interaction: on to the hosted sign-in or consent page
         * @description Where the provider sends the browser during an authorization request. Redirects (303) to `/p/{pool}/sign-in?interaction={uid}&client_id=…` (with `login_hint`) when a sign-in is needed, or to `/p/{pool}/consent?interaction={uid}&client_id=…` for a third-party client’s consent; a first-party client’s consent is given at once (303 back to the provider). Bound to the browser by the provider’s interaction cookie: without it (expired, finished, another browser) a browser navigation (Accept: text/html) is sent (303) to `/p/{pool}/sign-in?interaction={uid}`, which says the sign-in has expired; other requests get 404 interaction_not_found.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pool: string;
                    uid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description To the hosted page, or back to the provider; a browser without the interaction: to the hosted sign-in page’s "expired" state */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No issuer (issuer_not_found) or no such interaction in this browser (interaction_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/{pool}/interaction/{uid}/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OpenID interaction: what the hosted page shows
         * @description For the hosted pages (same origin, the interaction cookie): the pending step, the client, the requested scopes and `login_hint`; `fresh_sign_in_required` when the request asks for a new proof of identity (`prompt=login` or `max_age`: do not offer the tab’s session), `second_factor_required` when `acr_values` asks for two factors.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pool: string;
                    uid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The interaction */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            uid: string;
                            /** @enum {string} */
                            prompt: "login" | "consent";
                            client: {
                                client_id: string;
                                name: string;
                                first_party: boolean;
                            };
                            scopes: string[];
                            login_hint: string | null;
                            fresh_sign_in_required: boolean;
                            second_factor_required: boolean;
                        };
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description issuer_not_found or interaction_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/{pool}/interaction/{uid}/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OpenID interaction: complete the sign-in with the page’s session
         * @description The hosted page, after signing the person in, hands over its application session (`Authorization: Bearer`, an end user of this pool; any active application of the pool). Answers `{redirect_to}` back to the provider. 403 fresh_sign_in_required when `prompt=login` asks for a sign-in newer than the interaction or `max_age` is exceeded; 403 second_factor_required when `acr_values` asks for two factors, the account has one and this session did not use it (an account without a second factor completes with `unmet_authentication_requirements` to the client). For a first-party client the requested scopes are granted here. Session handover: a session that began after the interaction started served only this sign-in and is ended once the provider has it (revoke reason `oidc_handover`, `session_ended: true`; for a third-party client after its consent); a session that existed before stays.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pool: string;
                    uid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Back to the provider */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Where the page navigates next (location.assign). */
                            redirect_to: string;
                            /** @description True when the application session handed to this interaction was ended here: it began after the interaction started, served only this sign-in (the provider’s session carries on) — the page forgets it. A session that existed before stays (false). */
                            session_ended: boolean;
                        };
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an application session (token_audience_mismatch, token_not_allowed), of another pool (wrong_pool), enrollment-only, fresh_sign_in_required or second_factor_required */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description issuer_not_found or interaction_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/{pool}/interaction/{uid}/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OpenID interaction: the person’s consent for a third-party client
         * @description `{approve: true}` grants the requested scopes, claims and API scopes; `{approve: false}` ends the request with access_denied. The session must be the account the interaction signed in (403 interaction_account_mismatch). Either answer ends the session the sign-in handed over for this request (`session_ended: true`), as POST …/login does for first-party clients.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pool: string;
                    uid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        approve: boolean;
                    };
                };
            };
            responses: {
                /** @description Back to the provider */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Where the page navigates next (location.assign). */
                            redirect_to: string;
                            /** @description True when the application session handed to this interaction was ended here: it began after the interaction started, served only this sign-in (the provider’s session carries on) — the page forgets it. A session that existed before stays (false). */
                            session_ended: boolean;
                        };
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description wrong_pool, interaction_account_mismatch, or not an application session */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description issuer_not_found or interaction_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The interaction waits for a sign-in (interaction_prompt_mismatch) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/{pool}/interaction/{uid}/abort": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OpenID interaction: cancel
         * @description The person cancels ("Abbrechen"): the client receives access_denied. Bound to the browser by the interaction cookie. On the consent page after a sign-in for this request, that sign-in’s session ends too (`session_ended: true`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pool: string;
                    uid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Back to the provider */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Where the page navigates next (location.assign). */
                            redirect_to: string;
                            /** @description True when the application session handed to this interaction was ended here: it began after the interaction started, served only this sign-in (the provider’s session carries on) — the page forgets it. A session that existed before stays (false). */
                            session_ended: boolean;
                        };
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description issuer_not_found or interaction_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's organizations
         * @description Organizations where the caller is an active member, newest first.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The next_cursor of the previous page. */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Organizations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrganizationList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an organization
         * @description The caller becomes its active admin in the same request.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateOrganizationRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organization"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Slug taken */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an organization */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Organization */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organization"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission organization:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such organization among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update an organization (admins) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateOrganizationRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organization"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such organization among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/organizations/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deactivate an organization (admins) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organization"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such organization among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reactivate an organization (admins) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Organization"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such organization among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List members (admins also see pending invitations) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Members, longest-standing first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrganizationMemberList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission member:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such organization among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Invite a registered user (admins)
         * @description The invitee must already have a profile with that e-mail. The invitation is pending (status pending, is_active false, holding a seat) until the person accepts it in the dashboard (POST /invitations/{id}/accept); until then they have no access. They are always mailed (project_invitation) who invited them — name and address of the inviter, the organization — with a link to the dashboard to answer and a one-click link to decline. Limited to 30 invitations per inviter and 60 per organization an hour, whatever the answer (404 user_not_found counts too; 429 rate_limited with Retry-After), counted only for admins of the organization.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InviteMemberRequest"];
                };
            };
            responses: {
                /** @description Invitation pending */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrganizationMember"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Organization or user not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Already a member or invited (invitation_pending), or member limit reached */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too many invitations by this admin or into this organization (rate_limited) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/invitations/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The leave link of an invitation mail: a confirmation page
         * @description Public (the token is the credential). Changes nothing, so mail scanners that follow links do no harm. Browsers (and any client not asking for JSON) get an HTML page naming the organization and who added the person, with one button that POSTs the token back; with `Accept: application/json` the same facts come as JSON. An unknown, expired or used token, or an ended membership, answers 400 (invalid_leave_token; a page saying so for browsers).
         */
        get: {
            parameters: {
                query?: {
                    token?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The invitation the link belongs to (JSON); browsers get the confirmation page (text/html) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LeaveOrganizationByLinkResponse"];
                    };
                };
                /** @description The link is invalid, expired or used (invalid_leave_token) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Leave an organization through the link of an invitation mail
         * @description Public (the token is the credential; it works once and for 30 days). Ends the membership the invitation created. A form post (application/x-www-form-urlencoded, from the confirmation page) is answered with an HTML page, JSON with JSON.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LeaveOrganizationByLinkRequest"];
                };
            };
            responses: {
                /** @description Left the organization */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LeaveOrganizationByLinkResponse"];
                    };
                };
                /** @description Unknown, expired or used link, or the membership has already ended */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The person has since become the only admin (last_admin); the link stays usable */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}/members/{memberId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (admins), or leave */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    memberId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint; or a role without the permission member:remove (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such organization among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Would leave no admin */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a member's role (admins) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    memberId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateMemberRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrganizationMember"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint; or a role without the permission member:update (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such organization among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Would leave no admin */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in person's pending invitations
         * @description Invitations into organizations that the caller has not accepted or declined yet, newest first. Until accepted, the person has no access to the organization.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Pending invitations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvitationList"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation: become a member
         * @description Only the invited person may accept; the invitation already holds its seat, so accepting never exceeds max_members.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Now an active member */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrganizationMember"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No pending invitation of the caller with this id (also for other people’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline an invitation
         * @description Only the invited person may decline; the invitation ends and frees its seat.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Declined */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No pending invitation of the caller with this id (also for other people’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/permissions/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The permission catalog
         * @description Every permission of the platform (`resource:action`), grouped by resource, with German and English labels, and what the built-in roles hold. Custom roles are composed from these names.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The catalog */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PermissionCatalog"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization’s roles
         * @description The built-in roles (`id` null) first, then the custom roles by name, each with how many members hold it.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Roles */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrganizationRoleList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission role:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such organization among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a custom role
         * @description A name unique in the organization (case-insensitively; not `admin` or `member`), an optional description and permissions from the catalog. Nobody hands out more than they hold: the caller needs every permission the role grants (else 403 forbidden naming the first one missing). Audited and announced as role.created.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateOrganizationRoleRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrganizationRole"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint; or a role without the permission role:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such organization among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Name taken (role_name_taken), or 50 custom roles already (role_limit_reached) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}/roles/{role_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a custom role
         * @description Only a role nobody holds: otherwise 409 role_in_use naming how many members (pending invitations included) hold it (`member_count`). Nobody hands out more than they hold: the caller needs every permission the role grants (else 403 forbidden naming the first one missing). Audited and announced as role.deleted.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    role_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint; or a role without the permission role:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such organization among the caller’s, or no such custom role in it (role_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Members hold the role (role_in_use, with member_count) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a custom role
         * @description Name, description or permissions; members holding the role keep it under its new name and get its new permissions at once. Nobody hands out more than they hold: the caller needs every permission the role grants (else 403 forbidden naming the first one missing). Audited and announced as role.updated (with the permissions added and removed).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    role_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateOrganizationRoleRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrganizationRole"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint; or a role without the permission role:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such organization among the caller’s, or no such custom role in it (role_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Name taken (role_name_taken) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/organizations/{id}/members/{member_id}/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a member's skills
         * @description Replaces the member’s skills with the list sent (an empty list removes them all): at most 50, each a name (1–50 characters, trimmed, unique case-insensitively: a repeated name is refused with 400 validation_failed naming it) and an optional level from 1 to 5. For admins and roles with `skill:manage`; a pending invitation counts when the caller sees invitations. Signed-in people only (API tokens: token_not_allowed, like the other changes to members). Answers the member with `skills`; member lists show them. Audited as `member.skills_changed` and announced as the webhook event `skills.changed` when the list changed.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    member_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SetSkillsRequest"];
                };
            };
            responses: {
                /** @description The member with the new skills */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrganizationMember"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint; or a role without the permission skill:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such organization among the caller’s (also for other tenants’ ids), or no such member in it (member_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an organization's webhooks (admins) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Webhooks, newest first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin of the organization */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such organization among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a webhook (admins)
         * @description The URL is checked against internal networks in production (webhook_url_not_allowed). The signing secret is in this response only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateWebhookRequest"];
                };
            };
            responses: {
                /** @description Created; `secret` is shown this once */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookWithSecret"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin of the organization; or reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description No such organization among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The organization has 20 webhooks (webhook_limit_reached) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook (admins) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Webhook */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Webhook"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin of the organization */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such webhook among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a webhook and its delivery log (admins) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin of the organization; or reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description No such webhook among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change, enable, disable a webhook or rotate its secret (admins) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateWebhookRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UpdatedWebhook"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin of the organization; or reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description No such webhook among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook's delivery log (admins)
         * @description Newest first; finished deliveries are kept 30 days.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The next_cursor of the previous page. */
                    cursor?: string;
                    status?: "pending" | "succeeded" | "failed";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deliveries */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDeliveryList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin of the organization */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such webhook among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event now (admins)
         * @description Sends one `webhook.test` event immediately — one attempt, outside the queue, also to a disabled webhook — and answers with the logged delivery (status, response code, duration).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The delivery, succeeded or failed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDelivery"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin of the organization */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such webhook among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the event of a delivery again (admins)
         * @description Queues a new delivery of the same event (same event id and body) behind the webhook’s other events.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Queued */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDelivery"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin of the organization */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such delivery among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The webhook is disabled, or the delivery is still pending */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download every personal datum stored about the caller (GDPR Art. 15, 20)
         * @description One JSON document (attachment): profile, memberships, sessions, API token metadata, activity, linked installations, e-mails sent to the caller. docs/privacy.md lists what each part holds.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The export */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PersonalDataExport"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me/deletion-confirmations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete an account without a password: mail the confirmation link
         * @description For an account that signs in with Google or a passkey only. Needs a proof of identity within 10 minutes — a second factor through POST /auth/reauthenticate, or a fresh sign-in (403 reauthentication_required otherwise) — and mails the account a link, valid 30 minutes and once, whose page completes the deletion (POST /auth/me/deletion). A new request voids the previous link. 409 account_has_password for an account with a password (DELETE /auth/me takes it), 409 account_deletion_last_admin as for DELETE /auth/me.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Link sent */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeletionConfirmationSent"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description account_has_password, or account_deletion_last_admin */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me/deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete deleting an account with the mailed link
         * @description Takes the `token` of the link from POST /auth/me/deletion-confirmations (in the body, so it never lands in a URL log) and deletes that account as DELETE /auth/me does. No session needed: the link may be opened on another device. 400 invalid_deletion_token when unknown, expired or used.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ConfirmAccountDeletionRequest"];
                };
            };
            responses: {
                /** @description Deleted; every session and token of the account has ended */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid body, or invalid_deletion_token */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Last admin of an organization (account_deletion_last_admin) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List active projects
         * @description Newest first, across the caller’s organizations or of one (`organization_id`). An API token sees only its application’s project.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The next_cursor of the previous page. */
                    cursor?: string;
                    /** @description Only projects of this organization (one of the caller’s). */
                    organization_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Projects */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ProjectList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission project:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such organization among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a project in an organization
         * @description Members may create. The answer carries the generated `api_key` in full — the only time it is shown.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateProjectRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreatedProject"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint; or a role without the permission project:create (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such organization among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Slug taken in this organization */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a project */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Project */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Project"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission project:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such active project among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a project
         * @description Members may edit. Signed-in sessions only: API tokens belong to an application, not to its project.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateProjectRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Project"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint; or a role without the permission project:update (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such active project among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Slug taken in this organization */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/projects/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a project (admins)
         * @description The project and its applications disappear from lists and from the embedding API.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deactivated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Project"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such active project among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}/pool": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the settings of a project’s user pool
         * @description How the project’s end users sign up and sign in, and how the hosted pages look. Members of the project’s organization may read; API tokens need `read` and reach only their application’s project. A project that never changed a setting answers the defaults (`updated_at: null`). The Google client secret is never answered, only `client_secret_set`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolSettings"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission pool:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the settings of a project’s user pool (admins)
         * @description Admins of the project’s organization. Fields left out stay as they are; in `branding`, an empty string or null gives a field its default back. `google: null` removes the pool’s Google client; `google.client_secret` may be left out to keep the stored secret of the same `client_id`. Changing `methods`, `second_factor`, `google`, `redirect_urls`, `password_min_length`, `session_lifetime_seconds`, `refresh_lifetime_seconds` needs a fresh proof of identity (step-up), which API tokens cannot give: with `write`, they may change `signup` and `branding`. Audited as `project.pool_updated` (never with the secret).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdatePoolRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolSettings"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin of the organization (forbidden); or reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description No such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/pools/{project_id}/public": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a project’s hosted sign-in pages show (public)
         * @description No authentication: the branding, sign-up mode, sign-in methods, password length and second-factor mode of the pool, and the application the hosted pages act for (`X-Application-ID` of the embedding API). Nothing secret (no Google client, no redirect URLs). Cacheable for a minute.
         */
        get: {
            parameters: {
                query?: {
                    /** @description An application id of this project; another project’s is ignored. */
                    client_id?: string;
                };
                header?: never;
                path: {
                    project_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Public settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PublicPool"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description pool_not_found: no such project, it is deactivated, or it has no active application */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List and search the users of a project’s pool
         * @description Members of the project’s organization; API tokens with `read`, for their application’s project only. Newest first. `q` finds a part of the e-mail address or the display name (case-insensitive); the filters combine. With `second_factor` a page may hold fewer than `limit` users (even none) while `next_cursor` is not null: each request reads at most 1,000 users.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The next_cursor of the previous page. */
                    cursor?: string;
                    /** @description Part of the e-mail address or of the display name (case-insensitive substring; `@shop.example` finds a domain). */
                    q?: string;
                    /** @description true: e-mail address confirmed; false: not yet. */
                    verified?: "true" | "false";
                    /** @description true: an authenticator app or a passkey is set up; false: neither. */
                    second_factor?: "true" | "false";
                    blocked?: "true" | "false";
                    /** @description Last sign-in at or after this time (users who never signed in do not match). */
                    last_sign_in_after?: string;
                    /** @description Last sign-in before this time (users who never signed in do not match). */
                    last_sign_in_before?: string;
                };
                header?: never;
                path: {
                    project_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Users */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolUserList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission pool_user:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user of a project’s pool, with sessions, factors, devices and activity
         * @description Members of the project’s organization; API tokens with `read`, for their application’s project only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The user */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolUserDetail"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission pool_user:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found as above, or pool_user_not_found: no such user in this project’s pool (also for users of other pools) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a user and their personal data (GDPR Art. 17)
         * @description Admins of the project’s organization, signed in to the dashboard with a proof of identity in the last 10 minutes (step-up); API tokens cannot: a token proves no person. The privacy module’s deletion, as when the person deletes their account: sessions end, the profile and what belongs to it are deleted, log entries anonymized (docs/privacy.md). Audited as `user.deleted_by_admin`, naming nobody.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden: only admins of the organization may change its projects’ users; or reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description project_not_found as above, or pool_user_not_found: no such user in this project’s pool (also for users of other pools) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}/users/{user_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download every personal datum of a user (GDPR Art. 15, 20)
         * @description Members of the project’s organization; API tokens with `read`, for their application’s project only. The same document the person downloads themselves (docs/privacy.md), as an attachment. Audited as `user.exported`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The export (iam-platform-personal-data/1) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PersonalDataExport"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission pool_user:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found as above, or pool_user_not_found: no such user in this project’s pool (also for users of other pools) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}/users/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import users from another product (JSON or CSV, bcrypt hashes)
         * @description Admins of the project’s organization, signed in to the dashboard with a proof of identity in the last 10 minutes (step-up); API tokens cannot: a token proves no person. At most 10,000 users and 8 MB per request (413 payload_too_large beyond). The body is JSON `{users: [{email, display_name?, password_hash?, email_verified?}]}`, or CSV with `Content-Type: text/csv` and the header row `email,display_name,password_hash,email_verified` (any order; only email required; email_verified true/false/1/0). `password_hash`: a bcrypt hash as Auth0 and others export it (`$2a$`, `$2b$`, `$2y$`, cost 4–14): the user signs in with the old password, and that first sign-in stores it again in this platform’s format. Rows are checked one by one: an address already in the pool (or earlier in the request) is `skipped`, an invalid row is listed in `errors` with its index and reason, each other row is imported whole. Audited once as `user.imported` with the counts.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PoolUserImport"];
                };
            };
            responses: {
                /** @description What was imported, skipped and refused */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolUserImportResult"];
                    };
                };
                /** @description validation_failed (the body; more than 10,000 users), or invalid_csv (the header) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden: only admins of the organization may change its projects’ users; or reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description payload_too_large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}/users/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a user into a project’s pool
         * @description Admins of the project’s organization; API tokens with `write` (of an admin), for their application’s project only. Creates the account without a password when the address is not in the pool yet (201; an existing account answers 200) and mails the invitation (template `pool_invitation`, in the pool’s name) with a link to the pool’s hosted page `/p/{project_id}/reset?token=…`, where the person chooses a password (valid 7 days, once; inviting again sends a new one and voids the earlier link). For invitation-only pools. Audited as `user.invited`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PoolUserInvite"];
                };
            };
            responses: {
                /** @description Already in the pool: the link was sent */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolUserInvited"];
                    };
                };
                /** @description Created and the link sent */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolUserInvited"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden: only admins of the organization may change its projects’ users */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description pool_user_blocked */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}/users/{user_id}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Block a user: sessions end at once, sign-in is refused
         * @description Admins of the project’s organization, signed in to the dashboard with a proof of identity in the last 10 minutes (step-up); API tokens cannot: a token proves no person. Sets `blocked_at` and ends every session of the user, in every server process within the revocation bound (docs/performance.md); sign-in and refresh answer 403 account_blocked until unblocked. Blocking a blocked user changes nothing. Audited as `user.blocked`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Blocked */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolUser"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden: only admins of the organization may change its projects’ users; or reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description project_not_found as above, or pool_user_not_found: no such user in this project’s pool (also for users of other pools) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}/users/{user_id}/unblock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unblock a user
         * @description Admins of the project’s organization; API tokens with `write` (of an admin), for their application’s project only. Sign-in works again; ended sessions stay ended. Audited as `user.unblocked`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Unblocked */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolUser"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden: only admins of the organization may change its projects’ users */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description project_not_found as above, or pool_user_not_found: no such user in this project’s pool (also for users of other pools) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}/users/{user_id}/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign a user out everywhere
         * @description Admins of the project’s organization; API tokens with `write` (of an admin), for their application’s project only. Ends every session of the user (refresh tokens included), within the revocation bound in every process. The user may sign in again. Audited as `user.sessions_ended`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Sessions ended */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolUserSignedOut"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden: only admins of the organization may change its projects’ users */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description project_not_found as above, or pool_user_not_found: no such user in this project’s pool (also for users of other pools) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}/users/{user_id}/second-factor/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a user’s second factors (authenticator app, recovery codes, passkeys)
         * @description Admins of the project’s organization, signed in to the dashboard with a proof of identity in the last 10 minutes (step-up); API tokens cannot: a token proves no person. For a user who lost their device: afterwards they sign in with the password alone (or set up a factor again; a pool whose second factor is required asks for one). Sessions are not ended — sign the user out too if the device is lost. Audited as `user.second_factor_reset`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The factors removed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolUserSecondFactorReset"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden: only admins of the organization may change its projects’ users; or reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description project_not_found as above, or pool_user_not_found: no such user in this project’s pool (also for users of other pools) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}/users/{user_id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a user a password-reset link
         * @description Admins of the project’s organization; API tokens with `write` (of an admin), for their application’s project only. The reset mail (the application’s template) with a link to the pool’s hosted page `/p/{project_id}/reset?token=…`, valid one hour and once. Audited as `user.password_reset_sent`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    project_id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Sent */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolUserResetMailSent"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden: only admins of the organization may change its projects’ users */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description project_not_found as above, or pool_user_not_found: no such user in this project’s pool (also for users of other pools) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description pool_user_blocked */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description mail_delivery_failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}/users/{user_id}/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a user’s skills
         * @description Replaces the skills of a user of the project’s pool with the list sent (an empty list removes them all): at most 50, each a name (1–50 characters, trimmed, unique case-insensitively: a repeated name is refused with 400 validation_failed naming it) and an optional level from 1 to 5. Admins of the project’s organization and roles with `skill:manage`; API tokens with `write` (of such a person), for their application’s project only. Answers the user with `skills`; the user list shows them and policies read them. Audited as `pool_user.skills_changed` and announced as the webhook event `skills.changed` when the list changed.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SetSkillsRequest"];
                };
            };
            responses: {
                /** @description The user with the new skills */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PoolUser"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission skill:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found as above, or pool_user_not_found: no such user in this project’s pool (also for users of other pools) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the project’s application permissions
         * @description Members of the project’s organization (`app_role:read`); API tokens with `read`, for their application’s project only. Every permission the project defines, by name, with how many of its roles grant it.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Permissions */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AppPermissionList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission app_role:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project’s application) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Define an application permission
         * @description Admins of the project’s organization, or a custom role with `app_role:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project only. End users’ tokens get 403. A name unique in the project (`invoice:read`: lower case, digits and `: . _ -`, at most 64) and an optional description. At most 500 per project. Audited and announced as project_permission.created.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateAppPermissionRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AppPermission"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission app_role:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project’s application) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Name taken (app_permission_name_taken), or 500 already (app_permission_limit_reached) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}/permissions/{permission_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an application permission
         * @description Admins of the project’s organization, or a custom role with `app_role:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project only. End users’ tokens get 403. The permission is also taken out of every role of the project that granted it (the roles stay). Audited and announced as project_permission.deleted (with `roles_updated`).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    permission_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the delete scope; or a role without the permission app_role:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project’s application); or app_permission_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Rename or describe an application permission
         * @description Admins of the project’s organization, or a custom role with `app_role:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project only. End users’ tokens get 403. A new name goes with every role granting the permission; end users’ tokens carry it from their next refresh. Audited and announced as project_permission.updated.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    permission_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateAppPermissionRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AppPermission"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission app_role:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project’s application); or app_permission_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Name taken (app_permission_name_taken) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/projects/{id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the project’s roles for end users
         * @description Members of the project’s organization (`app_role:read`); API tokens with `read`, for their application’s project only. Every role by name, with its permissions and whether it is the default for new sign-ups.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Roles */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AppRoleList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission app_role:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project’s application) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Define a role for end users
         * @description Admins of the project’s organization, or a custom role with `app_role:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project only. End users’ tokens get 403. A name unique in the project (as for permissions), an optional description, the project’s permissions it grants, and `default: true` to make it the role every new end user of the pool gets at sign-up (registration, Google, invitation, import) — the previous default stops being it in the same write. At most 100 roles per project. Audited and announced as project_role.created.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateAppRoleRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AppRole"];
                    };
                };
                /** @description Invalid body, or permissions the project does not define (unknown_app_permissions: the message and `unknown` name them) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission app_role:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project’s application) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Name taken (app_role_name_taken), or 100 already (app_role_limit_reached) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}/roles/{role_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a role for end users
         * @description Admins of the project’s organization, or a custom role with `app_role:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project only. End users’ tokens get 403. The role is also taken from every end user holding it, and stops being the default. Audited and announced as project_role.deleted (with `users_updated`); no user.roles_changed per user.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    role_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the delete scope; or a role without the permission app_role:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project’s application); or app_role_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a role for end users
         * @description Admins of the project’s organization, or a custom role with `app_role:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project only. End users’ tokens get 403. Name, description, permissions (the whole list) or `default`. End users holding the role keep it under a new name; their tokens carry the change from their next refresh (at most one access-token lifetime). Audited and announced as project_role.updated (with the permissions added and removed).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    role_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateAppRoleRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AppRole"];
                    };
                };
                /** @description Invalid body, or permissions the project does not define (unknown_app_permissions: the message and `unknown` name them) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission app_role:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project’s application); or app_role_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Name taken (app_role_name_taken) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/projects/{id}/users/{user_id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An end user’s roles and the permissions they grant
         * @description Members of the project’s organization (`app_role:read`); API tokens with `read`, for their application’s project only. What the user’s next token will carry (`roles`, `permissions`).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Roles and permissions */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UserRoles"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission app_role:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project’s application); or pool_user_not_found (also for another pool’s user) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Set an end user’s roles
         * @description Admins of the project’s organization, or a custom role with `app_role:assign`; API tokens with `write` of such a member, for their application’s project only. Replaces the user’s roles with these (names of the project’s roles; `[]` takes all). Only users of this project’s pool (another pool’s user: 404 pool_user_not_found). Their tokens carry the roles from their next sign-in or refresh. Audited and announced as user.roles_changed when something changed.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SetUserRolesRequest"];
                };
            };
            responses: {
                /** @description The user’s roles and permissions now */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UserRoles"];
                    };
                };
                /** @description Invalid body, or roles the project does not define (unknown_app_roles: the message and `unknown` name them) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission app_role:assign (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project’s application); or pool_user_not_found (also for another pool’s user) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the policies of a project
         * @description Members of the organization (`policy:read`); API tokens with `read`, for their application’s project (organization) only. All of them (at most 2,000), by name.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Policies */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PolicyList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission policy:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a policy of a project
         * @description Admins of the organization, or a custom role with `policy:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project (organization) only. End users’ tokens get 403. It decides checks in the project, together with the organization’s policies. Checked against the policy format (docs: Policies); audited and announced as policy.created.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreatePolicyRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Policy"];
                    };
                };
                /** @description invalid_policy: the message names the problem and its path (`conditions.context.time.time_zone: …`), `details` lists each — nothing is changed */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission policy:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description policy_name_taken (names are unique per owner, case-insensitively), or policy_limit_reached */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}/policies/{policy_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a policy of a project
         * @description Members of the organization (`policy:read`); API tokens with `read`, for their application’s project (organization) only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    policy_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The policy */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Policy"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission policy:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also other tenants’ ids); or policy_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a policy of a project
         * @description Admins of the organization, or a custom role with `policy:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project (organization) only. End users’ tokens get 403. Audited and announced as policy.deleted.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    policy_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the delete scope; or a role without the permission policy:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also other tenants’ ids); or policy_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a policy of a project
         * @description Admins of the organization, or a custom role with `policy:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project (organization) only. End users’ tokens get 403. The fields sent (conditions as a whole). Takes effect for the next check (other server processes within a second). Audited and announced as policy.updated.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    policy_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdatePolicyRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Policy"];
                    };
                };
                /** @description invalid_policy: the message names the problem and its path (`conditions.context.time.time_zone: …`), `details` lists each — nothing is changed */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission policy:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found: no such active project among the caller’s (also other tenants’ ids); or policy_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description policy_name_taken */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/organizations/{id}/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the policies of an organization
         * @description Members of the organization (`policy:read`); API tokens with `read`, for their application’s project (organization) only. All of them (at most 2,000), by name.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Policies */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PolicyList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission policy:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description organization_not_found: no such organization among the caller’s (also other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a policy of an organization
         * @description Admins of the organization, or a custom role with `policy:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project (organization) only. End users’ tokens get 403. It decides checks in every project of the organization, and organization-scoped checks. Checked against the policy format (docs: Policies); audited and announced as policy.created.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreatePolicyRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Policy"];
                    };
                };
                /** @description invalid_policy: the message names the problem and its path (`conditions.context.time.time_zone: …`), `details` lists each — nothing is changed */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission policy:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description organization_not_found: no such organization among the caller’s (also other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description policy_name_taken (names are unique per owner, case-insensitively), or policy_limit_reached */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}/policies/{policy_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a policy of an organization
         * @description Members of the organization (`policy:read`); API tokens with `read`, for their application’s project (organization) only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    policy_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The policy */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Policy"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission policy:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description organization_not_found: no such organization among the caller’s (also other tenants’ ids); or policy_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a policy of an organization
         * @description Admins of the organization, or a custom role with `policy:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project (organization) only. End users’ tokens get 403. Audited and announced as policy.deleted.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    policy_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the delete scope; or a role without the permission policy:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description organization_not_found: no such organization among the caller’s (also other tenants’ ids); or policy_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a policy of an organization
         * @description Admins of the organization, or a custom role with `policy:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project (organization) only. End users’ tokens get 403. The fields sent (conditions as a whole). Takes effect for the next check (other server processes within a second). Audited and announced as policy.updated.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    policy_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdatePolicyRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Policy"];
                    };
                };
                /** @description invalid_policy: the message names the problem and its path (`conditions.context.time.time_zone: …`), `details` lists each — nothing is changed */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission policy:manage (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description organization_not_found: no such organization among the caller’s (also other tenants’ ids); or policy_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description policy_name_taken */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check what a user may do (policies and roles)
         * @description Decides `{subject?, action, resource, context?}` — or up to 100 `checks` at once — by the policies of the project (with its organization’s) and the subject’s roles: denied when an enabled deny policy matches; else allowed when the subject’s roles grant the action (an end user’s application permissions, a member’s organization permissions) or an allow policy matches; else denied (`no_matching_policy`). The subject is the caller, or `subject.user_id`: an end user of the project or a member of its organization (anyone else: 404 subject_not_found). API tokens (`read`) check in their application’s project; sessions name `project_id` or `organization_id` (400 authorize_scope_required without). The caller’s role needs `policy:read` there. Every denial is counted (activity action authorization.denied).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AuthorizeRequest"];
                };
            };
            responses: {
                /** @description The decision, or `results` for `checks` */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AuthorizeResponse"];
                    };
                };
                /** @description Invalid body, or authorize_scope_required */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission policy:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description project_not_found / organization_not_found (other tenants), or subject_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List active applications
         * @description Newest first, of one project (`project_id`) or of all the caller’s projects. An API token sees only its own application.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The next_cursor of the previous page. */
                    cursor?: string;
                    /** @description Only applications of this project; otherwise all of the caller’s projects. */
                    project_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Applications */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission application:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such project among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an application in a project
         * @description Members of the project’s organization may create. The slug is derived from the name when omitted; version defaults to 1.0.0.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateApplicationRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Application"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint; or a role without the permission application:create (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such active project among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Slug taken in this project */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/applications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an application */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Application */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Application"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission application:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such active application among the caller’s (also for other tenants’ ids, and for API tokens of another application) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete an application (admins)
         * @description Soft delete: the application becomes inactive and disappears from lists and from the embedding API.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin, or token without the delete scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such active application among the caller’s (also for other tenants’ ids, and for API tokens of another application) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update an application
         * @description Fields left out stay as they are. `oidc` (OpenID Connect client and API settings, merged into what is stored and checked as a whole) is for admins of the organization with a fresh proof of identity (step-up): redirect URIs decide where sign-in codes go. API tokens cannot change `oidc` (token_not_allowed). Audited `application.updated`, and `application.oidc_updated` with the `oidc` fields sent.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateApplicationRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Application"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description `oidc` by a member (forbidden) or an API token (token_not_allowed); or reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description No such active application among the caller’s (also for other tenants’ ids, and for API tokens of another application) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Slug taken in this project, or the API identifier (api_identifier_taken) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/applications/{id}/oidc/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or rotate the client secret of a web or m2m OpenID client (admins)
         * @description Answers the new secret once (32 random bytes, base64url); only its SHA-256 is stored. The previous secret keeps working for `overlap_seconds` (0 to 604800, default 86400); an older one stops at once. Admins of the organization, with a fresh proof of identity; not with API tokens. Single-page and native apps have no secret (400 oidc_secret_not_applicable). Audited `application.oidc_secret_rotated` (never the secret).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RotateOidcSecretRequest"];
                };
            };
            responses: {
                /** @description The new secret (shown once) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OidcClientSecret"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin (forbidden), or an API token (token_not_allowed); or reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description No such active application among the caller’s (also for other tenants’ ids, and for API tokens of another application) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/applications/{id}/refused-origins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Origins refused for an application
         * @description Browser origins that asked for this application (the SDK's and the widget's start-up origin check, refused embedding and ingest calls) and were refused because they are not among its allowed origins, newest first: at most 20, each for 30 days after it was last seen. Origins allowed since are left out. Allow one with PATCH /api/v1/applications/{id} (allowed_origins).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Refused origins */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RefusedOriginList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission application:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such active application among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register an end user for an application
         * @description Like POST /api/v1/auth/register; the application is recorded on the account. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmbeddingRegisterRequest"];
                };
            };
            responses: {
                /** @description Registered */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingRegisterResponse"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed for this application */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign an end user in
         * @description Same checks, lockout and rate limits as POST /api/v1/auth/login. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmbeddingLoginRequest"];
                };
            };
            responses: {
                /** @description Signed in; or, for an account with two-factor, `mfa_required` with an mfa_token for POST /api/auth/mfa/challenge (no session yet) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingSession"] | components["schemas"]["MfaRequired"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid e-mail or password */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed for this application */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited or account locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/mfa/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Second sign-in step: a code, a recovery code or a passkey
         * @description Completes a POST /login that answered `mfa_required`: the same body and checks as POST /api/v1/auth/mfa/challenge (token valid 5 minutes, once, for 5 wrong codes at most; wrong codes count towards the sign-in lockout), answered with the embedding session. The mfa_token is bound to the application whose login issued it: another application's (or the dashboard's) answers 401 invalid_mfa_token. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmbeddingMfaChallengeRequest"];
                };
            };
            responses: {
                /** @description Signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingSession"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description mfa_token unknown, expired, used, spent or of another application */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed for this application */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited or account locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/mfa/webauthn/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Second sign-in step with a passkey: the options
         * @description Like POST /api/v1/auth/mfa/webauthn/options, for an mfa_token of this application's POST /login whose methods include 'webauthn' (offered only to pages on the platform's own origin, where the browser may use the passkey's RP ID). Answer with POST /api/auth/mfa/challenge {mfa_token, webauthn_response}. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MfaWebAuthnOptionsRequest"];
                };
            };
            responses: {
                /** @description Authentication options */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebAuthnAuthenticationOptions"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description mfa_token unknown, expired, used, spent or of another application */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed, or passkeys not usable from it (second_factor_unavailable) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The account has no passkey (passkey_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade a refresh token for a new session
         * @description Refresh tokens rotate on every use (reuse ends the session). Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmbeddingRefreshRequest"];
                };
            };
            responses: {
                /** @description New tokens */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingSession"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid refresh token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed for this application */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify an end user’s access token
         * @description Takes only access tokens from this application's embedding login (their audience is the application id); dashboard tokens and other applications' tokens get 401 token_audience_mismatch, API tokens 403. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Valid */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingVerifyResponse"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Origin not allowed for this application */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The caller’s role and permissions for the application
         * @description The application's end users (its project's user pool) get `role: null`, SPEC's flags false, their application roles in `roles` and the permissions these grant in `application_permissions` (names, sorted; as of now, while their access token carries them as of its issue) — never 404. Sessions of this application are always its pool's end users; the organization-role branch answers team accounts' tokens where a route lets them in. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Role and flags */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingPermissions"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Origin not allowed */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unknown or inactive application */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a password-reset link
         * @description Like POST /api/v1/password-reset with action generate: always answers 200 the same way; the mail (the application's copy of the password_reset template) goes out only if the account exists. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmbeddingEmailRequest"];
                };
            };
            responses: {
                /** @description Accepted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingAccepted"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed for this application */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/resend-confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the confirmation mail again
         * @description Like POST /api/v1/auth/resend-confirmation: always answers the same way. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmbeddingEmailRequest"];
                };
            };
            responses: {
                /** @description Accepted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingAccepted"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed for this application */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out: end the session of this access token
         * @description Its refresh token stops working at once. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingAccepted"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Origin not allowed for this application */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/hosted/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hosted sign-in: a single-use code for the partner’s page
         * @description Called by the hosted sign-in page (/p/{project_id}/sign-in) with the end user's access token of this application (like POST /verify: another application's or the dashboard's token gets 401 token_audience_mismatch). Issues a code valid 60 seconds, used once, bound to the user, the application, redirect_uri and the PKCE S256 code_challenge, and answers redirect_uri with `code` and `state` added, for the page to go to. redirect_uri must be exactly one of the pool's redirect_urls, or on one of the application's allowed_origins (400 redirect_uri_not_allowed otherwise). Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["HostedCodeRequest"];
                };
            };
            responses: {
                /** @description The code, in the URL to go to */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HostedCodeResponse"];
                    };
                };
                /** @description Invalid body, or redirect_uri not allowed (redirect_uri_not_allowed) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, invalid or another application’s token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed for this application */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/hosted/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hosted sign-in: trade the code for a session
         * @description The partner’s page (the widget’s hosted mode) trades the code from POST /hosted/code, with the PKCE code_verifier it kept and the same redirect_uri, for a new session of this application: the same body as POST /login. A code is used once; an unknown, expired or used code, one of another application, another redirect_uri or a verifier that does not match the challenge answers 400 invalid_grant and changes nothing (the code stays usable until it expires). Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["HostedTokenRequest"];
                };
            };
            responses: {
                /** @description Signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingSession"];
                    };
                };
                /** @description Invalid body, or the code does not fit (invalid_grant) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed for this application */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/email-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an end user a sign-in code by e-mail
         * @description Only in a pool whose sign-in `methods` include `email_code` (403 sign_in_method_disabled otherwise). Answers 202 at once and the same for every address: an existing, not blocked account of the application's pool then gets a mail (the application's `email_code` template) with a 6-digit code, valid 10 minutes, usable once, void after 5 wrong tries; a new request replaces the previous code. An unknown address gets no mail, and no account is created. Redeem the code at POST /api/auth/email-code/verify. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmbeddingEmailRequest"];
                };
            };
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingAccepted"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed, or sign_in_method_disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/email-code/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign an end user in with the code from the mail
         * @description Answers like POST /api/auth/login: the session, or for an account with two-factor `mfa_required` with an mfa_token for POST /api/auth/mfa/challenge. A correct code confirms the address (`is_verified`). A wrong, expired, used or voided code answers 401 invalid_email_code; wrong codes count towards the sign-in lockout of the address (429 account_locked) and share the rate limits of POST /login. A blocked account answers 403 account_blocked. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmbeddingEmailCodeVerifyRequest"];
                };
            };
            responses: {
                /** @description Signed in; or, for an account with two-factor, `mfa_required` with an mfa_token for POST /api/auth/mfa/challenge (no session yet) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingSession"] | components["schemas"]["MfaRequired"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Wrong, expired, used or voided code (invalid_email_code) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed, sign_in_method_disabled, account_blocked, or second_factor_unavailable */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited or account locked; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/sign-in/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign an end user in with a passkey: the options
         * @description Options for navigator.credentials.get() without an account (a discoverable credential of the application's pool chooses it); the challenge is stored hashed, valid 5 minutes, used once, and good for this pool only. Only from pages on the platform's own origin (the pool's hosted sign-in page), and only when the pool's sign-in `methods` include `passkey`. Answer with POST /api/auth/passkeys/sign-in. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Authentication options */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebAuthnAuthenticationOptions"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed; passkey_sign_in_unavailable (a page on another origin than the platform's, whose browser cannot use the passkeys); sign_in_method_disabled (the pool's methods do not include passkey) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign an end user in with a passkey
         * @description Verifies the assertion of a discoverable credential (user verification required: the passkey is both factors, so there is no second step) against a challenge of POST /api/auth/passkeys/sign-in/options, and answers with the application's session like POST /api/auth/login. Only a passkey of an account of the application's pool signs in: one of a dashboard account or of another pool is refused like an unknown one, with the same passkey_not_accepted as every other failure, so the answer tells nothing about which accounts exist. A blocked account answers 403 account_blocked. Same origin and method conditions as the options. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmbeddingPasskeySignInRequest"];
                };
            };
            responses: {
                /** @description Signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingSession"];
                    };
                };
                /** @description Invalid body, or passkey_not_accepted */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed; passkey_sign_in_unavailable (a page on another origin than the platform's, whose browser cannot use the passkeys); sign_in_method_disabled (the pool's methods do not include passkey); account_blocked */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/google/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start Google sign-in in an application’s user pool
         * @description A browser navigation from the hosted sign-in page (/p/{project_id}/sign-in), not an API call: no X-Application-ID header, the application comes as `client_id`. Redirects to Google with the pool's own Google client id (pool settings' `google`), an S256 PKCE challenge and a one-time `state` (10 minutes), bound to this browser by an HttpOnly cookie sent only to the callback. Google comes back to GET /api/auth/google/callback (the redirect URI to register with the pool's Google client: PUBLIC_URL + /api/auth/google/callback), which leads to `return_to` with `google_code` (for POST /api/auth/google/exchange) or `google_error`. 404 application_not_found for an unknown or inactive application, 403 sign_in_method_disabled when the pool's methods lack `google` or it has no Google client, 400 validation_failed for a `return_to` outside the project's hosted pages.
         */
        get: {
            parameters: {
                query: {
                    /** @description The application the hosted page signs in for (its id). */
                    client_id: string;
                    /** @description The hosted page to come back to: a path under /p/{project_id}/ of the application's project, with its query (default /p/{project_id}/sign-in). */
                    return_to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Redirect to Google */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description client_id missing or malformed, or return_to not a hosted page of the project */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description sign_in_method_disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application (application_not_found) or its pool (pool_not_found) not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/google/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Google sign-in callback of a user pool
         * @description Where Google sends the browser back (register PUBLIC_URL + /api/auth/google/callback as a redirect URI of the pool's Google client). The state must be one this browser started (its cookie) within 10 minutes, used once. The code is traded with the pool's client secret; the account is found by its Google id in the pool, or an account of the pool with the address Google verified is linked (an unconfirmed one is taken over by the mailbox owner, as in the dashboard's flow), or a new one is created when the pool's sign-up is open. Then 303 to the hosted page the sign-in started from with `google_code` (single use, 60 seconds, for POST /api/auth/google/exchange by the same application), or with `google_error` (google_failed, google_email_unverified, account_blocked, signup_closed, sign_in_method_disabled, application_not_found, pool_not_found). No token ever travels in the URL.
         */
        get: {
            parameters: {
                query?: {
                    state?: string;
                    code?: string;
                    error?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Back to the hosted page, with google_code or google_error */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A state that names no pool: nowhere to go back to (google_failed) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/google/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade a Google sign-in’s code for a session
         * @description The hosted sign-in page trades the `google_code` it came back with from GET /api/auth/google/callback, with the X-Application-ID of the application the sign-in was started for, for what POST /api/auth/login answers: the session, or for an account with two-factor `mfa_required` with an mfa_token for POST /api/auth/mfa/challenge (Google is the first factor only). A code is used once, only by its application, and only by the browser that came back from Google (an HttpOnly cookie set by the callback for this path, which a same-origin fetch sends): an unknown, expired or used code, one of another application or without that browser’s cookie answers 400 invalid_code and leaves the code as it was. Meant for the hosted pages on this origin; a partner’s page uses the hosted mode’s POST /api/auth/hosted/token. A blocked account answers 403 account_blocked. Requires the `X-Application-ID` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application; its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmbeddingGoogleExchangeRequest"];
                };
            };
            responses: {
                /** @description Signed in; or, for an account with two-factor, `mfa_required` with an mfa_token for POST /api/auth/mfa/challenge (no session yet) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingSession"] | components["schemas"]["MfaRequired"];
                    };
                };
                /** @description Invalid body, or the code is unknown, expired, used, another application’s or another browser’s (invalid_code) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed, account_blocked, or second_factor_unavailable */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/origin-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * May the calling page’s origin use this application?
         * @description A refused CORS preflight reaches a page only as a network error. This simple request (no custom headers, readable from any origin) tells the page instead: 200 when its Origin may call the application, 403 origin_not_allowed naming the origin to add otherwise (with `allowed: false` and `origin`, nothing else about the application), 404 for an unknown or inactive application. The SDK and the auth widget call it at start-up; a refused origin is listed on the application’s page in the dashboard (GET /api/v1/applications/{id}/refused-origins).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Id of the application the page wants to call. */
                    application_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The origin may call */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmbeddingOriginCheck"];
                    };
                };
                /** @description application_id missing or malformed */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not allowed (origin_not_allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * May the signed-in end user do this?
         * @description Decides `{action, resource}` — or up to 100 `checks` — for the end user of this access token, by the project’s policies (with its organization’s) and the user’s application roles, exactly as POST /api/v1/authorize; the context is this request’s (its source address, now). A partner page may use it to show or hide what its user can do (the SDK’s `can()`); the partner’s server decides for real with POST /api/v1/authorize. Requires the `X-Application-ID` header naming this token’s application.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    "x-application-id": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EndUserAuthorizeRequest"];
                };
            };
            responses: {
                /** @description The decision, or `results` for `checks` */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AuthorizeResponse"];
                    };
                };
                /** @description Invalid body (a subject or context cannot be chosen here) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Origin not allowed for this application */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/installations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Installations of the caller’s applications
         * @description Newest last_seen_at first. Signed-in members of the organization that owns the application, or API tokens with the analytics scope for their own application; another tenant’s application answers 404.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The next_cursor of the previous page. */
                    cursor?: string;
                    /** @description Default: every application the caller can see (an API token: its own). */
                    application_id?: string;
                    is_anonymous?: "true" | "false";
                    /** @description true: seen in the last 24 hours; false: not seen for 24 hours. */
                    active?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Installations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InstallationList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope; or a role without the permission analytics:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Application not found or another tenant’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Register an installation (register_installation)
         * @description Upserts the installation by (application, installation_id): first_seen_at is kept, last_seen_at moves, session_count grows by one for a session id not seen before. Also upserts the anonymous user. Authenticated by the `X-Application-ID` header (400 application_id_required without a valid one, 404 application_not_found for an unknown or inactive application). Browsers may call it only from the application's allowed_origins (403 origin_not_allowed naming the origin otherwise); requests without Origin (servers) are accepted. Rate limited per application and client address, per application and installation, and per application (429 rate_limited with Retry-After).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application (public, write-only, like an analytics write key); its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                    /** @description Recorded with the installation, activity and events, e.g. 0.1.0 or python/0.1.0. */
                    "x-sdk-version"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RegisterInstallationRequest"];
                };
            };
            responses: {
                /** @description Known installation updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RegisterInstallationResponse"];
                    };
                };
                /** @description New installation */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RegisterInstallationResponse"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body (details name the fields) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not among the application’s allowed origins */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log an activity (log_installation_activity)
         * @description Appends to the application's activity logs with its project and organization, the client's IP address and user agent and the X-SDK-Version, marked `source: "sdk"`. Actions in the platform's own audit namespaces (`user.`, `member.`, `organization.`, `token.`, …) are refused with 400 reserved_action. Authenticated by the `X-Application-ID` header (400 application_id_required without a valid one, 404 application_not_found for an unknown or inactive application). Browsers may call it only from the application's allowed_origins (403 origin_not_allowed naming the origin otherwise); requests without Origin (servers) are accepted. Rate limited per application and client address, per application and installation, and per application (429 rate_limited with Retry-After).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application (public, write-only, like an analytics write key); its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                    /** @description Recorded with the installation, activity and events, e.g. 0.1.0 or python/0.1.0. */
                    "x-sdk-version"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LogActivityRequest"];
                };
            };
            responses: {
                /** @description Logged */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LogActivityResponse"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body (details name the fields) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not among the application’s allowed origins */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a batch of analytics events
         * @description At most 500 events (400 beyond) and 1 MB (413 payload_too_large beyond). An event whose id is already stored for the application is neither stored nor counted again, so a retried batch is harmless. Events stamped more than 5 minutes ahead or older than the retention window are refused one by one (see `rejected`); the rest is stored. Authenticated by the `X-Application-ID` header (400 application_id_required without a valid one, 404 application_not_found for an unknown or inactive application). Browsers may call it only from the application's allowed_origins (403 origin_not_allowed naming the origin otherwise); requests without Origin (servers) are accepted. Rate limited per application and client address, per application and installation, and per application (429 rate_limited with Retry-After).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application (public, write-only, like an analytics write key); its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                    /** @description Recorded with the installation, activity and events, e.g. 0.1.0 or python/0.1.0. */
                    "x-sdk-version"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AnalyticsBatch"];
                };
            };
            responses: {
                /** @description Batch processed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnalyticsBatchResponse"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body (details name the fields) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Origin not among the application’s allowed origins */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Body larger than 1 MB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link the anonymous user and installation to the signed-in user
         * @description Takes only access tokens from this application's embedding sign-in (POST /api/auth/login); dashboard tokens and other applications' tokens get 401 token_audience_mismatch, API tokens 403. Signing in or registering through the embedding API with anonymous_id / installation_id in the body does the same. Authenticated by the `X-Application-ID` header (400 application_id_required without a valid one, 404 application_not_found for an unknown or inactive application). Browsers may call it only from the application's allowed_origins (403 origin_not_allowed naming the origin otherwise); requests without Origin (servers) are accepted. Rate limited per application and client address, per application and installation, and per application (429 rate_limited with Retry-After).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Id of an active application (public, write-only, like an analytics write key); its allowed_origins decide which browser origins may call. */
                    "x-application-id": string;
                    /** @description Recorded with the installation, activity and events, e.g. 0.1.0 or python/0.1.0. */
                    "x-sdk-version"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["IdentifyRequest"];
                };
            };
            responses: {
                /** @description Linked */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IdentifyResponse"];
                    };
                };
                /** @description Missing or malformed X-Application-ID, or invalid body (details name the fields) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Origin not among the application’s allowed origins */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Application not found or inactive */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Rate limited; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/anonymous-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Anonymous users of the caller’s applications
         * @description Newest last_activity_at first. Signed-in members of the organization that owns the application, or API tokens with the analytics scope for their own application; another tenant’s application answers 404.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The next_cursor of the previous page. */
                    cursor?: string;
                    /** @description Default: every application the caller can see (an API token: its own). */
                    application_id?: string;
                    /** @description The installation (browser or process), kept in localStorage. */
                    installation_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Anonymous users */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnonymousUserList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope; or a role without the permission analytics:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Application not found or another tenant’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Requests, errors, events, users, latency and top endpoints of a period
         * @description Totals with the previous period for comparison, a time series (hourly up to 7d, daily for 30d and 90d), top endpoints and events, latency percentiles from a fixed histogram. Without filters: every organization where the caller is an active member. organization_id, project_id and application_id narrow it; another tenant’s id answers 404 like one that does not exist. An API token (analytics scope) reads its own application’s organization, project and application only. Totals and charts come from hourly and daily rollups (docs/analytics.md); what this process logged in the last second is written before it reads.
         */
        get: {
            parameters: {
                query?: {
                    /** @description 24h, 7d, 30d or 90d (default 24h). */
                    period?: "24h" | "7d" | "30d" | "90d";
                    organization_id?: string;
                    project_id?: string;
                    application_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Summary */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnalyticsSummary"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope; or a role without the permission analytics:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Organization, project or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/functions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Function statistics: usage, response time and success rate per API route
         * @description Every route called in the period (METHOD and route pattern), most used first, with the four summary cards. Success means a status below 400 (SPEC §9). Without filters: every organization where the caller is an active member. organization_id, project_id and application_id narrow it; another tenant’s id answers 404 like one that does not exist. An API token (analytics scope) reads its own application’s organization, project and application only. Totals and charts come from hourly and daily rollups (docs/analytics.md); what this process logged in the last second is written before it reads.
         */
        get: {
            parameters: {
                query?: {
                    /** @description 24h, 7d, 30d or 90d (default 24h). */
                    period?: "24h" | "7d" | "30d" | "90d";
                    organization_id?: string;
                    project_id?: string;
                    application_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Function statistics */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FunctionStatistics"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope; or a role without the permission analytics:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Organization, project or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page views: top pages, referrers, entry and exit pages, sessions, duration, bounce rate
         * @description From the SDK's page_view entries in [from, to) (default the last 30 days). A session is one installation's page views without a gap of more than 30 minutes. application_id or project_id (one is required). Organization members whose role has analytics:read; another tenant’s id answers 404 like one that does not exist; an API token (analytics scope) reads its own application and project only. Team members’ dashboard requests are never counted (docs/analytics.md). format=csv: the table as a CSV download.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The application (or project_id). */
                    application_id?: string;
                    /** @description Every application of the project. */
                    project_id?: string;
                    /** @description csv: the table as a CSV download (UTF-8 with BOM, header row). */
                    format?: "json" | "csv";
                    /** @description Start (inclusive); default 30 days before `to`. */
                    from?: string;
                    /** @description End (exclusive); default now. */
                    to?: string;
                    /** @description Which table format=csv exports. */
                    table?: "pages" | "referrers" | "entry_pages" | "exit_pages";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Page views */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnalyticsPages"];
                        "text/csv": components["schemas"]["AnalyticsPages"];
                    };
                };
                /** @description A parameter is invalid (validation_failed names it) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope; or a role without the permission analytics:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Project or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/funnel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A funnel: ordered event steps within a conversion window
         * @description Visitors (installations) whose first step happened in [from, to) (default the last 30 days), and how many did each next step in order within the window: conversion, drop-off, median time between steps, anonymous vs registered. application_id or project_id (one is required). Organization members whose role has analytics:read; another tenant’s id answers 404 like one that does not exist; an API token (analytics scope) reads its own application and project only. Team members’ dashboard requests are never counted (docs/analytics.md). format=csv: the table as a CSV download.
         */
        get: {
            parameters: {
                query: {
                    /** @description The application (or project_id). */
                    application_id?: string;
                    /** @description Every application of the project. */
                    project_id?: string;
                    /** @description csv: the table as a CSV download (UTF-8 with BOM, header row). */
                    format?: "json" | "csv";
                    /** @description Start (inclusive); default 30 days before `to`. */
                    from?: string;
                    /** @description End (exclusive); default now. */
                    to?: string;
                    /** @description 2–10 event names separated by commas, in order; a step may filter properties: `purchase|plan=pro`. `journey`: the built-in first_seen → signup → confirmed → first_login → second_visit. */
                    steps: string;
                    /** @description Conversion window from the first step: 30m, 24h, 7d … (at most 90d; default 7d). */
                    window?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The funnel */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnalyticsFunnel"];
                        "text/csv": components["schemas"]["AnalyticsFunnel"];
                    };
                };
                /** @description A parameter is invalid (validation_failed names it) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope; or a role without the permission analytics:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Project or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retention: cohorts by first-seen or sign-up period and who came back
         * @description A grid of `periods` cohorts; returned[k] counts the cohort's members active k periods after it (returned[0] = size). From the daily activity bitmaps. application_id or project_id (one is required). Organization members whose role has analytics:read; another tenant’s id answers 404 like one that does not exist; an API token (analytics scope) reads its own application and project only. Team members’ dashboard requests are never counted (docs/analytics.md). format=csv: the table as a CSV download.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The application (or project_id). */
                    application_id?: string;
                    /** @description Every application of the project. */
                    project_id?: string;
                    /** @description csv: the table as a CSV download (UTF-8 with BOM, header row). */
                    format?: "json" | "csv";
                    /** @description day, week (ISO, Monday) or month (UTC). */
                    period?: "day" | "week" | "month";
                    /** @description Periods shown, 1–52 (default 12); the last one holds `to`. */
                    periods?: number;
                    /** @description users: registered users and anonymous ids (as the summary counts them); installations. */
                    unit?: "users" | "installations";
                    /** @description first_seen: first day active at all; signup: first day active as a registered user. */
                    cohort?: "first_seen" | "signup";
                    /** @description Count a return only on this event (installations); default any activity. */
                    return_event?: string;
                    /** @description A time in the last period; default now. */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The retention grid */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnalyticsRetention"];
                        "text/csv": components["schemas"]["AnalyticsRetention"];
                    };
                };
                /** @description A parameter is invalid (validation_failed names it) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope; or a role without the permission analytics:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Project or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/stickiness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stickiness: DAU, WAU, MAU and DAU ÷ MAU
         * @description Distinct active on the day, the 7 and the 30 days ending with it (UTC). application_id or project_id (one is required). Organization members whose role has analytics:read; another tenant’s id answers 404 like one that does not exist; an API token (analytics scope) reads its own application and project only. Team members’ dashboard requests are never counted (docs/analytics.md). format=csv: the table as a CSV download.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The application (or project_id). */
                    application_id?: string;
                    /** @description Every application of the project. */
                    project_id?: string;
                    /** @description csv: the table as a CSV download (UTF-8 with BOM, header row). */
                    format?: "json" | "csv";
                    /** @description users: registered users and anonymous ids (as the summary counts them); installations. */
                    unit?: "users" | "installations";
                    /** @description The day (UTC) DAU is counted on; default today. */
                    date?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Stickiness */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnalyticsStickiness"];
                        "text/csv": components["schemas"]["AnalyticsStickiness"];
                    };
                };
                /** @description A parameter is invalid (validation_failed names it) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope; or a role without the permission analytics:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Project or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/lifecycle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lifecycle: new, returning, resurrecting and dormant per period
         * @description new: first seen in the period; returning: active in it and the one before; resurrecting: active, not in the one before, seen earlier; dormant: active the period before, not in this one. application_id or project_id (one is required). Organization members whose role has analytics:read; another tenant’s id answers 404 like one that does not exist; an API token (analytics scope) reads its own application and project only. Team members’ dashboard requests are never counted (docs/analytics.md). format=csv: the table as a CSV download.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The application (or project_id). */
                    application_id?: string;
                    /** @description Every application of the project. */
                    project_id?: string;
                    /** @description csv: the table as a CSV download (UTF-8 with BOM, header row). */
                    format?: "json" | "csv";
                    /** @description day, week (ISO, Monday) or month (UTC). */
                    period?: "day" | "week" | "month";
                    /** @description Periods shown, 1–52 (default 12); the last one holds `to`. */
                    periods?: number;
                    /** @description users: registered users and anonymous ids (as the summary counts them); installations. */
                    unit?: "users" | "installations";
                    /** @description A time in the last period; default now. */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Lifecycle */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnalyticsLifecycle"];
                        "text/csv": components["schemas"]["AnalyticsLifecycle"];
                    };
                };
                /** @description A parameter is invalid (validation_failed names it) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope; or a role without the permission analytics:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Project or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List alert rules
         * @description Without filters: the rules of every organization where the caller’s role has alert:read. organization_id, project_id (the project’s rules and its applications’) or application_id narrow it; another tenant’s id answers 404.
         */
        get: {
            parameters: {
                query?: {
                    organization_id?: string;
                    project_id?: string;
                    application_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Rules, newest first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The role lacks the permission (code forbidden, naming it) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Organization, project or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an alert rule
         * @description Exactly one of application_id and project_id. event_count needs `event`, funnel_conversion `steps`. E-mails go only to members of the organization (400 alert_recipient_not_member). At most 100 rules per organization (409 alert_limit_reached).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateAlertRequest"];
                };
            };
            responses: {
                /** @description Created (state ok) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The role lacks the permission (code forbidden, naming it) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Organization, project or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The organization has 100 rules (alert_limit_reached) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/firing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alert rules firing now (the dashboard’s bell)
         * @description Rules in the state firing, most recent first. Without filters: the rules of every organization where the caller’s role has alert:read. organization_id, project_id (the project’s rules and its applications’) or application_id narrow it; another tenant’s id answers 404.
         */
        get: {
            parameters: {
                query?: {
                    organization_id?: string;
                    project_id?: string;
                    application_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Firing rules */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The role lacks the permission (code forbidden, naming it) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Organization, project or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an alert rule */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Rule */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The role lacks the permission (code forbidden, naming it) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such alert rule among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete an alert rule and its history */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The role lacks the permission (code forbidden, naming it) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such alert rule among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change, mute or unmute an alert rule
         * @description `muted: true` holds notifications until `muted: false`; `muted_until` holds them until that time. A muted rule is still evaluated: its state and history go on.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateAlertRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The role lacks the permission (code forbidden, naming it) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such alert rule among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/alerts/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The history of an alert rule
         * @description State changes (firing, resolved) and test notifications, newest first.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The next_cursor of the previous page. */
                    cursor?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description History */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertHistory"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The role lacks the permission (code forbidden, naming it) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such alert rule among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test notification now
         * @description Mails every address of the rule (the `alert` template) and, with `channels.webhook`, queues an `alert.firing` event with `data.test: true`. Changes no state; adds a history row of kind test.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description What was sent */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertTestResult"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The role lacks the permission (code forbidden, naming it) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such alert rule among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Uptime and average response time of the service over a period
         * @description From the health samples every server process stores once per HEALTH_SAMPLE_INTERVAL_MS. Uptime is the share of sampling slots since the period began (or since the first sample ever) in which at least one process answered healthy; slots without any sample count as down. The average response time is that of the healthy checks. Service-wide: the same for every caller (docs/analytics.md).
         */
        get: {
            parameters: {
                query?: {
                    /** @description 24h, 7d, 30d or 90d (default 24h). */
                    period?: "24h" | "7d" | "30d" | "90d";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Health history */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HealthHistory"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/activity-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit trail of the caller's organizations
         * @description Entries of the organizations where the caller is an active member, plus the caller's own account events; newest first. With application_id: that application's entries, including what its SDK sent (404 for another tenant's application).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only entries at or after this time. */
                    since?: string;
                    /** @description 1d, 7d, 30d or all (default all); combines with since. */
                    period?: "1d" | "7d" | "30d" | "all";
                    action?: string;
                    resource_type?: "user" | "token" | "project" | "application" | "organization" | "member" | "role" | "policy" | "api" | "component" | "other";
                    /** @description Text found in the action, resource type or endpoint (case-insensitive). */
                    search?: string;
                    /** @description registered: by a known account; anonymous: without one (e.g. not signed in). */
                    user_type?: "registered" | "anonymous";
                    organization_id?: string;
                    project_id?: string;
                    application_id?: string;
                    /** @description An installation id (inst_…). */
                    installation_id?: string;
                    /** @description platform: written by the platform (audit, request log); sdk: sent by an SDK (POST /activity); dashboard: requests of team members’ dashboard sessions (listed only with this or include_dashboard=true). */
                    source?: "platform" | "sdk" | "dashboard";
                    /** @description true: also list the request-log rows of team members’ dashboard sessions (source dashboard), which are left out by default: they are not the application’s traffic. */
                    include_dashboard?: "true" | "false";
                    /** @description Default 10, at most 500. */
                    limit?: number;
                    cursor?: string;
                    /** @description true: the answer also carries total, the number of all matching entries (for "Showing X of Y"). With search it is counted up to 10,000 and total_capped says whether there are more. */
                    include_total?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Entries */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActivityLogList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope; or a role without the permission log:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Organization or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/activity-logs/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the audit trail (CSV or NDJSON)
         * @description Every entry that GET /activity-logs would list with the same filters (not only 500), newest first, streamed as a download: CSV (UTF-8 with BOM, a header row, metadata as JSON, cells that a spreadsheet would run as a formula prefixed with ') or NDJSON (one entry as JSON a line). Same scoping as the list: 404 for another tenant's organization or application.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only entries at or after this time. */
                    since?: string;
                    /** @description 1d, 7d, 30d or all (default all); combines with since. */
                    period?: "1d" | "7d" | "30d" | "all";
                    action?: string;
                    resource_type?: "user" | "token" | "project" | "application" | "organization" | "member" | "role" | "policy" | "api" | "component" | "other";
                    /** @description Text found in the action, resource type or endpoint (case-insensitive). */
                    search?: string;
                    /** @description registered: by a known account; anonymous: without one (e.g. not signed in). */
                    user_type?: "registered" | "anonymous";
                    organization_id?: string;
                    project_id?: string;
                    application_id?: string;
                    /** @description An installation id (inst_…). */
                    installation_id?: string;
                    /** @description platform: written by the platform (audit, request log); sdk: sent by an SDK (POST /activity); dashboard: requests of team members’ dashboard sessions (listed only with this or include_dashboard=true). */
                    source?: "platform" | "sdk" | "dashboard";
                    /** @description true: also list the request-log rows of team members’ dashboard sessions (source dashboard), which are left out by default: they are not the application’s traffic. */
                    include_dashboard?: "true" | "false";
                    /** @description csv (default; UTF-8 with BOM, header row) or ndjson (one JSON object a line). */
                    format?: "csv" | "ndjson";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The entries, as an attachment */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                        "application/x-ndjson": string;
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the analytics scope; or a role without the permission log:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Organization or application not among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description More than 10 exports a minute */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All profiles, newest first (global admins) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The next_cursor of the previous page. */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Profiles */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminUserList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a global admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All organizations, newest first (global admins) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The next_cursor of the previous page. */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Organizations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminOrganizationList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a global admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dev/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the development outbox
         * @description Mails the server would have sent, newest first. Exists only while SMTP_URL is unset and the server is not in production mode, and only to requests from this machine (loopback); otherwise this path answers 404.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only mails to this address (case-insensitive). */
                    to?: string;
                    /** @description How many mails to return, newest first (1–100). */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Mails in the development outbox */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DevOutboxList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an application’s email templates
         * @description The application’s active templates, system and custom (`is_system_template`), newest first. An application that has no copies of the system templates yet gets them now.
         */
        get: {
            parameters: {
                query: {
                    /** @description The application whose templates to list. */
                    application_id: string;
                    /** @description Only system or only custom templates; both when omitted. */
                    kind?: "system" | "custom";
                    /** @description Language of the variant: de or en. */
                    locale?: "de" | "en";
                    /** @description Also deactivated custom templates (default false). */
                    include_inactive?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Templates */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailTemplateList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission email_template:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such application among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a custom email template
         * @description Variables are detected from `{{name}}` placeholders; the HTML is sanitized (no scripts, event handlers or `javascript:` URLs).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateEmailTemplateRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailTemplate"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission email_template:update (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such application among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Name taken in this locale, reserved for a system template, or limit reached */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email-templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an email template */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Template */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailTemplate"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission email_template:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such template among the caller’s applications (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a custom email template */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the delete scope; or a role without the permission email_template:update (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such template among the caller’s applications (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description System templates cannot be deleted (reset them instead) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Edit an email template
         * @description System templates: subject and content only (renaming, moving or deactivating answers 409). Custom templates may also be renamed, moved to another of the caller’s applications or deactivated (`is_active: false`).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateEmailTemplateRequest"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailTemplate"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission email_template:update (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such template among the caller’s applications (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not allowed for a system template, or the name is taken */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/email-templates/{id}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a system template to its default
         * @description Subject, content and variables go back to the built-in default. This cannot be undone.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Reset */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailTemplate"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission email_template:update (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such template among the caller’s applications (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not a system template */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email-templates/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview an email template with data
         * @description Renders the template (or a draft of subject/content, sanitized as on save; nothing is stored). Values are HTML-escaped; placeholders without a value stay as `{{name}}` and are listed in `unresolved`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PreviewEmailTemplateRequest"];
                };
            };
            responses: {
                /** @description Rendered mail */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailPreview"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission email_template:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such template among the caller’s applications (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/applications/{id}/email-templates/copy-system": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy the system templates to an application
         * @description Adds every system template the application lacks; changes none it has.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The application’s system templates */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CopySystemTemplatesResult"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the write scope; or a role without the permission email_template:update (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such application among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/applications/{id}/email-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an application’s e-mail settings
         * @description Default locale of its mails, the verified senders its send requests may use as `from`, and the senders still waiting for their verification link.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailSettings"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission email_template:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such application among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an application’s e-mail settings (admins)
         * @description Organization admins set the default locale and the senders. A new address is pending until someone follows the verification link mailed to it; only then may `from` name it. Addresses left out are removed.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateEmailSettingsRequest"];
                };
            };
            responses: {
                /** @description Settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailSettings"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin of the organization, or an API token */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such application among the caller’s */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/applications/{id}/email-settings/sender-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a new verification link to a pending sender (admins)
         * @description Mails a fresh link to a pending sender of the application; earlier links of it stop working. Organization admins only (sessions). At most 20 links per organization and hour.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ResendSenderVerificationRequest"];
                };
            };
            responses: {
                /** @description Link sent; the settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailSettings"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not an admin of the organization, or an API token */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such application among the caller’s, or no such sender (sender_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The sender is already verified (sender_already_verified) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too many verification links for this organization; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/sender-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sender verification link: a confirmation page
         * @description Public (the token is the credential). Changes nothing, so mail scanners that follow links do no harm. Browsers get an HTML page (German, or English when preferred) naming the address, organization and application, with one button that POSTs the token back; with `Accept: application/json` the same facts as JSON. An unknown, expired or used token answers 400 invalid_sender_token.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The token of the verification link. */
                    token?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description What the link confirms (JSON); browsers get the page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SenderVerification"];
                    };
                };
                /** @description The link is invalid, expired or used (invalid_sender_token) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Verify a sender through the link mailed to it
         * @description Public (the token is the credential; it works once and for 48 hours). The address becomes a verified sender of its application. A form post is answered with an HTML page, JSON with JSON.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SenderVerificationRequest"];
                };
            };
            responses: {
                /** @description Verified */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SenderVerification"];
                    };
                };
                /** @description Unknown, expired or used link (invalid_sender_token) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your mail language */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Preferences */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailPreferences"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set your mail language
         * @description The language (de or en) of the mails you receive — account, template and test mails — when the template exists in it; null uses each application’s default locale.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateEmailPreferencesRequest"];
                };
            };
            responses: {
                /** @description Preferences */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailPreferences"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/email/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an email
         * @description Either `template` (a template of the application, with `templateData`) or `subject` and `html`. Members of the application’s organization, or an API token of this application with the `write` scope. `from` must be MAIL_FROM’s address or a verified sender of the application (else 403 sender_not_verified). Recipients: confirmed accounts of the application’s users and its organization’s members, or anyone once the organization has a verified sender (else 403 recipient_not_allowed); `userId` must be such a person (else 404). Rate limited per application and per organization and day; every send is logged (email_logs and the activity log).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SendEmailRequest"];
                };
            };
            responses: {
                /** @description Sent (or kept in the development outbox) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SendEmailResult"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Recipient or sender not allowed (recipient_not_allowed, sender_not_verified) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such application among the caller’s, no such template, or userId of nobody of the application */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too many mails for this application (rate_limited) or organization today (email_quota_exceeded); see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description SMTP refused or is unreachable (mail_delivery_failed, with its error) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/send-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an email (SPEC §7 function send-email)
         * @description Either `template` (a template of the application, with `templateData`) or `subject` and `html`. Members of the application’s organization, or an API token of this application with the `write` scope. `from` must be MAIL_FROM’s address or a verified sender of the application (else 403 sender_not_verified). Recipients: confirmed accounts of the application’s users and its organization’s members, or anyone once the organization has a verified sender (else 403 recipient_not_allowed); `userId` must be such a person (else 404). Rate limited per application and per organization and day; every send is logged (email_logs and the activity log). Same as POST /api/v1/email/send.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SendEmailRequest"];
                };
            };
            responses: {
                /** @description Sent (or kept in the development outbox) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SendEmailResult"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Recipient or sender not allowed (recipient_not_allowed, sender_not_verified) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No such application among the caller’s, no such template, or userId of nobody of the application */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too many mails for this application (rate_limited) or organization today (email_quota_exceeded); see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description SMTP refused or is unreachable (mail_delivery_failed, with its error) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's API tokens
         * @description Newest first, optionally of one application.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The next_cursor of the previous page. */
                    cursor?: string;
                    application_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Tokens */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiTokenList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Issue an API token for an application
         * @description Needs token:create in the application’s organization; an `admin` token also a proof of identity within 10 minutes (else 403 reauthentication_required). The token is in this response only; only its SHA-256 hash and first 8 characters are stored.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateApiTokenRequest"];
                };
            };
            responses: {
                /** @description Created; `token` is shown this once */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreatedApiToken"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description reauthentication_required: no proof of identity in the last 10 minutes; give one at POST /auth/reauthenticate and retry */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReauthenticationRequiredError"];
                    };
                };
                /** @description No such application among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one of the caller’s API tokens */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Token */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiToken"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such token among the caller's own (also for other users' tokens) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API token (irreversible)
         * @description The token stops working at once. Revoking an already revoked token changes nothing and answers 200.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiToken"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such token among the caller's own (also for other users' tokens) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The caller's role and permissions in an application
         * @description From the caller's active membership in the application's organization (SPEC §6/§7); an end user of the application's pool (a token from its embedding login) gets `role: null`, their application roles in `roles` and the permissions these grant in `application_permissions`. An API token, or a token from an application's embedding login, may only ask about its own application.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PermissionsRequest"];
                };
            };
            responses: {
                /** @description Role and permission flags */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PermissionsResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API token without the read scope; or a role without the permission application:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such application among the caller’s organizations */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The first-run checklist of the signed-in team member
         * @description Six steps (organization → project → application → allowed origin → snippet → first event), each computed from the data of the caller’s organizations on every read, and whether the caller hid the checklist. docs/dashboard.md, "First run".
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The checklist */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Onboarding"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onboarding/dismissal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hide the first-run checklist
         * @description Remembered for the account (every browser); DELETE brings it back. Idempotent.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The checklist */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Onboarding"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Show the first-run checklist again
         * @description Undoes POST /onboarding/dismissal. Idempotent.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The checklist */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Onboarding"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assistant/ask": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the documentation assistant
         * @description Answers from the guides, this API’s operations and the SDK reference (BM25 search), citing the sections it used; below a relevance threshold it says it found nothing and suggests the closest sections. With ASSISTANT_LLM_URL set, a language model phrases the answer from those sections only. Rate limited per client IP.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AssistantQuestion"];
                };
            };
            responses: {
                /** @description The answer and its sources */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AssistantAnswer"];
                    };
                };
                /** @description Empty or blank question (question_required), or one too long */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too many questions from this address; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/ai-documentation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the documentation assistant (SPEC §7 function ai-documentation)
         * @description Answers from the guides, this API’s operations and the SDK reference (BM25 search), citing the sections it used; below a relevance threshold it says it found nothing and suggests the closest sections. With ASSISTANT_LLM_URL set, a language model phrases the answer from those sections only. Rate limited per client IP. Same as POST /api/v1/assistant/ask.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AssistantQuestion"];
                };
            };
            responses: {
                /** @description The answer and its sources */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AssistantAnswer"];
                    };
                };
                /** @description Empty or blank question (question_required), or one too long */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too many questions from this address; see Retry-After */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/guides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the guides
         * @description The Markdown guides of docs/ in the order of its index, and the generated SDK reference.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Guides */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GuideList"];
                    };
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/guides/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a guide
         * @description One guide with its Markdown, as the docs page renders it.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The guide */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Guide"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such guide (guide_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/applications/{id}/snippets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Integration code for an application
         * @description Ready-to-paste code for this application: the auth widget by script tag, SDK tracking, the Python client, the server-side token check (`POST /api/auth/verify`) and OpenID Connect sign-in with openid-client — the application id, this server’s URL, the allowed origins and the OpenID issuer filled in. Made from templates that follow the cited guide sections; every operation the code calls is in this document. Members of the application’s organization (application:read); not with API tokens.
         */
        get: {
            parameters: {
                query?: {
                    /** @description One kind; all kinds when left out. */
                    kind?: "widget" | "sdk" | "python" | "token-check" | "oidc";
                    /** @description The language of titles and explanations (code is the same in both). */
                    locale?: "de" | "en";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The snippets */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntegrationSnippetList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description API tokens cannot call this endpoint; or a role without the permission application:read (code forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such active application among the caller’s (also for other tenants’ ids) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assistant/unanswered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Questions the assistant found nothing for (global admins)
         * @description Counted per question (case and spacing ignored), most often asked first.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Unanswered questions */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UnansweredQuestionList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a global admin */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unexpected server error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @description Human-readable message, safe to show to the user. */
            error: string;
            /** @description Stable machine-readable error code. */
            code: string;
            /** @description Per-field validation problems. */
            details?: {
                path: string;
                message: string;
            }[];
        };
        /** @description A policy: allow or deny `actions` when every condition holds. Refused with 400 invalid_policy naming the problem and its path (`details`). */
        CreatePolicyRequest: {
            name: string;
            description?: string | null;
            /** @enum {string} */
            effect: "allow" | "deny";
            actions: string[];
            conditions?: components["schemas"]["PolicyConditions"];
            /** @default true */
            enabled: boolean;
        };
        /**
         * @description Every part given must hold; a policy without conditions applies to every request for its actions.
         * @default {}
         */
        PolicyConditions: {
            subject?: components["schemas"]["PolicySubjectConditions"];
            resource?: components["schemas"]["PolicyResourceConditions"];
            context?: components["schemas"]["PolicyContextConditions"];
        };
        PolicySubjectConditions: {
            /** @description The subject holds one of `any` and every one of `all` (role names). */
            roles?: {
                any?: string[];
                all?: string[];
            };
            /** @description The subject has every skill listed (names compared case-insensitively), at `min_level` or above where given; a skill without a level meets no minimum. */
            skills?: {
                name: string;
                min_level?: number;
            }[];
            /** @description The domain of the subject’s e-mail address is one of these (exactly; no subdomains). */
            email_domain?: string[];
            /** @description true: the subject’s account has a second factor set up (authenticator app or passkey); false: it has none. */
            second_factor?: boolean;
            /**
             * @description "project": the subject is an end user of the project the check is for; "platform": a member account of the organization (the dashboard’s pool).
             * @enum {string}
             */
            pool?: "project" | "platform";
        };
        PolicyResourceConditions: {
            /**
             * @description "subject": the resource’s `owner_id` is the subject’s user id.
             * @enum {string}
             */
            owner?: "subject";
            /** @description The resource’s `organization_id` is this organization. */
            organization?: string;
            /** @description The resource’s `project_id` is this project. */
            project?: string;
            /** @description Attributes the caller passes with the resource: each equals a value, or is one of a list. */
            attributes?: {
                [key: string]: {
                    equals: string | number | boolean;
                } | {
                    in: (string | number | boolean)[];
                };
            };
        };
        PolicyContextConditions: {
            time?: components["schemas"]["PolicyTimeWindow"];
            /** @description The request’s source address lies in one of these ranges (IPv4 or IPv6, CIDR; a bare address is one host). */
            source_ip?: string[];
        };
        /** @description Local time in `time_zone`: on `weekdays` (default every day), from `from` (inclusive, default 00:00) to `to` (exclusive, default 24:00). A `to` earlier than `from` spans midnight (22:00–06:00), counted to the day it starts on. */
        PolicyTimeWindow: {
            time_zone: string;
            weekdays?: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
            from?: string;
            to?: string;
        };
        /** @description The fields to change (conditions replace the old ones as a whole). */
        UpdatePolicyRequest: {
            name?: string;
            description?: string | null;
            /** @enum {string} */
            effect?: "allow" | "deny";
            actions?: string[];
            conditions?: components["schemas"]["PolicyConditions"];
            enabled?: boolean;
        };
        Health: {
            /** @enum {string} */
            status: "ok" | "degraded";
            version: string;
            uptime_s: number;
            /** @description The database the API works on. */
            db: {
                /**
                 * @description `up`; `degraded` while the database answers reads but refuses writes (the embedded server on a full disk); `down` when it is unreachable.
                 * @enum {string}
                 */
                status: "up" | "degraded" | "down";
                /**
                 * @description Why the database is degraded.
                 * @enum {string}
                 */
                reason?: "out_of_disk_space";
                /** @description The database's own words, e.g. what it answers writes. */
                message?: string;
            };
        };
        RegisterResponse: {
            user: components["schemas"]["User"];
            confirmation_required: boolean;
        };
        /** @description A profile (SPEC §3 profiles). */
        User: {
            id: string;
            /** Format: email */
            email: string;
            display_name: string;
            is_verified: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_login_at: string | null;
        };
        RegisterRequest: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            password: string;
            display_name?: string;
            application_id?: string;
        };
        ConfirmResponse: {
            /** @enum {boolean} */
            success: true;
            user: components["schemas"]["User"];
        };
        TokenRequest: {
            token: string;
        };
        Success: {
            /** @enum {boolean} */
            success: true;
            message?: string;
        };
        EmailRequest: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
        };
        SessionTokens: {
            /** @enum {boolean} */
            success: true;
            access_token: string;
            refresh_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /** @description Seconds until the access token expires. */
            expires_in: number;
            /** @description Unix time (seconds) at which the access token expires. */
            expires_at: number;
            user: components["schemas"]["User"];
        };
        MfaRequired: {
            /** @enum {boolean} */
            mfa_required: true;
            /** @description Short-lived (5 minutes), single-use token for POST /auth/mfa/challenge; not a session. */
            mfa_token: string;
            /** @description What the account can answer with: 'totp' (code or recovery_code), 'webauthn' (a passkey: POST /auth/mfa/webauthn/options, then webauthn_response). */
            methods: ("totp" | "webauthn")[];
            /** @description Seconds until mfa_token expires. */
            expires_in: number;
        };
        LoginRequest: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            password: string;
        };
        RefreshRequest: {
            refresh_token: string;
        };
        ExchangeRequest: {
            code: string;
        };
        SessionList: {
            data: components["schemas"]["Session"][];
            next_cursor: string | null;
        };
        Session: {
            id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at: string;
            /** Format: date-time */
            expires_at: string;
            ip_address: string | null;
            user_agent: string | null;
            /** @enum {string} */
            method: "password" | "google" | "passkey" | "email_code";
            /** @description The session of the access token making this request. */
            current: boolean;
        };
        /** @description A profile (SPEC §3 profiles). */
        Me: components["schemas"]["User"] & {
            /** @description Global administrator (SPEC §6). */
            is_admin: boolean;
            two_factor: components["schemas"]["TwoFactorStatus"];
            /** @description An organization of the caller requires two-factor sign-in and the account has no second factor: the dashboard sends the user to set one up. The API keeps working. */
            mfa_enrollment_required: boolean;
        };
        TwoFactorStatus: {
            /** @description At least one second factor is turned on. */
            enabled: boolean;
            /** @description The second factors turned on, e.g. ['totp']. */
            methods: string[];
            /** @description Unused recovery codes (0 without TOTP). */
            recovery_codes_left: number;
            /** @description The caller's organizations that require two-factor sign-in of members. */
            required_by: {
                id: string;
                name: string;
            }[];
        };
        UpdateMeRequest: {
            display_name?: string;
            password?: string;
            current_password?: string;
        };
        EmailChangeAccepted: {
            /** @enum {boolean} */
            success: true;
            message: string;
        };
        ReauthenticationRequiredError: components["schemas"]["Error"] & {
            /** @description With reauthentication_required: the proofs this account can give. */
            methods?: ("password" | "totp" | "passkey")[];
            /** @description With reauthentication_required: how long a proof stays fresh (600). */
            max_age_seconds?: number;
        };
        EmailChangeRequest: {
            /**
             * Format: email
             * @description The new address.
             * @example ada@example.com
             */
            email: string;
            /** @description The current password, as the proof of identity. Without it the session needs a fresh step-up (POST /auth/reauthenticate). */
            password?: string;
        };
        EmailChangeConfirmed: {
            /** @enum {boolean} */
            success: true;
            /** @description The account’s address now. */
            email: string;
        };
        EmailChangeConfirmRequest: {
            token: string;
        };
        PasswordResetResponse: components["schemas"]["Success"] & {
            /** @description After a reset: the recent second factors it removed. */
            factors_removed?: components["schemas"]["SecondFactorSummary"][];
        };
        SecondFactorSummary: {
            id: string;
            /** @enum {string} */
            type: "totp" | "passkey";
            name: string;
            /** Format: date-time */
            added_at: string;
            /** @description Added during the last 24 hours: removed by the reset unless kept. */
            recent: boolean;
        };
        PasswordResetRequest: {
            /** @enum {string} */
            action: "generate";
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            application_id?: string;
        } | {
            /** @enum {string} */
            action: "reset";
            token: string;
            new_password: string;
            /** @description Ids of second factors added during the last 24 hours to keep. */
            keep_factors?: string[];
            /** @description Keep every second factor added during the last 24 hours. */
            keep_recent_factors?: boolean;
        };
        PasswordResetCheck: {
            /** @enum {boolean} */
            valid: true;
            factors: components["schemas"]["SecondFactorSummary"][];
        };
        PasswordResetCheckRequest: {
            token: string;
        };
        AuthProviders: {
            providers: {
                /** @enum {string} */
                id: "password" | "google";
                name: string;
                authorize_url: string | null;
            }[];
        };
        VerifyResponse: {
            user: components["schemas"]["User"];
            organizations: {
                id: string;
                name: string;
                slug: string;
                /** @description A built-in role (`admin`, `member`) or a custom role’s name. */
                role: string;
            }[];
            context: {
                /** @enum {string} */
                authenticated_via: "session" | "application_session" | "api_token";
                session_id: string | null;
                scopes: string[] | null;
                application_id: string | null;
            };
        };
        JsonWebKeySet: {
            keys: ({
                kty: string;
                kid: string;
                alg: string;
                /** @enum {string} */
                use: "sig";
            } & {
                [key: string]: unknown;
            })[];
        };
        TotpEnrolment: {
            /** @description Base32 secret, for entering by hand. */
            secret: string;
            /** @description otpauth://totp/… URI for a QR code (Key Uri Format). */
            otpauth_url: string;
        };
        RecoveryCodes: {
            /** @description 10 single-use codes; shown only in this response. */
            recovery_codes: string[];
        };
        TotpConfirmRequest: {
            /** @example 123456 */
            code: string;
        };
        MfaProofRequest: {
            password?: string;
            /** @example 123456 */
            code?: string;
        };
        MfaChallengeRequest: {
            mfa_token: string;
            /** @example 123456 */
            code?: string;
            /**
             * @description One of the recovery codes shown at enrolment.
             * @example k3m9p-x7q2w
             */
            recovery_code?: string;
            webauthn_response?: components["schemas"]["WebAuthnAuthenticationResponse"];
        };
        /** @description The assertion of navigator.credentials.get() in its JSON form (AuthenticationResponseJSON). */
        WebAuthnAuthenticationResponse: {
            id: string;
            rawId: string;
            /** @enum {string} */
            type: "public-key";
            response: {
                clientDataJSON: string;
                authenticatorData: string;
                signature: string;
                userHandle?: string;
            };
            /** @default {} */
            clientExtensionResults: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
        };
        /** @description PublicKeyCredentialCreationOptionsJSON. Pass unchanged to @simplewebauthn/browser (`optionsJSON`). The challenge is valid 5 minutes, once. */
        WebAuthnRegistrationOptions: {
            challenge: string;
        } & {
            [key: string]: unknown;
        };
        Passkey: {
            id: string;
            name: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at: string | null;
            /**
             * @description multiDevice: a synced passkey (e.g. iCloud Keychain, Google Password Manager).
             * @enum {string}
             */
            device_type: "singleDevice" | "multiDevice";
            backed_up: boolean;
            transports: string[];
        };
        PasskeyRegisterRequest: {
            /** @example MacBook Touch ID */
            name?: string;
            response: components["schemas"]["WebAuthnRegistrationResponse"];
        };
        /** @description The credential of navigator.credentials.create() in its JSON form (RegistrationResponseJSON). */
        WebAuthnRegistrationResponse: {
            id: string;
            rawId: string;
            /** @enum {string} */
            type: "public-key";
            response: {
                clientDataJSON: string;
                attestationObject: string;
                transports?: string[];
            };
            /** @default {} */
            clientExtensionResults: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
        };
        PasskeyList: {
            data: components["schemas"]["Passkey"][];
        };
        PasskeyRenameRequest: {
            /** @example MacBook Touch ID */
            name: string;
        };
        /** @description PublicKeyCredentialRequestOptionsJSON. Pass unchanged to @simplewebauthn/browser (`optionsJSON`). The challenge is valid 5 minutes, once. */
        WebAuthnAuthenticationOptions: {
            challenge: string;
        } & {
            [key: string]: unknown;
        };
        MfaWebAuthnOptionsRequest: {
            mfa_token: string;
        };
        PasskeySignInRequest: {
            response: components["schemas"]["WebAuthnAuthenticationResponse"];
        };
        Reauthenticated: {
            /**
             * Format: date-time
             * @description When the proof was accepted.
             */
            auth_time: string;
            /**
             * Format: date-time
             * @description Until then, routes that need a fresh proof accept this session (10 minutes).
             */
            reauthenticate_before: string;
        };
        ReauthenticateRequest: {
            password?: string;
            /** @description A current code from the authenticator app, or one of the recovery codes. */
            code?: string;
            webauthn_response?: components["schemas"]["WebAuthnAuthenticationResponse"] & unknown;
        };
        FactorChangeUndoLink: {
            /** @enum {string} */
            kind: "passkey_added" | "passkey_removed" | "totp_enabled" | "totp_disabled" | "recovery_codes_regenerated";
            /** @description The passkey’s name, for an added passkey. */
            name: string | null;
            /** Format: date-time */
            changed_at: string;
        };
        FactorChangeUndoResult: components["schemas"]["FactorChangeUndoLink"] & {
            factor_removed: boolean;
            sessions_ended: number;
            api_tokens_revoked: number;
        };
        FactorChangeUndoRequest: {
            token: string;
        };
        Organization: {
            id: string;
            name: string;
            slug: string;
            description: string | null;
            website_url: string | null;
            is_active: boolean;
            max_members: number;
            /** @description Members without a second factor are asked to set one up (GET /auth/me answers mfa_enrollment_required). */
            require_two_factor: boolean;
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description The caller's role in this organization.
             * @example member
             */
            role: string;
            /** @description The caller's permissions in this organization (their role's, in catalog order): what the dashboard shows enabled. */
            my_permissions: components["schemas"]["PermissionName"][];
        };
        /**
         * @description A permission of the platform’s catalog (GET /permissions/catalog), `resource:action`.
         * @enum {string}
         */
        PermissionName: "organization:read" | "organization:update" | "organization:deactivate" | "member:read" | "member:invite" | "member:update" | "member:remove" | "invitation:read" | "invitation:revoke" | "project:read" | "project:create" | "project:update" | "project:deactivate" | "application:read" | "application:create" | "application:update" | "application:delete" | "application:manage_oidc" | "token:create" | "email_template:read" | "email_template:update" | "analytics:read" | "alert:read" | "alert:manage" | "log:read" | "webhook:read" | "webhook:manage" | "pool:read" | "pool:update" | "pool_user:read" | "pool_user:create" | "pool_user:update" | "pool_user:delete" | "pool_user:import" | "role:read" | "role:manage" | "app_role:read" | "app_role:manage" | "app_role:assign" | "skill:manage" | "policy:read" | "policy:manage";
        CreateOrganizationRequest: {
            name: string;
            /** @example acme-inc */
            slug: string;
            description?: string;
            /** @example acme.example */
            website_url?: string;
        };
        OrganizationList: {
            data: components["schemas"]["Organization"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        UpdateOrganizationRequest: {
            name?: string;
            /** @example acme-inc */
            slug?: string;
            description?: string | null;
            /** @example acme.example */
            website_url?: string;
            max_members?: number;
            /** @description Require two-factor sign-in for all members (admins only). */
            require_two_factor?: boolean;
        };
        OrganizationMemberList: {
            data: components["schemas"]["OrganizationMember"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        OrganizationMember: {
            id: string;
            organization_id: string;
            user_id: string;
            /**
             * @description A built-in role (`admin`, `member`) or the name of one of the organization’s custom roles.
             * @example member
             */
            role: string;
            /** @description False while the invitation is pending. */
            is_active: boolean;
            /**
             * @description `pending` until the invited person accepts (no access until then; the invitation holds a seat). Only admins see pending invitations in member lists.
             * @enum {string}
             */
            status: "pending" | "active";
            invited_by: string | null;
            /**
             * Format: date-time
             * @description When they accepted (pending: when invited).
             */
            joined_at: string;
            user: {
                id: string;
                /** Format: email */
                email: string;
                display_name: string;
            };
            /** @description The person’s skills in the order they were set (names unique case-insensitively); empty when none. */
            skills: components["schemas"]["Skill"][];
        };
        /** @description A skill: a name and an optional level. */
        Skill: {
            /** @example TypeScript */
            name: string;
            /**
             * @description 1 (beginner) to 5 (expert); null when the skill has no level.
             * @example 4
             */
            level: number | null;
        };
        InviteMemberRequest: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            /**
             * @description A built-in role (`admin`, `member`) or the name of one of the organization’s custom roles (case-insensitive; 400 unknown_role otherwise).
             * @default member
             * @example member
             */
            role: string;
        };
        LeaveOrganizationByLinkResponse: {
            organization_id: string;
            organization_name: string;
            /** @description Who added the person (display name, or address). */
            inviter_name: string;
            inviter_email: string;
        };
        LeaveOrganizationByLinkRequest: {
            token: string;
        };
        UpdateMemberRequest: {
            /**
             * @description A built-in role (`admin`, `member`) or the name of one of the organization’s custom roles (case-insensitive; 400 unknown_role otherwise).
             * @example member
             */
            role: string;
        };
        InvitationList: {
            data: components["schemas"]["Invitation"][];
        };
        Invitation: {
            id: string;
            organization: {
                id: string;
                name: string;
            };
            /**
             * @description A built-in role (`admin`, `member`) or the name of one of the organization’s custom roles.
             * @example member
             */
            role: string;
            /** @description Who invited the person (null when that account no longer exists). */
            invited_by: {
                id: string;
                /** Format: email */
                email: string;
                display_name: string;
            } | null;
            /** Format: date-time */
            created_at: string;
        };
        PermissionCatalog: {
            resources: {
                resource: string;
                label: {
                    de: string;
                    en: string;
                };
                actions: {
                    name: components["schemas"]["PermissionName"];
                    action: string;
                    label: {
                        de: string;
                        en: string;
                    };
                }[];
            }[];
            /** @description What the built-in roles hold. */
            built_in_roles: {
                admin: components["schemas"]["PermissionName"][];
                member: components["schemas"]["PermissionName"][];
            };
        };
        OrganizationRoleList: {
            data: components["schemas"]["OrganizationRole"][];
        };
        OrganizationRole: {
            /** @description null for the built-in roles. */
            id: string | null;
            name: string;
            description: string | null;
            /** @description In catalog order. */
            permissions: components["schemas"]["PermissionName"][];
            /** @description `admin` and `member`: fixed, cannot be changed or deleted. */
            built_in: boolean;
            /** @description Members holding the role, pending invitations included. */
            member_count: number;
            /** Format: date-time */
            created_at: string | null;
            /** Format: date-time */
            updated_at: string | null;
        };
        CreateOrganizationRoleRequest: {
            name: string;
            description?: string | null;
            /** @description Permission names from the catalog; duplicates are ignored. */
            permissions: components["schemas"]["PermissionName"][];
        };
        UpdateOrganizationRoleRequest: {
            name?: string;
            description?: string | null;
            /** @description Permission names from the catalog; duplicates are ignored. */
            permissions?: components["schemas"]["PermissionName"][];
        };
        /** @description Replaces the list: at most 50 skills, each a name (1–50 characters, trimmed, unique case-insensitively) and an optional level (1–5). */
        SetSkillsRequest: {
            skills: {
                /** @example TypeScript */
                name: string;
                /**
                 * @description 1 (beginner) to 5 (expert); leave out (or null) for none.
                 * @example 4
                 */
                level?: number | null;
            }[];
        };
        WebhookList: {
            data: components["schemas"]["Webhook"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        Webhook: {
            id: string;
            organization_id: string;
            url: string;
            description: string | null;
            events: string[];
            project_ids: string[];
            application_ids: string[];
            enabled: boolean;
            /**
             * @description `failing`: disabled automatically after a delivery failed for 24 hours.
             * @enum {string|null}
             */
            disabled_reason: "failing" | "manual" | null;
            /** Format: date-time */
            disabled_at: string | null;
            consecutive_failures: number;
            /** Format: date-time */
            last_success_at: string | null;
            /** Format: date-time */
            last_failure_at: string | null;
            /** @description The first characters of the secret. */
            secret_hint: string;
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookWithSecret: components["schemas"]["Webhook"] & {
            /** @description The signing secret (`whsec_…`), shown in this response only. */
            secret: string;
        };
        CreateWebhookRequest: {
            /**
             * @description Where events are POSTed (http:// or https://).
             * @example https://example.com/hooks/iam
             */
            url: string;
            /**
             * @description Event types or patterns: an exact type, `<group>.*` or `*`. Types: user.registered, user.email_confirmed, user.updated, user.deleted, session.created, member.added, member.role_changed, member.removed, role.created, role.updated, role.deleted, project_role.created, project_role.updated, project_role.deleted, project_permission.created, project_permission.updated, project_permission.deleted, user.roles_changed, skills.changed, policy.created, policy.updated, policy.deleted, organization.updated, application.created, application.updated, application.deleted, token.created, token.revoked, email.sent, email.failed, alert.firing, alert.resolved.
             * @example [
             *       "user.*",
             *       "member.added"
             *     ]
             */
            events: string[];
            description?: string;
            /** @description Only events about these projects (or the applications below); empty: all events. */
            project_ids?: string[];
            application_ids?: string[];
        };
        UpdatedWebhook: components["schemas"]["Webhook"] & {
            /** @description The new secret, when `rotate_secret` was sent. */
            secret?: string;
        };
        UpdateWebhookRequest: {
            /**
             * @description Where events are POSTed (http:// or https://).
             * @example https://example.com/hooks/iam
             */
            url?: string;
            /**
             * @description Event types or patterns: an exact type, `<group>.*` or `*`. Types: user.registered, user.email_confirmed, user.updated, user.deleted, session.created, member.added, member.role_changed, member.removed, role.created, role.updated, role.deleted, project_role.created, project_role.updated, project_role.deleted, project_permission.created, project_permission.updated, project_permission.deleted, user.roles_changed, skills.changed, policy.created, policy.updated, policy.deleted, organization.updated, application.created, application.updated, application.deleted, token.created, token.revoked, email.sent, email.failed, alert.firing, alert.resolved.
             * @example [
             *       "user.*",
             *       "member.added"
             *     ]
             */
            events?: string[];
            description?: string | null;
            project_ids?: string[];
            application_ids?: string[];
            /** @description Enabling a webhook that was disabled sends the events that waited for it. */
            enabled?: boolean;
            /**
             * @description Issue a new secret (in this response only); the old one stops signing at once.
             * @enum {boolean}
             */
            rotate_secret?: true;
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        WebhookDelivery: {
            id: string;
            webhook_id: string;
            /** @description Same for every delivery of one event (X-IAM-Event-Id). */
            event_id: string;
            /** @description An event type, or webhook.test. */
            event_type: string;
            /** @enum {string} */
            trigger: "event" | "test" | "redelivery";
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempts: number;
            /** Format: date-time */
            next_attempt_at: string | null;
            response_status: number | null;
            /** @description The first 1 KB of the last answer. */
            response_body: string | null;
            error: string | null;
            duration_ms: number | null;
            attempt_log: {
                /** Format: date-time */
                at: string;
                response_status: number | null;
                duration_ms: number;
                error: string | null;
            }[];
            /** @description The JSON body that is (or was) sent. */
            payload?: unknown;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            delivered_at: string | null;
        };
        PersonalDataExport: {
            /** @enum {string} */
            format: "iam-platform-personal-data/1";
            /** Format: date-time */
            exported_at: string;
            user_id: string;
            profile: {
                [key: string]: unknown;
            };
            mail_preferences: {
                [key: string]: unknown;
            }[];
            /** @description Whether and when the first-run checklist was hidden. */
            onboarding: {
                [key: string]: unknown;
            }[];
            /** @description Each with its organization (name, slug) while it exists. */
            memberships: {
                [key: string]: unknown;
            }[];
            /** @description Every sign-in still stored: device, address, times, how it ended. */
            sessions: {
                [key: string]: unknown;
            }[];
            /** @description Metadata only (name, prefix, scopes, times); never the token or its hash. */
            api_tokens: {
                [key: string]: unknown;
            }[];
            /** @description Registered passkeys: name, times of creation and last use, device type; not the public key. */
            passkeys: {
                [key: string]: unknown;
            }[];
            activity: {
                [key: string]: unknown;
            }[];
            /** @description SDK installations linked to the account. */
            installations: {
                [key: string]: unknown;
            }[];
            anonymous_users: {
                [key: string]: unknown;
            }[];
            /** @description E-mails sent to the account: recipient, subject, template, status, time. */
            emails: {
                [key: string]: unknown;
            }[];
            development_outbox: {
                [key: string]: unknown;
            }[];
        };
        DeleteAccountRequest: {
            /** @description Required for an account with a password. One without (Google or passkey only) confirms by mail instead: POST /auth/me/deletion-confirmations. */
            password?: string;
        };
        DeletionConfirmationSent: {
            /** @description The account’s address, where the link went. */
            sent_to: string;
            /**
             * Format: date-time
             * @description The link works once, until then (30 minutes).
             */
            expires_at: string;
        };
        ConfirmAccountDeletionRequest: {
            /** @description The `token` of the mailed link. */
            token: string;
        };
        CreatedProject: {
            id: string;
            name: string;
            slug: string;
            description: string | null;
            organization_id: string;
            /** @enum {string} */
            environment: "development" | "staging" | "production";
            repository_url: string | null;
            /** @description The first 8 characters of the API key; the key itself is shown only once. */
            api_key_prefix: string;
            is_active: boolean;
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description `pk_` + 64 hex characters. Shown in this response only; store it now. */
            api_key: string;
        };
        CreateProjectRequest: {
            name: string;
            slug: string;
            organization_id: string;
            description?: string;
            /**
             * @default development
             * @enum {string}
             */
            environment: "development" | "staging" | "production";
            repository_url?: "" | string;
        };
        ProjectList: {
            data: components["schemas"]["Project"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        Project: {
            id: string;
            name: string;
            slug: string;
            description: string | null;
            organization_id: string;
            /** @enum {string} */
            environment: "development" | "staging" | "production";
            repository_url: string | null;
            /** @description The first 8 characters of the API key; the key itself is shown only once. */
            api_key_prefix: string;
            is_active: boolean;
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        UpdateProjectRequest: {
            name?: string;
            /** @example acme-inc */
            slug?: string;
            description?: string | null;
            /** @enum {string} */
            environment?: "development" | "staging" | "production";
            repository_url?: "" | string | null;
        };
        PoolSettings: {
            project_id: string;
            /**
             * @description `open`: anyone may sign up; `invite`: only invited addresses; `closed`: no sign-up.
             * @enum {string}
             */
            signup: "open" | "invite" | "closed";
            /** @description The sign-in methods offered. */
            methods: ("password" | "google" | "passkey" | "email_code")[];
            password_min_length: number;
            /**
             * @description `off`: not offered; `optional`: users may add one; `required`: every sign-in needs one.
             * @enum {string}
             */
            second_factor: "off" | "optional" | "required";
            /** @description Lifetime of an access token. */
            session_lifetime_seconds: number;
            /** @description Lifetime of a refresh token. */
            refresh_lifetime_seconds: number;
            /** @description The pool’s own Google OAuth client; null: none. */
            google: {
                client_id: string;
                /** @description Whether a client secret is stored; the secret itself is never answered. */
                client_secret_set: boolean;
            } | null;
            branding: components["schemas"]["PoolBranding"];
            redirect_urls: string[];
            /**
             * Format: date-time
             * @description null while every setting is its default.
             */
            updated_at: string | null;
        };
        PoolBranding: {
            /** @description Shown on the hosted pages; default the project’s name. */
            display_name: string;
            logo_url: string | null;
            /** @example #4f46e5 */
            primary_color: string;
            /**
             * @description The hosted pages’ and mails’ default language.
             * @enum {string}
             */
            locale: "de" | "en";
            support_email: string | null;
        };
        UpdatePoolRequest: {
            /** @enum {string} */
            signup?: "open" | "invite" | "closed";
            methods?: ("password" | "google" | "passkey" | "email_code")[];
            password_min_length?: number;
            /** @enum {string} */
            second_factor?: "off" | "optional" | "required";
            session_lifetime_seconds?: number;
            refresh_lifetime_seconds?: number;
            /** @description The pool’s own Google OAuth client; null removes it. */
            google?: {
                client_id: string;
                /** @description Write-only. Leave it out to keep the stored secret (same client_id only). */
                client_secret?: string;
            } | null;
            branding?: components["schemas"]["PoolBrandingChanges"];
            redirect_urls?: string[];
        };
        PoolBrandingChanges: {
            /** @description Empty or null: the project’s name. */
            display_name?: string | null;
            logo_url?: "" | string | null;
            /** @example #4f46e5 */
            primary_color?: string;
            /** @enum {string} */
            locale?: "de" | "en";
            support_email?: "" | string | null;
        };
        PublicPool: {
            project_id: string;
            /** @description The application the hosted pages act for (`X-Application-ID` of the embedding API): `client_id` when it is an active application of this project, else the project’s oldest active application. */
            application_id: string;
            branding: components["schemas"]["PoolBranding"];
            /** @enum {string} */
            signup: "open" | "invite" | "closed";
            methods: ("password" | "google" | "passkey" | "email_code")[];
            password_min_length: number;
            /** @enum {string} */
            second_factor: "off" | "optional" | "required";
        };
        PoolUserList: {
            data: components["schemas"]["PoolUser"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** @description An end user of a project’s user pool. */
        PoolUser: {
            id: string;
            /** Format: email */
            email: string;
            display_name: string;
            /** @description The e-mail address is confirmed. */
            is_verified: boolean;
            blocked: boolean;
            /** Format: date-time */
            blocked_at: string | null;
            has_password: boolean;
            signs_in_with_google: boolean;
            /** @description An authenticator app or a passkey is set up. */
            second_factor: boolean;
            registered_application_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_login_at: string | null;
            /** @description Application roles of the project the user holds (names, sorted; PUT …/users/{user_id}/roles). */
            roles: string[];
            /** @description The person’s skills in the order they were set (names unique case-insensitively); empty when none. */
            skills: components["schemas"]["Skill"][];
        };
        /** @description The user with their live sessions, second factors, what the SDKs linked to them in the project’s applications (at most 50 installations and anonymous users) and their 20 latest audit entries (request-log rows left out). */
        PoolUserDetail: components["schemas"]["PoolUser"] & {
            sessions: {
                id: string;
                method: string;
                application_id: string | null;
                ip_address: string | null;
                user_agent: string | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                last_used_at: string;
                /** Format: date-time */
                expires_at: string;
            }[];
            second_factors: {
                id: string;
                /** @enum {string} */
                type: "totp" | "passkey";
                name: string;
                /** Format: date-time */
                added_at: string;
            }[];
            installations: {
                installation_id: string;
                application_id: string;
                platform: string | null;
                user_agent: string | null;
                sdk_version: string | null;
                /** Format: date-time */
                linked_at: string | null;
                /** Format: date-time */
                first_seen_at: string;
                /** Format: date-time */
                last_seen_at: string;
            }[];
            anonymous_users: {
                anonymous_id: string;
                application_id: string;
                installation_id: string | null;
                /** Format: date-time */
                linked_at: string | null;
                /** Format: date-time */
                first_seen_at: string;
                /** Format: date-time */
                last_activity_at: string;
            }[];
            recent_activity: {
                id: string;
                action: string;
                application_id: string | null;
                status_code: number | null;
                ip_address: string | null;
                user_agent: string | null;
                /** Format: date-time */
                created_at: string;
            }[];
        };
        PoolUserImportResult: {
            imported: number;
            /** @description Rows whose e-mail address is already in the pool (or earlier in the file). */
            skipped: number;
            errors: {
                /** @description Position in `users`, from 0 (CSV: 0 is the row after the header). */
                index: number;
                email: string | null;
                reason: string;
            }[];
        };
        PoolUserImport: {
            users: {
                /** Format: email */
                email: string;
                /** @description Default: the part before @. */
                display_name?: string | null;
                /** @description A bcrypt hash as other products export it ($2a$, $2b$, $2y$; cost 4–14). The user signs in with the old password; the first sign-in stores it again in this platform’s format. Without one, the user sets a password through the reset link (POST …/password-reset) or signs in another way the pool allows. */
                password_hash?: string | null;
                /** @description Default false. */
                email_verified?: boolean | null;
            }[];
        };
        PoolUserInvited: {
            user: components["schemas"]["PoolUser"];
            created: boolean;
        };
        PoolUserInvite: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
        };
        PoolUserSignedOut: {
            sessions_ended: number;
        };
        PoolUserSecondFactorReset: {
            removed: {
                id: string;
                /** @enum {string} */
                type: "totp" | "passkey";
                name: string;
            }[];
        };
        PoolUserResetMailSent: {
            /** Format: email */
            sent_to: string;
        };
        AppPermissionList: {
            /** @description By name. */
            data: components["schemas"]["AppPermission"][];
        };
        /** @description A permission a project defines for its applications. */
        AppPermission: {
            id: string;
            name: string;
            description: string | null;
            /** @description Roles of the project that grant it. */
            role_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreateAppPermissionRequest: {
            /**
             * @description The permission’s name, unique in the project. Lower-case letters, digits and : . _ - (at most 64), starting with a letter or digit, e.g. invoice:read.
             * @example invoice:read
             */
            name: string;
            /** @description What it is for (shown in the dashboard); empty or null for none. */
            description?: string | null;
        };
        UpdateAppPermissionRequest: {
            /**
             * @description The permission’s name, unique in the project. Lower-case letters, digits and : . _ - (at most 64), starting with a letter or digit, e.g. invoice:read.
             * @example invoice:read
             */
            name?: string;
            /** @description What it is for (shown in the dashboard); empty or null for none. */
            description?: string | null;
        };
        AppRoleList: {
            /** @description By name. */
            data: components["schemas"]["AppRole"][];
        };
        /** @description A role a project defines for its end users: a bundle of its permissions. */
        AppRole: {
            id: string;
            name: string;
            description: string | null;
            /** @description Permission names, sorted. */
            permissions: string[];
            /** @description New end users of the pool get this role when they sign up (at most one role is). */
            default: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreateAppRoleRequest: {
            /**
             * @description The role’s name, unique in the project. Lower-case letters, digits and : . _ - (at most 64), starting with a letter or digit, e.g. invoice:read.
             * @example accountant
             */
            name: string;
            /** @description What it is for (shown in the dashboard); empty or null for none. */
            description?: string | null;
            /**
             * @description Names of the project’s permissions; duplicates are ignored. A name the project does not define is refused (400 unknown_app_permissions naming it).
             * @default []
             * @example [
             *       "invoice:read",
             *       "invoice:write"
             *     ]
             */
            permissions: string[];
            /** @description true: this becomes the default role for new sign-ups (the previous default stops being it, in the same write); false: the project has no default role afterwards if this one was it. */
            default?: boolean;
        };
        UpdateAppRoleRequest: {
            /**
             * @description The role’s name, unique in the project. Lower-case letters, digits and : . _ - (at most 64), starting with a letter or digit, e.g. invoice:read.
             * @example accountant
             */
            name?: string;
            /** @description What it is for (shown in the dashboard); empty or null for none. */
            description?: string | null;
            /**
             * @description Names of the project’s permissions; duplicates are ignored. A name the project does not define is refused (400 unknown_app_permissions naming it).
             * @example [
             *       "invoice:read",
             *       "invoice:write"
             *     ]
             */
            permissions?: string[];
            /** @description true: this becomes the default role for new sign-ups (the previous default stops being it, in the same write); false: the project has no default role afterwards if this one was it. */
            default?: boolean;
        };
        UserRoles: {
            user_id: string;
            /** @description Role names, sorted. */
            roles: string[];
            /** @description The permissions these roles grant: names, sorted, each once. */
            permissions: string[];
        };
        SetUserRolesRequest: {
            /**
             * @description Every role the end user holds afterwards (replaces the list; [] removes all; at most 50). Names the project does not define are refused (400 unknown_app_roles naming them).
             * @example [
             *       "accountant"
             *     ]
             */
            roles: string[];
        };
        PolicyList: {
            /** @description All of them, by name. */
            data: components["schemas"]["Policy"][];
            next_cursor: null;
        };
        Policy: {
            id: string;
            /**
             * @description Whose policy: a project’s, or an organization’s (applies in all its projects).
             * @enum {string}
             */
            scope: "project" | "organization";
            organization_id: string;
            project_id: string | null;
            name: string;
            description: string | null;
            /** @enum {string} */
            effect: "allow" | "deny";
            actions: string[];
            conditions: components["schemas"]["PolicyConditions"];
            enabled: boolean;
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A decision, or `results` for `checks` (same order). */
        AuthorizeResponse: components["schemas"]["AuthorizationDecision"] | {
            results: components["schemas"]["AuthorizationDecision"][];
        };
        AuthorizationDecision: {
            allowed: boolean;
            /**
             * @description denied_by_policy: an enabled deny policy matched (deny wins); granted_by_role: the subject’s roles grant the action; allowed_by_policy: an allow policy matched; no_matching_policy: nothing allows it.
             * @enum {string}
             */
            reason: "denied_by_policy" | "granted_by_role" | "allowed_by_policy" | "no_matching_policy";
            /** @description The deny policies that matched (denied), or the allow policies that matched (allowed). */
            matched_policies: {
                id: string;
                name: string;
                /** @enum {string} */
                effect: "allow" | "deny";
                /** @enum {string} */
                scope: "project" | "organization";
            }[];
        };
        /** @description One check (`subject`, `action`, `resource`, `context`) or up to 100 as `checks`. */
        AuthorizeRequest: {
            /** @description Sessions: the project whose policies and roles decide (or organization_id). API tokens: their application’s project (if given, it must be that one). */
            project_id?: string;
            /** @description Sessions: an organization’s policies and its members’ roles only (no project). */
            organization_id?: string;
            /** @description Whom to check; default the caller. */
            subject?: {
                user_id: string;
            };
            action?: string;
            resource?: components["schemas"]["AuthorizeResource"];
            context?: components["schemas"]["AuthorizeContext"];
            /** @description Up to 100 checks at once, answered as `results` in the same order. */
            checks?: {
                /** @description Whom to check; default the caller. */
                subject?: {
                    user_id: string;
                };
                action: string;
                resource?: components["schemas"]["AuthorizeResource"];
                context?: components["schemas"]["AuthorizeContext"];
            }[];
        };
        /**
         * @description What the subject acts on; every field optional. Without `project_id`/`organization_id` it belongs to the project (organization) of the check.
         * @default {}
         */
        AuthorizeResource: {
            type?: string;
            id?: string;
            /** @description The user id of its owner. */
            owner_id?: string | null;
            organization_id?: string | null;
            project_id?: string | null;
            attributes?: {
                [key: string]: string | number | boolean | null | (string | number | boolean)[];
            };
        };
        AuthorizeContext: {
            /** @description The end user’s address; default the address of this request. */
            ip?: string;
            /**
             * Format: date-time
             * @description When; default now.
             */
            time?: string;
        };
        Application: {
            id: string;
            project_id: string;
            organization_id: string;
            name: string;
            slug: string;
            description: string | null;
            version: string;
            api_endpoint: string | null;
            allowed_origins: string[];
            is_active: boolean;
            oidc: components["schemas"]["ApplicationOidc"];
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ApplicationOidc: {
            /** @description The client id: the application id. */
            client_id: string;
            /** @description The issuer of the project’s user pool: `{PUBLIC_URL}/oidc/{project_id}`. */
            issuer: string;
            /**
             * @description `null`: the application is no OpenID client (the provider finds none).
             * @enum {string|null}
             */
            client_type: "spa" | "web" | "native" | "m2m" | null;
            redirect_uris: string[];
            post_logout_redirect_uris: string[];
            grant_types: ("authorization_code" | "refresh_token" | "client_credentials")[];
            /** @description true: no consent screen. */
            first_party: boolean;
            /** @enum {string} */
            token_endpoint_auth_method: "none" | "client_secret_basic" | "client_secret_post" | "private_key_jwt";
            jwks_uri: string | null;
            backchannel_logout_uri: string | null;
            access_token_ttl_s: number | null;
            refresh_token_ttl_s: number | null;
            /** @description This application as an API: the `aud` of access tokens requested with `resource=<it>`. */
            api_identifier: string | null;
            api_scopes: string[];
            client_secret_set: boolean;
            /** Format: date-time */
            client_secret_created_at: string | null;
        };
        CreateApplicationRequest: {
            project_id: string;
            name: string;
            /**
             * @description Derived from the name when omitted.
             * @example acme-inc
             */
            slug?: string;
            description?: string;
            /**
             * @default 1.0.0
             * @example 1.0.0
             */
            version: string;
            api_endpoint?: "" | string;
            /** @description Origins allowed to call the embedding API from a browser. */
            allowed_origins?: string[];
        };
        ApplicationList: {
            data: components["schemas"]["Application"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        UpdateApplicationRequest: {
            name?: string;
            /** @example acme-inc */
            slug?: string;
            description?: string | null;
            /** @example 1.0.0 */
            version?: string;
            api_endpoint?: "" | string | null;
            /** @description Origins allowed to call the embedding API from a browser. */
            allowed_origins?: string[];
            oidc?: components["schemas"]["UpdateApplicationOidc"];
        };
        /** @description OpenID Connect settings (partial: fields left out stay). Admins only, with a fresh proof of identity; not with API tokens. */
        UpdateApplicationOidc: {
            /** @enum {string|null} */
            client_type?: "spa" | "web" | "native" | "m2m" | null;
            redirect_uris?: string[];
            post_logout_redirect_uris?: string[];
            grant_types?: ("authorization_code" | "refresh_token" | "client_credentials")[];
            first_party?: boolean;
            /** @enum {string} */
            token_endpoint_auth_method?: "none" | "client_secret_basic" | "client_secret_post" | "private_key_jwt";
            jwks_uri?: "" | string | null;
            backchannel_logout_uri?: "" | string | null;
            access_token_ttl_s?: number | null;
            refresh_token_ttl_s?: number | null;
            api_identifier?: "" | string | null;
            api_scopes?: string[];
        };
        OidcClientSecret: {
            /** @description Shown once: only its SHA-256 is stored. */
            client_secret: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Until when the previous secret still works; null for a first secret.
             */
            previous_secret_expires_at: string | null;
        };
        RotateOidcSecretRequest: {
            /**
             * @description How long the previous secret keeps working (default one day).
             * @default 86400
             */
            overlap_seconds: number;
        };
        RefusedOriginList: {
            origins: components["schemas"]["RefusedOrigin"][];
            /** @description At most this many origins are kept. */
            kept: number;
        };
        RefusedOrigin: {
            /** @example https://shop.example.com */
            origin: string;
            /** @description Refusals seen (may lag by up to a minute). */
            count: number;
            /** Format: date-time */
            first_seen_at: string;
            /** Format: date-time */
            last_seen_at: string;
        };
        EmbeddingRegisterResponse: {
            user: components["schemas"]["User"];
            confirmation_required: boolean;
        };
        EmbeddingRegisterRequest: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            password: string;
            display_name?: string;
            /**
             * @description The anonymous user, kept in localStorage.
             * @example anon_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            anonymous_id?: string;
            /**
             * @description The installation (browser or process), kept in localStorage.
             * @example inst_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            installation_id?: string;
        };
        EmbeddingSession: {
            /** @description The access JWT; send it as `Authorization: Bearer …`. */
            token: string;
            refresh_token: string;
            /** @description Unix time (seconds) at which `token` expires. */
            expires_at: number;
            user: components["schemas"]["User"];
            /**
             * @description Present when the application's user pool requires a second factor and the account has none: the token only sets one up (POST /api/v1/auth/mfa/totp, passkeys) and reads /api/v1/auth/me; every other route answers 403 second_factor_enrollment_required. Sign in again afterwards.
             * @enum {boolean}
             */
            second_factor_enrollment_required?: true;
        };
        EmbeddingLoginRequest: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            password: string;
            /**
             * @description The anonymous user, kept in localStorage.
             * @example anon_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            anonymous_id?: string;
            /**
             * @description The installation (browser or process), kept in localStorage.
             * @example inst_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            installation_id?: string;
        };
        EmbeddingMfaChallengeRequest: components["schemas"]["MfaChallengeRequest"] & {
            /**
             * @description The anonymous user, kept in localStorage.
             * @example anon_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            anonymous_id?: string;
            /**
             * @description The installation (browser or process), kept in localStorage.
             * @example inst_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            installation_id?: string;
        };
        EmbeddingRefreshRequest: {
            refresh_token: string;
        };
        EmbeddingVerifyResponse: {
            user: components["schemas"]["User"];
            application_id: string;
        };
        EmbeddingPermissions: {
            application_id: string;
            /** @description The caller's role in the organization that owns the application (a built-in role or a custom role's name); null for the application's end users (its user pool). */
            role: string | null;
            /** @description The end user's application roles (the project's roles they hold; names, sorted). Empty for the organization's members. */
            roles: string[];
            permissions: {
                read: boolean;
                write: boolean;
                delete: boolean;
                manage_members: boolean;
            };
            /** @description The application permissions these roles grant (the project's permission names, sorted, each once). Empty for the organization's members. */
            application_permissions: string[];
        };
        EmbeddingAccepted: {
            /** @enum {boolean} */
            success: true;
            message: string;
        };
        EmbeddingEmailRequest: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
        };
        HostedCodeResponse: {
            /** @description redirect_uri with `code` (and `state`) added. */
            redirect_to: string;
        };
        HostedCodeRequest: {
            /**
             * Format: uri
             * @description Where the code goes: exactly one of the pool's redirect_urls, or any URL on one of the application's allowed_origins.
             * @example https://shop.example.com/account
             */
            redirect_uri: string;
            code_challenge: string;
            /**
             * @description Only S256 is offered.
             * @enum {string}
             */
            code_challenge_method?: "S256";
            /** @description Returned unchanged beside the code, for the page to check; empty or missing: none. */
            state?: string;
        };
        HostedTokenRequest: {
            code: string;
            code_verifier: string;
            /**
             * Format: uri
             * @description The redirect_uri the code was issued for.
             * @example https://shop.example.com/account
             */
            redirect_uri: string;
            /**
             * @description The anonymous user, kept in localStorage.
             * @example anon_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            anonymous_id?: string;
            /**
             * @description The installation (browser or process), kept in localStorage.
             * @example inst_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            installation_id?: string;
        };
        EmbeddingEmailCodeVerifyRequest: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            /**
             * @description The 6 digits from the mail (spaces and hyphens are ignored).
             * @example 042917
             */
            code: string;
            /**
             * @description The anonymous user, kept in localStorage.
             * @example anon_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            anonymous_id?: string;
            /**
             * @description The installation (browser or process), kept in localStorage.
             * @example inst_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            installation_id?: string;
        };
        EmbeddingPasskeySignInRequest: {
            response: components["schemas"]["WebAuthnAuthenticationResponse"];
            /**
             * @description The anonymous user, kept in localStorage.
             * @example anon_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            anonymous_id?: string;
            /**
             * @description The installation (browser or process), kept in localStorage.
             * @example inst_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            installation_id?: string;
        };
        EmbeddingGoogleExchangeRequest: {
            /** @description The `google_code` the hosted page was sent back with. */
            code: string;
            /**
             * @description The anonymous user, kept in localStorage.
             * @example anon_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            anonymous_id?: string;
            /**
             * @description The installation (browser or process), kept in localStorage.
             * @example inst_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            installation_id?: string;
        };
        EmbeddingOriginCheck: {
            /** @enum {boolean} */
            allowed: true;
            origin: string | null;
        };
        /** @description One check (`action`, `resource`) or up to 100 as `checks`; the subject is the signed-in end user, the context this request (its address, now). */
        EndUserAuthorizeRequest: {
            action?: string;
            resource?: components["schemas"]["AuthorizeResource"];
            /** @description Up to 100 checks at once, answered as `results` in the same order. */
            checks?: {
                action: string;
                resource?: components["schemas"]["AuthorizeResource"];
            }[];
        };
        RegisterInstallationResponse: {
            /** @enum {boolean} */
            success: true;
            installation_id: string;
            /** @description Whether this session id was counted as a new session. */
            new_session: boolean;
        };
        RegisterInstallationRequest: {
            /**
             * @description The installation (browser or process), kept in localStorage.
             * @example inst_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            installation_id: string;
            device_info?: components["schemas"]["DeviceInfo"];
            environment_info?: components["schemas"]["EnvironmentInfo"];
            /** @default true */
            is_anonymous: boolean;
            /**
             * @description The anonymous user, kept in localStorage.
             * @example anon_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            anonymous_id?: string | null;
            /** @description Your own id for the user, as reported by the client (stored as reported_user_id, unverified). Linking to an account of this platform happens through POST /api/v1/identify or the embedding sign-in. */
            user_id?: string | null;
        };
        DeviceInfo: {
            platform?: string | null;
            user_agent?: string | null;
            language?: string | null;
            timezone?: string | null;
            /** @example 1920x1080 */
            screen_resolution?: string | null;
            color_depth?: number | null;
            /** @description GiB, as navigator.deviceMemory. */
            device_memory?: number | null;
            hardware_concurrency?: number | null;
        } | null;
        EnvironmentInfo: {
            url?: string | null;
            referrer?: string | null;
            /**
             * @description ISO 8601 date-time (UTC when it has no offset) or Unix epoch milliseconds.
             * @example 2030-01-31T12:00:00.000Z
             */
            timestamp?: string | number | null;
            /**
             * @description The session, kept in sessionStorage (new after 30 min idle).
             * @example sess_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            session_id?: string | null;
        } | null;
        LogActivityResponse: {
            /** @enum {boolean} */
            success: true;
            activity_id: string;
        };
        LogActivityRequest: {
            action: string;
            /** @enum {string} */
            resource_type: "user" | "token" | "project" | "application" | "organization" | "member" | "role" | "policy" | "api" | "component" | "other";
            resource_id?: string | null;
            /** @description Context for people reading the log. Never put secrets here. */
            metadata?: {
                [key: string]: unknown;
            };
            /**
             * @description The installation (browser or process), kept in localStorage.
             * @example inst_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            installation_id?: string | null;
            /**
             * @description The anonymous user, kept in localStorage.
             * @example anon_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            anonymous_user_id?: string | null;
        };
        AnalyticsBatchResponse: {
            /** @description Events stored by this request. */
            events_processed: number;
            /** @description Events whose id was already stored (or repeated in the batch): not stored again. */
            duplicates: number;
            /** @description Events refused one by one; the rest of the batch is stored. Do not resend them. */
            rejected: {
                /** @description Position in `events`. */
                index: number;
                id: string | null;
                /** @enum {string} */
                reason: "timestamp_in_future" | "timestamp_too_old";
                message: string;
            }[];
        };
        AnalyticsBatch: {
            events: components["schemas"]["AnalyticsEvent"][];
            session_info?: {
                /**
                 * @description The session, kept in sessionStorage (new after 30 min idle).
                 * @example sess_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
                 */
                session_id?: string | null;
                /**
                 * @description The installation (browser or process), kept in localStorage.
                 * @example inst_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
                 */
                installation_id?: string | null;
            } | null;
        };
        AnalyticsEvent: {
            /** @description Idempotency key (the SDKs send evt_…): an event whose id is already stored for this application is not stored or counted again. */
            id?: string | null;
            event: string;
            /** @description Event properties. */
            properties?: {
                [key: string]: unknown;
            };
            /**
             * @description When it happened; default: when it arrived.
             * @example 2030-01-31T12:00:00.000Z
             */
            timestamp?: string | number | null;
        };
        IdentifyResponse: {
            /** @enum {boolean} */
            success: true;
            user_id: string;
            /** @description An anonymous user stays linked to the first account it was linked to (linked_to_other_user: left as it was; call reset() on sign-out so the next person gets a new anonymous id). */
            anonymous_user: {
                anonymous_id: string;
                /** @enum {string} */
                status: "linked" | "already_linked" | "linked_to_other_user";
            } | null;
            /** @description An installation (a device) names the account that signed in on it last. */
            installation: {
                installation_id: string;
                /** @enum {string} */
                status: "linked" | "already_linked" | "linked_to_other_user";
            } | null;
        };
        IdentifyRequest: {
            /**
             * @description The anonymous user, kept in localStorage.
             * @example anon_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            anonymous_id?: string | null;
            /**
             * @description The installation (browser or process), kept in localStorage.
             * @example inst_3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6
             */
            installation_id?: string | null;
        };
        InstallationList: {
            data: components["schemas"]["Installation"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        Installation: {
            id: string;
            installation_id: string;
            application_id: string;
            project_id: string;
            organization_id: string;
            device_info: {
                platform: string | null;
                user_agent: string | null;
                language: string | null;
                timezone: string | null;
                screen_resolution: string | null;
                color_depth: number | null;
                device_memory: number | null;
                hardware_concurrency: number | null;
            };
            environment_info: {
                url: string | null;
                referrer: string | null;
                /** Format: date-time */
                timestamp: string | null;
                session_id: string | null;
            };
            is_anonymous: boolean;
            is_active: boolean;
            anonymous_id: string | null;
            /** @description The account linked by identify or an embedding sign-in. */
            user_id: string | null;
            /** @description user_id as the client reported it (unverified). */
            reported_user_id: string | null;
            /** Format: date-time */
            linked_at: string | null;
            session_count: number;
            total_events: number;
            sdk_version: string | null;
            /** Format: date-time */
            first_seen_at: string;
            /** Format: date-time */
            last_seen_at: string;
        };
        AnonymousUserList: {
            data: components["schemas"]["AnonymousUser"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        AnonymousUser: {
            id: string;
            anonymous_id: string;
            display_name: string;
            installation_id: string | null;
            application_id: string;
            project_id: string;
            organization_id: string;
            user_id: string | null;
            /** Format: date-time */
            linked_at: string | null;
            /** Format: date-time */
            first_seen_at: string;
            /** Format: date-time */
            last_activity_at: string;
        };
        AnalyticsSummary: {
            /**
             * @description 24h, 7d, 30d or 90d (default 24h).
             * @default 24h
             * @enum {string}
             */
            period: "24h" | "7d" | "30d" | "90d";
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            totals: components["schemas"]["AnalyticsTotals"];
            timeseries: {
                /**
                 * Format: date-time
                 * @description Start of the bucket: hourly up to 7d, daily for 30d and 90d.
                 */
                t: string;
                requests: number;
                errors: number;
                events: number;
                active_users: number;
            }[];
            top_endpoints: {
                /** @description The route pattern, e.g. /api/v1/projects/:id. */
                endpoint: string;
                method: string;
                count: number;
                error_rate: number;
                p95_ms: number | null;
            }[];
            top_events: {
                event: string;
                count: number;
            }[];
            latency_ms: {
                p50: number | null;
                p95: number | null;
                p99: number | null;
            };
            compare: components["schemas"]["AnalyticsTotals"] & unknown;
        };
        AnalyticsTotals: {
            /** @description API calls (product and embedding API). */
            requests: number;
            /** @description API calls answered with a status of 400 or more. */
            errors: number;
            /** @description errors / requests in percent, 0 without requests. */
            error_rate: number;
            /** @description Tracked SDK events. */
            events: number;
            /** @description Distinct users (registered and anonymous) active in the period. */
            active_users: number;
            /** @description Distinct registered users active in the period. */
            registered_users: number;
            /** @description Distinct anonymous users active in the period. */
            anonymous_users: number;
            /** @description Installations known in the scope (all time). */
            installations: number;
            /** @description Installations seen in the last 24 hours (SPEC §9). */
            active_installations: number;
            /** @description API tokens that are neither revoked nor expired. */
            tokens_active: number;
        };
        FunctionStatistics: {
            /**
             * @description 24h, 7d, 30d or 90d (default 24h).
             * @default 24h
             * @enum {string}
             */
            period: "24h" | "7d" | "30d" | "90d";
            cards: {
                total_requests: number;
                unique_functions: number;
                resource_types: number;
                avg_response_ms: number | null;
            };
            functions: {
                rank: number;
                /** @description METHOD and route pattern, e.g. "GET /api/v1/projects". */
                function: string;
                resource_type: string;
                count: number;
                avg_response_ms: number | null;
                /** @description Percent of calls with a status below 400 (SPEC §9). */
                success_rate: number;
            }[];
        };
        AnalyticsPages: {
            from: string;
            to: string;
            page_views: number;
            /** @description Distinct installations with a page view. */
            visitors: number;
            pages: {
                path: string;
                views: number;
                visitors: number;
            }[];
            referrers: {
                /** @description Host of the entry view’s referrer, or (direct). */
                referrer: string;
                sessions: number;
                visitors: number;
            }[];
            entry_pages: {
                path: string;
                sessions: number;
            }[];
            exit_pages: {
                path: string;
                sessions: number;
            }[];
            sessions: number;
            avg_session_duration_s: number;
            /** @description Sessions with one page view, in percent. */
            bounce_rate: number;
        };
        AnalyticsFunnel: {
            from: string;
            to: string;
            window_s: number;
            steps: {
                name: string;
                count: number;
                /** @description Percent of step 1; null when nobody entered. */
                conversion: number | null;
                conversion_from_previous: number | null;
                /** @description Visitors of the previous step who did not get here. */
                drop_off: number;
                /** @description Median time from the previous step. */
                median_time_s: number | null;
                anonymous: number;
                /** @description Installations linked to an account. */
                registered: number;
            }[];
        };
        AnalyticsRetention: {
            /** @enum {string} */
            period: "day" | "week" | "month";
            periods: number;
            /** @enum {string} */
            unit: "users" | "installations";
            /** @enum {string} */
            cohort: "first_seen" | "signup";
            return_event: string | null;
            cohorts: {
                start: string;
                size: number;
                /** @description returned[k]: of the cohort, active k periods later ([0] = size). */
                returned: number[];
            }[];
        };
        AnalyticsStickiness: {
            date: string;
            /** @enum {string} */
            unit: "users" | "installations";
            dau: number;
            wau: number;
            mau: number;
            /** @description dau ÷ mau (0–1, 4 decimals); null without anyone. */
            dau_mau: number | null;
            avg_dau: number;
            avg_dau_mau: number | null;
        };
        AnalyticsLifecycle: {
            /** @enum {string} */
            period: "day" | "week" | "month";
            /** @enum {string} */
            unit: "users" | "installations";
            periods: {
                start: string;
                active: number;
                new: number;
                returning: number;
                resurrecting: number;
                /** @description Active the period before, not in this one. */
                dormant: number;
            }[];
        };
        AlertList: {
            data: components["schemas"]["Alert"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        Alert: {
            id: string;
            organization_id: string;
            project_id: string;
            application_id: string | null;
            name: string;
            /** @enum {string} */
            metric: "error_rate" | "p95_latency_ms" | "api_calls" | "active_users" | "sign_ups" | "failed_sign_ins" | "event_count" | "funnel_conversion";
            event: string | null;
            steps: string[];
            /** @enum {string} */
            comparator: "gt" | "gte" | "lt" | "lte";
            threshold: number;
            window_s: number;
            cooldown_s: number;
            min_samples: number;
            channels: {
                emails: string[];
                webhook: boolean;
            };
            /** @description Whether notifications are held now. */
            muted: boolean;
            /** Format: date-time */
            muted_until: string | null;
            /** @enum {string} */
            state: "ok" | "firing" | "resolved";
            /** Format: date-time */
            state_since: string;
            last_value: number | null;
            last_samples: number | null;
            /** Format: date-time */
            last_evaluated_at: string | null;
            /** Format: date-time */
            last_notified_at: string | null;
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreateAlertRequest: {
            application_id?: string;
            project_id?: string;
            name: string;
            /**
             * @description What is measured over the window (docs/alerts.md).
             * @enum {string}
             */
            metric: "error_rate" | "p95_latency_ms" | "api_calls" | "active_users" | "sign_ups" | "failed_sign_ins" | "event_count" | "funnel_conversion";
            /** @description event_count: the event’s name. */
            event?: string | null;
            /** @description funnel_conversion: the event names of the funnel in order (each optionally `name|key=value`), or ["journey"] for the built-in journey. */
            steps?: string[];
            /**
             * @description value gt|gte|lt|lte threshold
             * @enum {string}
             */
            comparator: "gt" | "gte" | "lt" | "lte";
            threshold: number;
            window_s: number;
            /** @default 3600 */
            cooldown_s: number;
            /** @default 1 */
            min_samples: number;
            /**
             * @description Where notifications go: members’ addresses and/or the organization’s webhooks.
             * @default {
             *       "emails": [],
             *       "webhook": false
             *     }
             */
            channels: {
                /** @default [] */
                emails: string[];
                /**
                 * @description Send `alert.firing` / `alert.resolved` to the organization’s webhooks subscribed to them.
                 * @default false
                 */
                webhook: boolean;
            };
        };
        UpdateAlertRequest: {
            name?: string;
            /**
             * @description What is measured over the window (docs/alerts.md).
             * @enum {string}
             */
            metric?: "error_rate" | "p95_latency_ms" | "api_calls" | "active_users" | "sign_ups" | "failed_sign_ins" | "event_count" | "funnel_conversion";
            /** @description event_count: the event’s name. */
            event?: string | null;
            /** @description funnel_conversion: the event names of the funnel in order (each optionally `name|key=value`), or ["journey"] for the built-in journey. */
            steps?: string[];
            /**
             * @description value gt|gte|lt|lte threshold
             * @enum {string}
             */
            comparator?: "gt" | "gte" | "lt" | "lte";
            threshold?: number;
            window_s?: number;
            cooldown_s?: number;
            min_samples?: number;
            /** @description Where notifications go: members’ addresses and/or the organization’s webhooks. */
            channels?: {
                /** @default [] */
                emails: string[];
                /**
                 * @description Send `alert.firing` / `alert.resolved` to the organization’s webhooks subscribed to them.
                 * @default false
                 */
                webhook: boolean;
            };
            /** @description true: hold notifications until unmuted. */
            muted?: boolean;
            /**
             * Format: date-time
             * @description Hold notifications until then (ISO 8601); null lifts it.
             */
            muted_until?: string | null;
        };
        AlertHistory: {
            data: components["schemas"]["AlertHistoryEntry"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        AlertHistoryEntry: {
            id: string;
            alert_id: string;
            /** @enum {string} */
            kind: "firing" | "resolved" | "test";
            /** @enum {string|null} */
            from_state: "ok" | "firing" | "resolved" | null;
            /** @enum {string|null} */
            to_state: "ok" | "firing" | "resolved" | null;
            value: number | null;
            samples: number | null;
            threshold: number;
            /** @enum {string} */
            comparator: "gt" | "gte" | "lt" | "lte";
            notified: {
                emails: number;
                webhook: boolean;
                /** @enum {string|null} */
                suppressed: "cooldown" | "muted" | null;
            };
            /** Format: date-time */
            at: string;
        };
        AlertTestResult: {
            /** @description The addresses the test mail was sent to. */
            emails: string[];
            /** @description Addresses the mail server refused. */
            failed_emails: string[];
            /** @description Whether an `alert.firing` test event was queued. */
            webhook: boolean;
        };
        HealthHistory: {
            /**
             * @description 24h, 7d, 30d or 90d (default 24h).
             * @default 24h
             * @enum {string}
             */
            period: "24h" | "7d" | "30d" | "90d";
            /** @description Share of health samples that answered healthy; null before the first sample. */
            uptime_percent: number | null;
            avg_response_ms: number | null;
            samples: number;
            /** Format: date-time */
            last_checked_at: string | null;
        };
        ActivityLogList: {
            data: components["schemas"]["ActivityLog"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
            /** @description With include_total=true: matching entries. */
            total?: number;
            /** @description With include_total=true: true when the count stopped at 10,000 (search only); total is then a lower bound. */
            total_capped?: boolean;
        };
        ActivityLog: {
            id: string;
            /** Format: date-time */
            created_at: string;
            action: string;
            /** @enum {string} */
            resource_type: "user" | "token" | "project" | "application" | "organization" | "member" | "role" | "policy" | "api" | "component" | "other";
            resource_id: string | null;
            metadata: {
                [key: string]: unknown;
            };
            endpoint: string | null;
            method: string | null;
            status_code: number | null;
            response_time_ms: number | null;
            ip_address: string | null;
            sdk_version: string | null;
            user_agent: string | null;
            user_id: string | null;
            anonymous_user_id: string | null;
            installation_id: string | null;
            organization_id: string | null;
            project_id: string | null;
            application_id: string | null;
            /**
             * @description sdk: sent by an SDK through POST /api/v1/activity with only the public application id (not verified); platform: written by the platform itself; dashboard: a request of a team member’s dashboard session.
             * @enum {string}
             */
            source: "platform" | "sdk" | "dashboard";
        };
        AdminUserList: {
            data: components["schemas"]["User"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        AdminOrganizationList: {
            data: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                website_url: string | null;
                is_active: boolean;
                max_members: number;
                /** @description Members without a second factor are asked to set one up (GET /auth/me answers mfa_enrollment_required). */
                require_two_factor: boolean;
                created_by: string;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
                /** @description The caller's permissions in this organization (their role's, in catalog order): what the dashboard shows enabled. */
                my_permissions: components["schemas"]["PermissionName"][];
            }[];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        DevOutboxList: {
            data: components["schemas"]["DevOutboxMail"][];
            /** @description Always null: the outbox list is not paginated. */
            next_cursor: string | null;
        };
        DevOutboxMail: {
            id: string;
            to: string;
            subject: string;
            html: string;
            text: string;
            template_name: string | null;
            /** Format: date-time */
            created_at: string;
        };
        EmailTemplateList: {
            data: components["schemas"]["EmailTemplate"][];
            /** @description Always null: an application’s templates come in one page. */
            next_cursor: string | null;
        };
        /** @description SPEC §3 email_template, one language variant. */
        EmailTemplate: {
            id: string;
            application_id: string;
            name: string;
            /**
             * @description Language of the variant: de or en.
             * @enum {string}
             */
            locale: "de" | "en";
            subject: string;
            html_content: string;
            text_content: string | null;
            /** @description The {{name}} placeholders, detected on save. */
            variables: string[];
            is_active: boolean;
            is_system_template: boolean;
            /** @description Null for system templates. */
            created_by: string | null;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            created_at: string;
        };
        CreateEmailTemplateRequest: {
            application_id: string;
            name: string;
            subject: string;
            /** @description HTML with {{variable}} placeholders; sanitized on save. */
            html_content: string;
            /** @description Plain-text part; derived from html_content when empty. */
            text_content?: string | null;
            /**
             * @description Defaults to the application’s default locale (email settings).
             * @enum {string}
             */
            locale?: "de" | "en";
        };
        UpdateEmailTemplateRequest: {
            name?: string;
            subject?: string;
            /** @description HTML with {{variable}} placeholders; sanitized on save. */
            html_content?: string;
            /** @description Plain-text part; derived from html_content when empty. */
            text_content?: string | null;
            /**
             * @description Language of the variant: de or en.
             * @enum {string}
             */
            locale?: "de" | "en";
            /** @description Moves a custom template to another application of the caller’s. */
            application_id?: string;
            /** @description false deactivates a custom template. */
            is_active?: boolean;
        };
        EmailPreview: {
            subject: string;
            /** @description The complete mail HTML; show it in a sandboxed iframe. */
            html: string;
            text: string;
            /** @description Placeholders without a value, still shown as {{name}}. */
            unresolved: string[];
        };
        PreviewEmailTemplateRequest: {
            data?: {
                [key: string]: string;
            };
            /** @description A draft subject to preview instead of the saved one. */
            subject?: string;
            /** @description Draft HTML to preview instead of the saved one (sanitized as on save; nothing is stored). */
            html_content?: string;
            /** @description Plain-text part; derived from html_content when empty. */
            text_content?: string | null;
        };
        CopySystemTemplatesResult: {
            /** @description How many system templates were missing and added. */
            added: number;
            /** @description The application’s system templates. */
            data: components["schemas"]["EmailTemplate"][];
        };
        EmailSettings: {
            application_id: string;
            /**
             * @description Language of the variant: de or en.
             * @enum {string}
             */
            default_locale: "de" | "en";
            /** @description Senders whose address confirmed by the link mailed to it; only these may be `from`. */
            verified_senders: string[];
            /** @description Senders waiting for their address to follow the verification link; never used as `from`. */
            pending_senders: string[];
        };
        UpdateEmailSettingsRequest: {
            /**
             * @description Language of the variant: de or en.
             * @enum {string}
             */
            default_locale?: "de" | "en";
            /** @description The senders the application should have. New addresses become pending and receive a verification link; addresses left out are removed. */
            verified_senders?: string[];
        };
        ResendSenderVerificationRequest: {
            /** Format: email */
            address: string;
        };
        SenderVerification: {
            address: string;
            organization_name: string;
            application_name: string;
        };
        SenderVerificationRequest: {
            token: string;
        };
        EmailPreferences: {
            /**
             * @description Language of the mails you receive; null: each application’s default.
             * @enum {string|null}
             */
            locale: "de" | "en" | null;
        };
        UpdateEmailPreferencesRequest: {
            /**
             * @description Language of the mails you receive; null: each application’s default.
             * @enum {string|null}
             */
            locale: "de" | "en" | null;
        };
        SendEmailResult: {
            /** @enum {boolean} */
            success: true;
            message_id: string;
            /** @enum {string} */
            transport: "smtp" | "outbox";
            /** @description The sender used. */
            from: string;
            template: string | null;
            /**
             * @description The variant sent; null for raw HTML.
             * @enum {string|null}
             */
            locale: "de" | "en" | null;
        };
        SendEmailRequest: {
            /** Format: email */
            to: string;
            subject?: string;
            /** @description Sanitized like template HTML. */
            html?: string;
            /** @description Plain-text part; derived from html_content when empty. */
            text?: string;
            /** @description Name of one of the application’s templates. */
            template?: string;
            templateData?: {
                [key: string]: string;
            };
            /** @description Sender ("Name <address>" or an address): MAIL_FROM’s address or one of the application’s verified senders; anything else is refused (403 sender_not_verified, 400 invalid_sender). */
            from?: string;
            applicationId: string;
            /** @description The account the mail is about (logged; its mail language picks the template variant): a user of the application or a member of its organization, else 404 application_user_not_found. */
            userId?: string;
            /**
             * @description Overrides the recipient’s language.
             * @enum {string}
             */
            locale?: "de" | "en";
        };
        CreatedApiToken: components["schemas"]["ApiToken"] & {
            /**
             * @description The token itself (`cs_` + 64 hex characters). Shown only in this response; store it now.
             * @example cs_0000000000000000000000000000000000000000000000000000000000000000
             */
            token: string;
        };
        ApiToken: {
            id: string;
            name: string;
            /**
             * @description The first 8 characters of the token, to recognise it.
             * @example cs_1a2b3
             */
            prefix: string;
            scopes: ("read" | "write" | "delete" | "admin" | "analytics")[];
            /** @description False once revoked. */
            is_active: boolean;
            /** @enum {string} */
            status: "active" | "revoked" | "expired";
            /** Format: date-time */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description Updated at most once a minute.
             */
            last_used_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            application_id: string;
            /** Format: date-time */
            created_at: string;
        };
        CreateApiTokenRequest: {
            name: string;
            scopes: ("read" | "write" | "delete" | "admin" | "analytics")[];
            application_id: string;
            /** Format: date-time */
            expires_at?: string | null;
        };
        ApiTokenList: {
            data: components["schemas"]["ApiToken"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        PermissionsResponse: {
            application_id: string;
            /** @description The caller's role in the application's organization (a built-in role or a custom role's name); null for the application's end users (its user pool). */
            role: string | null;
            /** @description The end user's application roles (the project's roles they hold; names, sorted). Empty for the organization's members. */
            roles: string[];
            permissions: {
                read: boolean;
                write: boolean;
                delete: boolean;
                manage_members: boolean;
            };
            /** @description The application permissions these roles grant (the project's permission names, sorted, each once). Empty for the organization's members. */
            application_permissions: string[];
        };
        PermissionsRequest: {
            application_id: string;
        };
        Onboarding: {
            /** @description Every step, in order (always all six). */
            steps: {
                /**
                 * @description organization: a membership; project: an active project; application: an active application; origin: an application with an allowed origin; snippet: the SDK registered an installation, or the organization received a request from an SDK, the widget or an API token; event: an analytics event was counted.
                 * @enum {string}
                 */
                key: "organization" | "project" | "application" | "origin" | "snippet" | "event";
                done: boolean;
            }[];
            /** @description How many steps are done. */
            done: number;
            total: number;
            /** @description Every step is done. */
            complete: boolean;
            /** @description The person hid the checklist (POST /onboarding/dismissal). */
            dismissed: boolean;
            /** Format: date-time */
            dismissed_at: string | null;
            /**
             * @description The first step not done; null when complete.
             * @enum {string|null}
             */
            next: "organization" | "project" | "application" | "origin" | "snippet" | "event" | null;
            /** @description Where the next step is done: the organization, project and application found for the steps done so far (the most recently created), null where none exists yet. The dashboard links each step there. */
            context: {
                organization_id: string | null;
                project_id: string | null;
                application_id: string | null;
            };
        };
        AssistantAnswer: {
            /** @description The answer in Markdown, made of the cited sections. When nothing relevant was found it says so and suggests the closest sections, and `sources` is empty. */
            documentation: string;
            sources: components["schemas"]["AssistantSource"][];
            /**
             * @description The question’s language (German or English); the answer’s own words are in it. The guides are English and quoted as written.
             * @enum {string}
             */
            language: "de" | "en";
        };
        AssistantSource: {
            title: string;
            /**
             * @description Where the docs page shows the section.
             * @example /docs#api-tokens
             */
            url: string;
            excerpt: string;
        };
        AssistantQuestion: {
            /**
             * @description Plain words; an empty or blank question is refused ("Please enter a question").
             * @example How do I revoke an API token?
             */
            question: string;
            /**
             * @description Ranks sections of that area (logging, monitoring, user authentication) higher.
             * @enum {string}
             */
            prompt_type?: "logging" | "monitoring" | "userAuth";
        };
        GuideList: {
            data: components["schemas"]["GuideSummary"][];
            next_cursor: null;
        };
        GuideSummary: {
            /**
             * @description Also the guide’s anchor on /docs.
             * @example getting-started
             */
            slug: string;
            title: string;
            description: string;
            /** @description The file in the repository; null for a guide generated from sources. */
            source: string | null;
        };
        Guide: components["schemas"]["GuideSummary"] & {
            markdown: string;
        };
        IntegrationSnippetList: {
            application_id: string;
            /** @example https://iam.example.com */
            api_url: string;
            allowed_origins: string[];
            data: components["schemas"]["IntegrationSnippet"][];
        };
        IntegrationSnippet: {
            /** @enum {string} */
            kind: "widget" | "sdk" | "python" | "token-check" | "oidc";
            title: string;
            /**
             * @description The code’s language.
             * @enum {string}
             */
            language: "html" | "javascript" | "python";
            /** @example verify-token.mjs */
            filename: string;
            /** @description Ready to paste, with the application’s id, this server’s URL and the allowed origins filled in. From templates, never from a language model. */
            code: string;
            /** @description Paragraphs of plain text around the code. */
            explanation: string[];
            /** @description The guide section the code follows. */
            source: {
                title: string;
                url: string;
            };
            /** @description `METHOD /path` of the API operations the code calls; all in the OpenAPI document. */
            endpoints: string[];
        };
        UnansweredQuestionList: {
            data: {
                question: string;
                prompt_type: string | null;
                count: number;
                /** Format: date-time */
                first_asked_at: string;
                /** Format: date-time */
                last_asked_at: string;
            }[];
            next_cursor: null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
