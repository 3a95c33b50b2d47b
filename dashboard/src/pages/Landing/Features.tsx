import {
  Activity,
  AppWindow,
  BarChart3,
  Bot,
  Building2,
  Code2,
  FileLock2,
  FolderKanban,
  KeyRound,
  ShieldCheck,
  Smartphone,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { Section, SectionIntro } from './Section';

interface Feature {
  icon: LucideIcon;
  title: MessageKey;
  text: MessageKey;
  /** The guide on /docs that says how the claim is kept (its slug is the file name in docs/). */
  docs?: string;
}

const groups: { title: MessageKey; features: Feature[] }[] = [
  {
    title: 'landing.features.core',
    features: [
      { icon: Building2, title: 'landing.core1.title', text: 'landing.core1.text' },
      { icon: FolderKanban, title: 'landing.core2.title', text: 'landing.core2.text' },
      { icon: AppWindow, title: 'landing.core3.title', text: 'landing.core3.text' },
      { icon: UsersRound, title: 'landing.core4.title', text: 'landing.core4.text' },
    ],
  },
  {
    title: 'landing.features.platform',
    features: [
      { icon: Code2, title: 'landing.platform1.title', text: 'landing.platform1.text' },
      {
        icon: Activity,
        title: 'landing.platform2.title',
        text: 'landing.platform2.text',
        docs: '/docs#tracking',
      },
      {
        icon: BarChart3,
        title: 'landing.platform3.title',
        text: 'landing.platform3.text',
        docs: '/docs#analytics',
      },
      { icon: Bot, title: 'landing.platform4.title', text: 'landing.platform4.text' },
    ],
  },
  {
    title: 'landing.features.security',
    features: [
      {
        icon: Smartphone,
        title: 'landing.security1.title',
        text: 'landing.security1.text',
        docs: '/docs#two-factor',
      },
      { icon: ShieldCheck, title: 'landing.security2.title', text: 'landing.security2.text' },
      { icon: KeyRound, title: 'landing.security3.title', text: 'landing.security3.text' },
      {
        icon: FileLock2,
        title: 'landing.security4.title',
        text: 'landing.security4.text',
        docs: '/docs#privacy',
      },
    ],
  },
];

const Group = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  h3 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const FeatureCard = styled.li`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadow};
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  h3,
  h4 {
    margin: 0;
    font-size: 1.05rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Three groups of four feature cards (SPEC §2); marketing claims, described not demonstrated. */
export function Features() {
  const t = useT();
  return (
    <Section id="features" aria-labelledby="features-title">
      <SectionIntro>
        <h2 id="features-title">{t('landing.features.title')}</h2>
        <p>{t('landing.features.intro')}</p>
      </SectionIntro>
      {groups.map((group) => (
        <Group key={group.title}>
          <h3>{t(group.title)}</h3>
          <CardGrid>
            {group.features.map(({ icon: Icon, title, text, docs }) => (
              <FeatureCard key={title}>
                <Icon aria-hidden="true" size={26} />
                <h4>{t(title)}</h4>
                <p>{t(text)}</p>
                {docs ? (
                  <Link to={docs} aria-label={t('landing.docsLink.label', { feature: t(title) })}>
                    {t('landing.docsLink')}
                  </Link>
                ) : null}
              </FeatureCard>
            ))}
          </CardGrid>
        </Group>
      ))}
    </Section>
  );
}
