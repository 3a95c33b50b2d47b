import { Menu, ShieldCheck, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { ButtonRouterLink } from '../../ui/Button';
import { API_DOCS_URL, PRICING_ANCHOR } from './links';
import { LocaleSwitch } from '../../layout/LocaleSwitch';

export const HEADER_HEIGHT = '68px';

const Bar = styled.header`
  position: fixed;
  inset: 0 0 auto;
  z-index: 30;
  background: rgba(255, 255, 255, 0.96);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  backdrop-filter: blur(8px);
`;

const Inner = styled.div`
  max-width: 1200px;
  height: ${HEADER_HEIGHT};
  margin: 0 auto;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(6)};
  padding: 0 ${({ theme }) => theme.space(4)};
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 700;
  white-space: nowrap;
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  small {
    display: block;
    font-weight: 400;
    font-size: 0.75rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const DesktopNav = styled.nav`
  display: none;
  flex: 1;
  align-items: center;
  gap: ${({ theme }) => theme.space(6)};
  a {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    text-decoration: none;
    &:hover {
      color: ${({ theme }) => theme.colors.text};
    }
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    display: flex;
  }
`;

const Actions = styled.div`
  display: none;
  gap: ${({ theme }) => theme.space(2)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    display: flex;
  }
`;

const MenuToggle = styled.button`
  margin-left: auto;
  display: inline-flex;
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;

const MobileMenu = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  nav {
    display: grid;
  }
  nav a {
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;

/**
 * The fixed landing header (SPEC §2). The pricing anchor is left out: the spec shows no pricing
 * section to point it at. "Docs" leads to the API reference served by the server.
 */
export function LandingHeader() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);
  const links = (
    <>
      <a href="#features" onClick={close}>
        {t('landing.nav.features')}
      </a>
      <a href="#architecture" onClick={close}>
        {t('landing.nav.architecture')}
      </a>
      <a href={`#${PRICING_ANCHOR}`} onClick={close}>
        {t('landing.nav.pricing')}
      </a>
      <Link to={API_DOCS_URL}>{t('landing.nav.docs')}</Link>
    </>
  );

  return (
    <Bar>
      <Inner>
        <Brand to="/">
          <ShieldCheck aria-hidden="true" size={30} />
          <span>
            {t('app.name')}
            <small>{t('app.tagline')}</small>
          </span>
        </Brand>
        <DesktopNav aria-label={t('landing.nav.label')}>{links}</DesktopNav>
        <Actions>
          <LocaleSwitch />
          <ButtonRouterLink to="/auth" $variant="ghost">
            {t('landing.nav.signIn')}
          </ButtonRouterLink>
          <ButtonRouterLink to="/auth?tab=register">{t('landing.nav.getStarted')}</ButtonRouterLink>
        </Actions>
        <MenuToggle
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls="landing-menu"
          aria-label={open ? t('landing.nav.closeMenu') : t('landing.nav.openMenu')}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
        </MenuToggle>
      </Inner>
      {open ? (
        <MobileMenu id="landing-menu">
          <nav aria-label={t('landing.nav.label')}>{links}</nav>
          <ButtonRouterLink to="/auth" $variant="secondary">
            {t('landing.nav.signIn')}
          </ButtonRouterLink>
          <ButtonRouterLink to="/auth?tab=register">{t('landing.nav.getStarted')}</ButtonRouterLink>
          <LocaleSwitch block />
        </MobileMenu>
      ) : null}
    </Bar>
  );
}
