import { ArrowRight, Check } from 'lucide-react';
import styled from 'styled-components';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { ButtonRouterLink } from '../../ui/Button';
import { PRICING_ANCHOR } from './links';
import { Section, SectionIntro } from './Section';

const Plan = styled.div`
  justify-self: center;
  width: min(100%, 480px);
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(8)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  h3 {
    margin: 0;
    font-size: 1.25rem;
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: flex-start;
  }
  li svg {
    flex: none;
    margin-top: 3px;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Price = styled.p`
  margin: 0;
  display: grid;
  strong {
    font-size: 2.5rem;
    line-height: 1.1;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const points: MessageKey[] = ['landing.pricing.point1', 'landing.pricing.point2', 'landing.pricing.point3'];

/**
 * The target of the header's and footer's pricing anchor (SPEC §2 names the anchor but shows no
 * target): the platform is self-hosted, so the section says what that costs and where to start.
 */
export function Pricing() {
  const t = useT();
  return (
    <Section id={PRICING_ANCHOR} aria-labelledby="pricing-title">
      <SectionIntro>
        <h2 id="pricing-title">{t('landing.pricing.title')}</h2>
        <p>{t('landing.pricing.intro')}</p>
      </SectionIntro>
      <Plan>
        <h3>{t('landing.pricing.plan')}</h3>
        <Price>
          <strong>{t('landing.pricing.price')}</strong>
          <span>{t('landing.pricing.priceNote')}</span>
        </Price>
        <ul>
          {points.map((point) => (
            <li key={point}>
              <Check aria-hidden="true" size={18} />
              {t(point)}
            </li>
          ))}
        </ul>
        <Actions>
          <ButtonRouterLink to="/auth?tab=register">
            {t('landing.pricing.start')}
            <ArrowRight aria-hidden="true" size={18} />
          </ButtonRouterLink>
          <ButtonRouterLink to="/docs#self-hosting" $variant="secondary">
            {t('landing.pricing.selfHosting')}
          </ButtonRouterLink>
        </Actions>
      </Plan>
    </Section>
  );
}
