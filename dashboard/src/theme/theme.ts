/** The one set of design tokens; components read these through styled-components' theme. */
export const theme = {
  colors: {
    background: '#f8fafc',
    surface: '#ffffff',
    text: '#0f172a',
    textMuted: '#475569',
    border: '#e2e8f0',
    primary: '#4f46e5',
    primaryHover: '#4338ca',
    primaryText: '#ffffff',
    danger: '#b91c1c',
    success: '#15803d',
    focus: '#2563eb',
  },
  radii: { sm: '6px', md: '10px', lg: '16px' },
  space: (n: number) => `${n * 4}px`,
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  /** `xl`: from here the signed-in header fits its whole navigation, the e-mail and sign-out. */
  breakpoints: { sm: '640px', md: '768px', lg: '1024px', xl: '1200px' },
  shadow: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.1)',
} as const;

export type Theme = typeof theme;
