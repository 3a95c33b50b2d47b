import { useEffect, useState, type DetailedHTMLProps, type HTMLAttributes } from 'react';
import styled from 'styled-components';
import { TextField } from '../../ui/Field';
import { Markdown } from './Markdown';
import { DocsSection, Muted } from './styles';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'iam-auth-dialog': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        'application-id'?: string;
        'api-url'?: string;
        locale?: string;
      };
    }
  }
}

/** The standalone widget build the server offers; it defines <iam-auth-dialog>. */
export const WIDGET_SCRIPT = '/cdn/widget/iam-auth-widget.min.js';

/** Loads the widget script once per page. */
function useWidgetScript(): 'loading' | 'ready' | 'failed' {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(() =>
    customElements.get('iam-auth-dialog') ? 'ready' : 'loading',
  );
  useEffect(() => {
    if (state !== 'loading') return;
    let script = document.querySelector<HTMLScriptElement>(`script[src="${WIDGET_SCRIPT}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = WIDGET_SCRIPT;
      script.async = true;
      document.head.append(script);
    }
    const ready = () => setState('ready');
    const failed = () => setState('failed');
    void customElements.whenDefined('iam-auth-dialog').then(ready);
    script.addEventListener('error', failed);
    return () => script.removeEventListener('error', failed);
  }, [state]);
  return state;
}

/** The auth dialog section: how to embed it, and the real widget running against this server. */
export function AuthDialogPreview() {
  const state = useWidgetScript();
  const [applicationId, setApplicationId] = useState('');
  const origin = location.origin;
  const snippet = [
    '```html',
    `<script src="${origin}${WIDGET_SCRIPT}"></script>`,
    `<iam-auth-dialog application-id="YOUR_APPLICATION_ID" api-url="${origin}"></iam-auth-dialog>`,
    '<script>',
    "  document.addEventListener('iam-auth-success', (event) => console.log(event.detail.user));",
    '</script>',
    '```',
  ].join('\n');
  return (
    <DocsSection id="auth-dialog" aria-labelledby="auth-dialog-title">
      <h2 id="auth-dialog-title">Auth dialog</h2>
      <p>
        A sign-in and registration dialog for your own site, in one script tag. It talks to the embedding API
        (<code>/api/auth/*</code>) of your application and reports <code>iam-auth-success</code>,{' '}
        <code>iam-auth-error</code> and <code>iam-auth-signout</code> events. Add <code>trigger</code> for
        Sign In / Sign Up buttons that open it as a modal. Details in the <a href="#widget">widget guide</a>.
      </p>
      <Markdown source={snippet} />
      <h3>Live preview</h3>
      <Preview>
        <TextField
          label="Application ID for the preview"
          value={applicationId}
          onChange={(event) => setApplicationId(event.target.value.trim())}
          placeholder="e.g. 665f1c2b9d3e4a0012345678"
          autoComplete="off"
        />
        <Muted>
          With the id of one of your applications (whose allowed origins include this page) you can sign in
          for real.
        </Muted>
        {state === 'failed' ? (
          <Muted role="alert">The widget script could not be loaded from {WIDGET_SCRIPT}.</Muted>
        ) : (
          <Frame data-testid="auth-dialog-preview">
            <iam-auth-dialog application-id={applicationId} api-url={origin} locale="en" />
          </Frame>
        )}
      </Preview>
    </DocsSection>
  );
}

const Preview = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 560px;
`;

const Frame = styled.div`
  padding: ${({ theme }) => theme.space(4)};
  border: 1px dashed #94a3b8;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  min-height: 120px;
`;
