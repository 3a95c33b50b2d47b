/**
 * The dialog's styles as one string, injected into the custom element's shadow root (and
 * into the document once when the React component is used directly), so host pages' CSS
 * neither leaks in nor is affected.
 */
export const authDialogCss = `
.iam-dialog { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #0f172a;
  background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 24px; max-width: 400px;
  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.12); }
.iam-dialog h2 { margin: 0 0 16px; font-size: 1.25rem; }
.iam-tabs { display: grid; grid-template-columns: 1fr 1fr; gap: 4px; background: #f1f5f9; border-radius: 8px; padding: 4px; margin-bottom: 16px; }
.iam-tab { border: 0; background: transparent; padding: 8px; border-radius: 6px; font: inherit; cursor: pointer; color: #475569; }
.iam-tab[aria-selected='true'] { background: #fff; color: #0f172a; font-weight: 600; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
.iam-field { display: grid; gap: 4px; margin-bottom: 12px; }
.iam-field label { font-size: 0.875rem; font-weight: 600; }
.iam-field input { font: inherit; padding: 8px 10px; border: 1px solid #cbd5e1; border-radius: 6px; }
.iam-submit { width: 100%; font: inherit; font-weight: 600; padding: 10px; border: 0; border-radius: 6px;
  background: #4f46e5; color: #fff; cursor: pointer; }
.iam-submit:disabled { opacity: .6; cursor: progress; }
.iam-alert { background: #fef2f2; color: #991b1b; border: 1px solid #fecaca; border-radius: 6px; padding: 8px 10px; margin-bottom: 12px; font-size: .875rem; }
.iam-dialog :focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
`;
