import { ArrowRight, PlayCircle } from 'lucide-react';
import styled from 'styled-components';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { ButtonRouterLink } from '../../ui/Button';
import { Architecture } from './Architecture';
import { Features } from './Features';
import { LandingFooter } from './LandingFooter';
import { HEADER_HEIGHT, LandingHeader } from './LandingHeader';
import { Pricing } from './Pricing';
import { SkipLink } from '../../layout/SkipLink';

const badges: string[] = ['Multi-Tenant', '2FA & FIDO2', 'Analytics', 'RBAC'];

const Hero = styled.section`
  padding: calc(${HEADER_HEIGHT} + ${({ theme }) => theme.space(16)}) ${({ theme }) => theme.space(4)}
    ${({ theme }) => theme.space(16)};
  background: linear-gradient(180deg, #eef2ff 0%, ${({ theme }) => theme.colors.background} 100%);
  text-align: center;
`;

const HeroInner = styled.div`
  max-width: 880px;
  margin: 0 auto;
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(6)};
  h1 {
    margin: 0;
    display: grid;
    gap: ${({ theme }) => theme.space(3)};
    font-size: clamp(2.25rem, 7vw, 3.75rem);
    line-height: 1.1;
    span {
      font-size: clamp(1.25rem, 3.5vw, 1.75rem);
      font-weight: 600;
      color: ${({ theme }) => theme.colors.primary};
    }
  }
  p {
    margin: 0;
    max-width: 680px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 1.125rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Badges = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    border-radius: 999px;
    border: 1px solid #c7d2fe;
    background: ${({ theme }) => theme.colors.surface};
    color: #3730a3;
    font-size: 0.875rem;
    font-weight: 600;
  }
`;

const heroButtons: { to: string; label: MessageKey; secondary?: boolean }[] = [
  { to: '/auth?tab=register', label: 'landing.hero.start' },
  { to: '/auth', label: 'landing.hero.demo', secondary: true },
];

/** The public landing page (SPEC §2): header, hero, features, architecture, pricing and footer. */
export default function Landing() {
  const t = useT();
  return (
    <>
      <SkipLink />
      <LandingHeader />
      <main id="main" tabIndex={-1}>
        <Hero aria-labelledby="hero-title">
          <HeroInner>
            <h1 id="hero-title">
              {t('landing.hero.title')} <span>{t('landing.hero.headline')}</span>
            </h1>
            <p>{t('landing.hero.subtitle')}</p>
            <Actions>
              {heroButtons.map(({ to, label, secondary }) => (
                <ButtonRouterLink key={label} to={to} $variant={secondary ? 'secondary' : 'primary'}>
                  {secondary ? <PlayCircle aria-hidden="true" size={18} /> : null}
                  {t(label)}
                  {secondary ? null : <ArrowRight aria-hidden="true" size={18} />}
                </ButtonRouterLink>
              ))}
            </Actions>
            <Badges aria-label={t('landing.hero.badges')}>
              {badges.map((badge) => (
                <li key={badge}>{badge}</li>
              ))}
            </Badges>
          </HeroInner>
        </Hero>
        <Features />
        <Architecture />
        <Pricing />
      </main>
      <LandingFooter />
    </>
  );
}
