import { LogOut, Menu, ShieldCheck, X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import styled from 'styled-components';
import { AlertBell } from '../components/alerts/AlertBell';
import { StepUpHost } from '../components/auth/StepUpDialog';
import type { MessageKey } from '../i18n/messages';
import { useT } from '../i18n/useT';
import { signOut, useSessionStore } from '../stores/session';
import { Button } from '../ui/Button';
import { useToast } from '../ui/useToast';
import { ExportDataButton } from './ExportDataButton';
import { PageLoading } from './PageLoading';
import { ProfileMenu } from './ProfileMenu';
import { LocaleSwitch } from './LocaleSwitch';
import { MoreMenu } from './MoreMenu';
import { SkipLink } from './SkipLink';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Bar = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
`;

const Brand = styled(Link)`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  text-decoration: none;
  white-space: nowrap;
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  small {
    display: block;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.75rem;
  }
`;

const DesktopNav = styled.nav`
  display: none;
  flex: 1 0 auto;
  @media (min-width: ${({ theme }) => theme.breakpoints.xl}) {
    display: flex;
    gap: ${({ theme }) => theme.space(1)};
  }
`;

/**
 * Horizontal padding of 8 px: with "Mehr" the bar holds six entries beside the user area at
 * 1200 px, with room left for one more icon button (measured by test/e2e/layout.test.ts).
 */
const NavItem = styled(NavLink)`
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    background: ${({ theme }) => theme.colors.background};
  }
  &.active {
    color: ${({ theme }) => theme.colors.primary};
    background: #eef2ff;
  }
`;

/**
 * Language, e-mail and sign-out. Only the e-mail gives way when space is short (cut with an
 * ellipsis), so sign-out keeps the bar's padding to the window edge.
 */
const UserArea = styled.div`
  display: none;
  flex: 0 1 auto;
  min-width: 0;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-left: auto;
  @media (min-width: ${({ theme }) => theme.breakpoints.xl}) {
    display: flex;
  }
`;

const Email = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

/** Only the e-mail gives way in a full bar: the sign-out button keeps its whole label. */
const SignOutButton = styled(Button)`
  flex: none;
`;

/**
 * The wide header's "Abmelden" text. The bar is at most 1200 px wide at any window size, and with the
 * links, "Mehr", the language, the e-mail and the alerts bell it has no room for it (a squeezed user
 * area let the button run under the bell). The button shows its icon with a tooltip and keeps the text
 * for screen readers and its name; the small-screen menu shows the text.
 */
const SignOutLabel = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const MenuButton = styled(Button)`
  margin-left: auto;
  @media (min-width: ${({ theme }) => theme.breakpoints.xl}) {
    display: none;
  }
`;

const MobilePanel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => `0 ${theme.space(4)} ${theme.space(4)}`};
  nav {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.xl}) {
    display: none;
  }
`;

const Main = styled.main`
  max-width: 1200px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(6)} ${theme.space(4)}`};
  &:focus {
    outline: none;
  }
`;

/**
 * Where each area is offered. `bar`: a link in the wide header; `more`: in its "Mehr" menu (the
 * bar has room for five links beside language, e-mail and sign-out — see docs/dashboard.md);
 * `menu`: only in the small-screen menu (the wide header has it in the profile menu). Below
 * 1200 px the menu lists every area.
 */
const links: { to: string; label: MessageKey; adminOnly?: boolean; place: 'bar' | 'more' | 'menu' }[] = [
  { to: '/dashboard', label: 'nav.dashboard', place: 'bar' },
  { to: '/organizations', label: 'nav.organizations', place: 'bar' },
  { to: '/projects', label: 'nav.projects', place: 'bar' },
  { to: '/tokens', label: 'nav.tokens', place: 'bar' },
  { to: '/admin', label: 'nav.admin', adminOnly: true, place: 'bar' },
  { to: '/analytics', label: 'nav.analytics', place: 'more' },
  { to: '/logs', label: 'nav.logs', place: 'more' },
  { to: '/email-templates', label: 'emailTemplates.nav', place: 'more' },
  { to: '/docs', label: 'nav.docs', place: 'more' },
  { to: '/account/security', label: 'security.nav', place: 'menu' },
];

/** The signed-in frame (SPEC §2 /dashboard): navigation, the user's e-mail and sign-out. */
export default function DashboardLayout() {
  const t = useT();
  const toast = useToast();
  const user = useSessionStore((state) => state.session?.user);
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A followed link closes the small-screen menu.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const visibleLinks = links.filter((link) => !link.adminOnly || user?.is_admin);
  const navItem = (link: (typeof links)[number]) => (
    <NavItem key={link.to} to={link.to}>
      {t(link.label)}
    </NavItem>
  );
  const barItems = visibleLinks.filter((link) => link.place === 'bar').map(navItem);
  const moreLinks = visibleLinks.filter((link) => link.place === 'more');
  const menuItems = visibleLinks.map(navItem);

  const handleSignOut = async () => {
    await signOut();
    toast({ title: t('auth.signedOut'), description: t('auth.signedOutText'), variant: 'success' });
  };

  return (
    <>
      <SkipLink />
      <Header>
        <Bar>
          <Brand to="/dashboard">
            <ShieldCheck aria-hidden="true" size={28} />
            <span>
              {t('nav.dashboard')}
              <small>{t('dashboard.subtitle')}</small>
            </span>
          </Brand>
          <DesktopNav aria-label={t('nav.main')}>
            {barItems}
            <MoreMenu links={moreLinks} />
          </DesktopNav>
          <UserArea>
            <LocaleSwitch />
            <ProfileMenu email={user?.email ?? ''} />
            <SignOutButton
              type="button"
              $variant="secondary"
              onClick={handleSignOut}
              title={t('nav.signOut')}
            >
              <LogOut aria-hidden="true" size={16} />
              <SignOutLabel>{t('nav.signOut')}</SignOutLabel>
            </SignOutButton>
          </UserArea>
          <MenuButton
            type="button"
            $variant="ghost"
            aria-expanded={menuOpen}
            aria-controls="dashboard-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" size={20} /> : <Menu aria-hidden="true" size={20} />}
            {t('nav.menu')}
          </MenuButton>
          <AlertBell />
        </Bar>
        {menuOpen ? (
          <MobilePanel id="dashboard-menu">
            <nav aria-label={t('nav.main')}>{menuItems}</nav>
            <Email>
              {t('nav.signedInAs')} {user?.email}
            </Email>
            <LocaleSwitch block />
            <ExportDataButton />
            <SignOutButton type="button" $variant="secondary" onClick={handleSignOut}>
              <LogOut aria-hidden="true" size={16} />
              {t('nav.signOut')}
            </SignOutButton>
          </MobilePanel>
        ) : null}
      </Header>
      <Main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Main>
      {/* Any screen's sensitive change may ask for a fresh proof of identity here. */}
      <StepUpHost />
    </>
  );
}
