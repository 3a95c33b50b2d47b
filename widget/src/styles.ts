/**
 * The dialog's styles as one string, injected into the custom element's shadow root, so host
 * pages' CSS neither leaks in nor is affected. The host page themes it through the public custom
 * properties (--iam-color-primary, --iam-radius, --iam-font …, docs/widget.md), which inherit
 * into the shadow root, and through the `::part()` names; `data-theme` is light, dark or auto
 * (prefers-color-scheme).
 */
const dark =
  '--bg:var(--iam-color-background,#0f172a);--fg:var(--iam-color-text,#f1f5f9);--mu:var(--iam-color-muted,#cbd5e1);--bd:var(--iam-color-border,#475569);--sf:var(--iam-color-surface,#1e293b);--p:var(--iam-color-primary,#818cf8);--pf:var(--iam-color-on-primary,#0f172a);--er:var(--iam-color-error,#fca5a5);--erb:#450a0a;--ok:#86efac;--okb:#052e16';

export const authDialogCss = `
:host{display:block}
.iam-root{--bg:var(--iam-color-background,#fff);--fg:var(--iam-color-text,#0f172a);--mu:var(--iam-color-muted,#475569);--bd:var(--iam-color-border,#94a3b8);--sf:var(--iam-color-surface,#f1f5f9);--p:var(--iam-color-primary,#4f46e5);--pf:var(--iam-color-on-primary,#fff);--er:var(--iam-color-error,#991b1b);--erb:#fef2f2;--ok:#166534;--okb:#f0fdf4;--r:var(--iam-radius,8px);
font:16px/1.5 var(--iam-font,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif);color:var(--fg)}
.iam-root[data-theme=dark]{${dark}}
@media (prefers-color-scheme:dark){.iam-root[data-theme=auto]{${dark}}}
.iam-root *{box-sizing:border-box}
.iam-dialog{background:var(--bg);color:var(--fg);border:1px solid var(--bd);border-radius:calc(var(--r)*1.5);padding:24px;width:100%;max-width:400px;box-shadow:0 10px 30px #0f172a1f}
.iam-head{display:flex;justify-content:space-between;align-items:start;gap:8px}
.iam-root h2{margin:0 0 16px;font-size:1.25rem}
.iam-tabs{display:grid;grid-template-columns:1fr 1fr;gap:4px;background:var(--sf);border-radius:var(--r);padding:4px;margin-bottom:16px}
.iam-root button{font:inherit;cursor:pointer;border-radius:var(--r)}
.iam-tab{border:0;background:none;padding:8px;color:var(--mu)}
.iam-tab[aria-selected=true]{background:var(--bg);color:var(--fg);font-weight:600;box-shadow:0 1px 2px #0003}
.iam-form{display:grid;gap:12px}
.iam-field{display:grid;gap:4px}
.iam-root label{font-size:.875rem;font-weight:600}
.iam-root input{font:inherit;color:inherit;background:var(--bg);padding:8px 10px;border:1px solid var(--bd);border-radius:var(--r);min-height:44px}
.iam-submit{font-weight:600;padding:10px 16px;border:0;background:var(--p);color:var(--pf);min-height:44px;transition:opacity .2s}
.iam-submit:disabled,.iam-secondary:disabled{opacity:.6;cursor:progress}
.iam-secondary{font-weight:600;padding:10px 16px;border:1px solid var(--p);background:none;color:var(--p);min-height:44px}
.iam-hint{margin:0;font-size:.875rem;color:var(--mu)}
.iam-root .iam-code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:1.375rem;letter-spacing:.3em;text-align:center}
.iam-link,.iam-close{border:0;background:none;color:var(--p);padding:8px 4px;text-decoration:underline;justify-self:start}
.iam-close{font-size:1.5rem;line-height:1;text-decoration:none;color:var(--mu);margin:-8px -8px 0 0;min-width:44px;min-height:44px}
[aria-busy=true] .iam-submit{animation:iam-pulse 1s infinite alternate}
@keyframes iam-pulse{to{opacity:.4}}
.iam-alert,.iam-notice{border-radius:var(--r);padding:8px 10px;margin:0 0 12px;font-size:.875rem}
.iam-alert{background:var(--erb);color:var(--er);border:1px solid currentColor}
.iam-notice{background:var(--okb);color:var(--ok)}
.iam-form .iam-notice{margin:0}
.iam-origin p{margin:4px 0 0}.iam-origin code{overflow-wrap:anywhere}
.iam-root :focus-visible{outline:3px solid var(--p);outline-offset:2px}
.iam-triggers{display:flex;gap:8px;align-items:center}
.iam-modal{border:0;padding:0;background:none;width:min(400px,calc(100vw - 24px));max-width:none;color:inherit}
.iam-modal::backdrop{background:#0f172a99}
.iam-modal[open]{animation:iam-in .15s ease-out}
@keyframes iam-in{from{opacity:0;transform:translateY(8px)}}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
`;
