import { AuthClient, type AuthSession } from '@iam-platform/sdk';
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { apiBase, AuthDialog, describeFailure, type AuthSuccessDetail } from './AuthDialog';
import { browser, finishHostedSignIn, startHostedSignIn, takeHostedReturn } from './hosted';
import { catalogs, format, resolveLocale } from './i18n';
import { authDialogCss } from './styles';
import type { AuthMode } from './validation';

export const ELEMENT_NAME = 'iam-auth-dialog';

const ATTRIBUTES = [
  'application-id',
  'api-url',
  'api-endpoint',
  'mode',
  'locale',
  'theme',
  'redirect-url',
  'trigger',
  'hosted',
  'project-id',
] as const;

/** Where `redirect-url` may send the page: a web page only (no `javascript:` or `data:` URL), else null. */
export function redirectTarget(value: string | null, base = globalThis.location?.href): URL | null {
  try {
    const url = value ? new URL(value, base) : null;
    return url && /^https?:$/.test(url.protocol) ? url : null;
  } catch {
    return null; // not a URL: stay on the page
  }
}

/**
 * A modal `<dialog>`: the browser traps focus, makes the page inert and closes it on Escape. Only
 * this component shows or closes it (Escape's `cancel` goes through `onClose`), in a layout effect:
 * Preact runs a plain effect a frame later, the page inert meanwhile, and a click then was lost.
 * `close` comes a task late, maybe after it opened again, so it counts only for a dialog shown
 * here and closed by something else. `opening` changes with every open(), to show it again.
 */
function Modal({
  open,
  opening,
  onClose,
  children,
}: {
  open: boolean;
  opening: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  /** This component showed the dialog and has not closed it since. */
  const shown = useRef(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    shown.current = open;
    if (open === dialog.hasAttribute('open')) return;
    // Without showModal (old browsers, jsdom) it still shows, without the modal behaviour.
    if (open) {
      (dialog.showModal ?? (() => dialog.setAttribute('open', ''))).call(dialog);
      // Straight to typing: the first field rather than the close button.
      dialog.querySelector('input')?.focus();
    } else if (dialog.close) dialog.close();
    else dialog.removeAttribute('open');
  }, [open, opening]);
  // Escape: closed through the state rather than by the browser (which closes it anyway when the
  // page may not refuse, the state having said so first).
  const cancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    onClose();
  };
  const closed = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (!shown.current || event.currentTarget.hasAttribute('open')) return;
    shown.current = false;
    onClose();
  };
  // Chromium lets Tab leave a modal dialog for the browser's own controls; keep it going round.
  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled),input')];
    const active = (event.currentTarget.getRootNode() as Document | ShadowRoot).activeElement;
    const edge = event.shiftKey ? items[0] : items.at(-1);
    if (event.key === 'Tab' && active === edge) {
      event.preventDefault();
      (event.shiftKey ? items.at(-1) : items[0])?.focus();
    }
  };
  return (
    <dialog
      ref={ref}
      className="iam-modal"
      part="modal"
      onCancel={cancel}
      onClose={closed}
      onKeyDown={trapFocus}
    >
      {open ? children : null}
    </dialog>
  );
}

/**
 * `<iam-auth-dialog application-id="…" api-url="https://iam.example.com">` — the auth dialog in a
 * shadow root (docs/widget.md). Inline by default; with `trigger` it shows Sign In / Sign Up
 * buttons that open it as a modal. With `hosted` (or `mode="hosted"`) and `project-id` the buttons
 * go to the pool's hosted sign-in page instead, and the element finishes the sign-in when the page
 * comes back with a code (hosted.ts). Reports `iam-auth-ready`, `iam-auth-success`,
 * `iam-auth-error` and `iam-auth-signout` (bubbling, composed).
 */
export class IamAuthDialogElement extends HTMLElement {
  static observedAttributes = ATTRIBUTES;
  /** Where the API is when the page names none (the standalone build: the server it came from). */
  static defaultApiUrl = '';
  #root: Root | undefined;
  #client: AuthClient | undefined;
  #clientFor = '';
  #open: boolean | undefined;
  #mode: AuthMode | undefined;
  /** Bumped to start the dialog afresh (after open() or a sign-out from outside). */
  #generation = 0;
  /** Hosted mode: trading the returned code, and what went wrong (shown under the buttons). */
  #completing = false;
  #problem: string | null = null;

  connectedCallback(): void {
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    if (!this.#root) {
      const style = document.createElement('style');
      style.textContent = authDialogCss;
      const mount = document.createElement('div');
      shadow.append(style, mount);
      this.#root = createRoot(mount);
      this.#render();
      this.#emit('iam-auth-ready', { user: this.getSession()?.user ?? null });
    }
    this.#finishHosted();
  }

  attributeChangedCallback(): void {
    this.#render();
    // An element made by script may get its application-id only after it was connected.
    this.#finishHosted();
  }

  disconnectedCallback(): void {
    this.#root?.unmount();
    this.#root = undefined;
    this.shadowRoot?.replaceChildren();
  }

  /**
   * Shows the dialog (with `trigger`, as a modal), optionally on the login or register tab; in
   * hosted mode goes to the hosted sign-in (or, for `register`, sign-up) page instead.
   */
  open(mode?: AuthMode): void {
    if (this.#hosted()) return void this.#startHosted(mode ?? 'login');
    this.#open = true;
    this.#mode = mode;
    this.#generation++;
    this.#render();
  }

  close(): void {
    this.#open = false;
    this.#render();
  }

  /** Ends the session (on this device and on the server) and shows the sign-in form. */
  signOut(): void {
    this.#auth().signOut();
    this.#generation++;
    this.#render();
    this.#emit('iam-auth-signout', {});
  }

  /** The signed-in session (kept in local storage and refreshed before it expires), or null. */
  getSession(): AuthSession | null {
    return this.#auth().getSession();
  }

  #auth(): AuthClient {
    const applicationId = this.getAttribute('application-id') ?? '';
    const apiUrl = apiBase(
      this.getAttribute('api-url') ?? IamAuthDialogElement.defaultApiUrl,
      this.getAttribute('api-endpoint'),
    );
    // One client per application and server; the session itself is shared through local storage.
    if (!this.#client || this.#clientFor !== `${applicationId} ${apiUrl}`) {
      this.#client = new AuthClient({ applicationId, apiUrl });
      this.#clientFor = `${applicationId} ${apiUrl}`;
    }
    return this.#client;
  }

  #emit(type: string, detail: object): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #hosted(): boolean {
    return this.hasAttribute('hosted') || this.getAttribute('mode') === 'hosted';
  }

  #messages() {
    return catalogs[resolveLocale(this.getAttribute('locale'))];
  }

  #succeeded(detail: AuthSuccessDetail): void {
    this.#emit('iam-auth-success', detail);
    const target = redirectTarget(this.getAttribute('redirect-url'));
    if (target) location.assign(target);
  }

  #failed(error: unknown): void {
    const detail = describeFailure(error, this.#messages(), 'loginFailed');
    this.#problem = detail.message;
    this.#emit('iam-auth-error', detail);
  }

  async #startHosted(mode: AuthMode): Promise<void> {
    this.#problem = null;
    try {
      browser.assign(
        await startHostedSignIn({
          apiUrl: apiBase(
            this.getAttribute('api-url') ?? IamAuthDialogElement.defaultApiUrl,
            this.getAttribute('api-endpoint'),
          ),
          projectId: this.getAttribute('project-id') ?? '',
          applicationId: this.getAttribute('application-id') ?? '',
          mode,
        }),
      );
    } catch (error) {
      this.#failed(error);
    }
    this.#render();
  }

  /** Back from the hosted page with a code this tab asked for: trade it, report like a sign-in here. */
  #finishHosted(): void {
    const applicationId = this.getAttribute('application-id');
    const taken = this.#root && applicationId ? takeHostedReturn(applicationId) : null;
    if (!taken) return;
    this.#completing = true;
    this.#problem = null;
    this.#render();
    void finishHostedSignIn(this.#auth(), taken)
      .then(({ session, mode }) => {
        this.#generation++;
        this.#succeeded({ ...session, mode });
      }, this.#failed.bind(this))
      .finally(() => {
        this.#completing = false;
        this.#render();
      });
  }

  /** Hosted mode: Sign In / Sign Up buttons to the hosted pages, or who is signed in. */
  #renderHosted(theme: string): void {
    const t = this.#messages();
    const session = this.getSession();
    this.#root!.render(
      <div className="iam-root" data-theme={theme} lang={resolveLocale(this.getAttribute('locale'))}>
        <div className="iam-triggers" part="triggers" aria-busy={this.#completing}>
          {this.#completing ? (
            <p className="iam-notice" part="notice" role="status">
              {t.completing}
            </p>
          ) : session ? (
            <>
              <p className="iam-notice" part="notice">
                {format(t.signedInAs, session.user.email)}
              </p>
              <button type="button" className="iam-link" part="trigger" onClick={() => this.signOut()}>
                {t.signOut}
              </button>
            </>
          ) : (
            <>
              <button type="button" className="iam-submit" part="trigger" onClick={() => this.open('login')}>
                {t.signIn}
              </button>
              <button type="button" className="iam-link" part="trigger" onClick={() => this.open('register')}>
                {t.signUp}
              </button>
            </>
          )}
        </div>
        {this.#problem ? (
          <div className="iam-alert" part="alert" role="alert">
            {this.#problem}
          </div>
        ) : null}
      </div>,
    );
  }

  #render(): void {
    if (!this.#root) return;
    const trigger = this.hasAttribute('trigger');
    const open = this.#open ?? !trigger;
    const mode = this.#mode ?? (this.getAttribute('mode') === 'register' ? 'register' : 'login');
    const locale = this.getAttribute('locale') as 'de' | 'en' | 'auto' | null;
    const t = catalogs[resolveLocale(locale)];
    const theme = (this.getAttribute('theme') ?? 'auto') as 'light' | 'dark' | 'auto';
    if (this.#hosted()) return this.#renderHosted(theme);
    const client = this.#auth();
    const dialog = (
      <AuthDialog
        // A new application or server, or open(), starts the dialog afresh.
        key={`${mode} ${this.#generation} ${this.#clientFor}`}
        applicationId={this.getAttribute('application-id') ?? ''}
        client={client}
        initialMode={mode}
        locale={locale ?? 'auto'}
        theme={theme}
        onSuccess={(detail) => this.#succeeded(detail)}
        onError={(detail) => this.#emit('iam-auth-error', detail)}
        onSignOut={() => this.#emit('iam-auth-signout', {})}
        onClose={trigger ? () => this.close() : undefined}
      />
    );
    this.#root.render(
      <div className="iam-root" data-theme={theme}>
        {trigger ? (
          <div className="iam-triggers" part="triggers">
            <button type="button" className="iam-submit" part="trigger" onClick={() => this.open('login')}>
              {t.signIn}
            </button>
            <button type="button" className="iam-link" part="trigger" onClick={() => this.open('register')}>
              {t.signUp}
            </button>
          </div>
        ) : null}
        {trigger ? (
          <Modal open={open} opening={this.#generation} onClose={() => this.close()}>
            {dialog}
          </Modal>
        ) : open ? (
          dialog
        ) : null}
      </div>,
    );
  }
}

/** Registers the custom element once; safe to call more than once. */
export function defineAuthDialogElement(name = ELEMENT_NAME): void {
  if (typeof customElements !== 'undefined' && !customElements.get(name)) {
    customElements.define(name, class extends IamAuthDialogElement {});
  }
}
