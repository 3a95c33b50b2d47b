import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { MenuContent, MenuItem } from '../../ui/Menu';
import { useDescribeRule } from './describe';
import { useFiringAlerts } from './queries';

const Trigger = styled.button`
  position: relative;
  flex: none;
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => theme.space(2)};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: none;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  /* After the menu button (phones, which keeps the bar's right edge) or the user area (wide bar). */
  &:hover,
  &[data-state='open'] {
    background: ${({ theme }) => theme.colors.background};
  }
`;

const Count = styled.span`
  position: absolute;
  top: 0;
  right: 0;
  min-width: 18px;
  padding: 0 4px;
  border-radius: 999px;
  background: #b91c1c;
  color: #fff;
  font-size: 0.7rem;
  font-weight: 700;
  line-height: 18px;
  text-align: center;
`;

const Item = styled(MenuItem)`
  display: grid;
  gap: 2px;
  span {
    font-weight: 400;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The top bar's bell: how many alert rules fire now (GET /api/v1/alerts/firing, every minute),
 * each a link to its rule and history; and the way to all rules. A Radix menu button, so Enter,
 * the arrow keys and Escape work as in the other header menus.
 */
export function AlertBell() {
  const t = useT();
  const describe = useDescribeRule();
  const firing = useFiringAlerts();
  const rules = firing.data ?? [];
  const label = rules.length
    ? t('alerts.bell.firing', { count: String(rules.length) })
    : t('alerts.bell.none');
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Trigger type="button" aria-label={label} title={label} data-testid="alert-bell">
          <Bell aria-hidden="true" size={20} />
          {rules.length ? <Count aria-hidden="true">{rules.length > 99 ? '99+' : rules.length}</Count> : null}
        </Trigger>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <MenuContent align="end" sideOffset={6} data-testid="alert-bell-menu">
          {rules.length === 0 ? <Empty>{t('alerts.bell.empty')}</Empty> : null}
          {rules.map((rule) => (
            <Item key={rule.id} asChild>
              <Link to={`/alerts/${rule.id}`}>
                {rule.name}
                <span>{describe(rule)}</span>
              </Link>
            </Item>
          ))}
          <DropdownMenu.Separator style={{ height: 1, background: '#e2e8f0', margin: '4px 0' }} />
          <MenuItem asChild>
            <Link to="/alerts">{t('alerts.bell.all')}</Link>
          </MenuItem>
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
