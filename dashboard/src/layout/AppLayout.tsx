import { ShieldCheck } from 'lucide-react';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import styled from 'styled-components';
import { useT } from '../i18n/useT';
import { LocaleSwitch } from './LocaleSwitch';
import { SkipLink } from './SkipLink';

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(6)}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  text-decoration: none;
  small {
    display: block;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.75rem;
  }
`;

const Main = styled.main`
  max-width: 1200px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(6)};
`;

export function AppLayout() {
  const t = useT();
  return (
    <>
      <SkipLink />
      <Header>
        <Brand to="/">
          <ShieldCheck aria-hidden="true" size={28} />
          <span>
            {t('app.name')}
            <small>{t('app.tagline')}</small>
          </span>
        </Brand>
        <LocaleSwitch />
      </Header>
      <Main id="main" tabIndex={-1}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Main>
    </>
  );
}
