import { createRoot, type Root } from 'react-dom/client';
import { AuthDialog } from './AuthDialog';
import { authDialogCss } from './styles';
import type { AuthMode } from './validation';

export const ELEMENT_NAME = 'iam-auth-dialog';

/**
 * `<iam-auth-dialog application-id="…" api-endpoint="…" mode="login|register">` — renders the
 * dialog in a shadow root and reports results as `iam-auth-success` / `iam-auth-error` events.
 */
export class IamAuthDialogElement extends HTMLElement {
  static observedAttributes = ['application-id', 'api-endpoint', 'mode'];
  private root: Root | undefined;

  connectedCallback(): void {
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    if (!this.root) {
      const style = document.createElement('style');
      style.textContent = authDialogCss;
      const mount = document.createElement('div');
      shadow.append(style, mount);
      this.root = createRoot(mount);
    }
    this.render();
  }

  attributeChangedCallback(): void {
    if (this.root) this.render();
  }

  disconnectedCallback(): void {
    this.root?.unmount();
    this.root = undefined;
    this.shadowRoot?.replaceChildren();
  }

  private render(): void {
    const mode = this.getAttribute('mode') === 'register' ? 'register' : 'login';
    this.root?.render(
      <AuthDialog
        key={mode}
        applicationId={this.getAttribute('application-id') ?? ''}
        apiEndpoint={this.getAttribute('api-endpoint') ?? '/api/auth'}
        initialMode={mode as AuthMode}
        onSuccess={(detail) =>
          this.dispatchEvent(new CustomEvent('iam-auth-success', { detail, bubbles: true, composed: true }))
        }
        onError={(message) =>
          this.dispatchEvent(
            new CustomEvent('iam-auth-error', { detail: { message }, bubbles: true, composed: true }),
          )
        }
      />,
    );
  }
}

/** Registers the custom element once; safe to call more than once. */
export function defineAuthDialogElement(name = ELEMENT_NAME): void {
  if (typeof customElements !== 'undefined' && !customElements.get(name)) {
    customElements.define(name, IamAuthDialogElement);
  }
}
