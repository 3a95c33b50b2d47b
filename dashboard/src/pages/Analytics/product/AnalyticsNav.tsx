import { NavLink, useSearchParams } from 'react-router';
import styled from 'styled-components';
import type { MessageKey } from '../../../i18n/messages';
import { useT } from '../../../i18n/useT';

export const VIEWS = ['pages', 'funnels', 'retention', 'stickiness', 'lifecycle'] as const;
export type View = (typeof VIEWS)[number];

const LINKS: { to: string; label: MessageKey }[] = [
  { to: '/analytics', label: 'product.nav.overview' },
  { to: '/analytics/pages', label: 'product.nav.pages' },
  { to: '/analytics/funnels', label: 'product.nav.funnels' },
  { to: '/analytics/retention', label: 'product.nav.retention' },
  { to: '/analytics/stickiness', label: 'product.nav.stickiness' },
  { to: '/analytics/lifecycle', label: 'product.nav.lifecycle' },
];

const Bar = styled.nav`
  min-width: 0;
  overflow-x: auto;
  ul {
    display: flex;
    gap: 4px;
    margin: 0;
    padding: 4px;
    list-style: none;
    width: max-content;
    min-width: 100%;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #e2e8f0;
  }
  a {
    display: block;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    color: #334155;
    font-weight: 600;
    text-decoration: none;
    white-space: nowrap;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadow};
  }
`;

/**
 * The analytics screens as links (each its own address, so a view can be bookmarked and shared);
 * the chosen project or application goes along.
 */
export function AnalyticsNav() {
  const t = useT();
  const [params] = useSearchParams();
  const keep = new URLSearchParams();
  for (const name of ['app', 'project', 'organization']) {
    const value = params.get(name);
    if (value) keep.set(name, value);
  }
  const search = keep.size ? `?${keep.toString()}` : '';
  return (
    <Bar aria-label={t('product.nav.label')}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={`${link.to}${search}`} end>
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </Bar>
  );
}
