import {
  Activity,
  AppWindow,
  ArrowDown,
  ArrowRight,
  BarChart3,
  Bell,
  Brain,
  Building2,
  FolderKanban,
  Lock,
  Server,
  TrendingUp,
  User,
  UsersRound,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Fragment } from 'react';
import styled from 'styled-components';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { ButtonLink } from '../../ui/Button';
import { CardGrid, FeatureCard } from './Features';
import { API_DOCS_URL } from './links';
import { Section, SectionIntro } from './Section';

type Step = { icon: LucideIcon; label: MessageKey };

const authFlow: Step[] = [
  { icon: User, label: 'landing.architecture.user' },
  { icon: Server, label: 'landing.architecture.api' },
  { icon: AppWindow, label: 'landing.architecture.apps' },
];
const eventFlow: Step[] = [
  { icon: Zap, label: 'landing.architecture.events' },
  { icon: BarChart3, label: 'landing.architecture.engine' },
  { icon: Bell, label: 'landing.architecture.alerts' },
];
const components: { icon: LucideIcon; title: MessageKey; text: MessageKey }[] = [
  { icon: Building2, title: 'landing.arch1.title', text: 'landing.arch1.text' },
  { icon: FolderKanban, title: 'landing.arch2.title', text: 'landing.arch2.text' },
  { icon: UsersRound, title: 'landing.arch3.title', text: 'landing.arch3.text' },
  { icon: Activity, title: 'landing.arch4.title', text: 'landing.arch4.text' },
];
const pillars: { icon: LucideIcon; title: MessageKey; text: MessageKey }[] = [
  { icon: Lock, title: 'landing.pillar1.title', text: 'landing.pillar1.text' },
  { icon: TrendingUp, title: 'landing.pillar2.title', text: 'landing.pillar2.text' },
  { icon: Brain, title: 'landing.pillar3.title', text: 'landing.pillar3.text' },
];

const Flow = styled.figure`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  figcaption {
    font-weight: 700;
    text-align: center;
  }
  ol {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li.step {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
    border-radius: ${({ theme }) => theme.radii.md};
    background: #eef2ff;
    color: #3730a3;
    font-weight: 600;
  }
  li.arrow {
    display: inline-flex;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .right {
    display: none;
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    ol {
      flex-direction: row;
      justify-content: center;
    }
    .right {
      display: inline;
    }
    .down {
      display: none;
    }
  }
`;

const PillarsTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  text-align: center;
  font-size: 1.25rem;
`;

const Centered = styled.div`
  text-align: center;
`;

const Pillars = styled(CardGrid)`
  text-align: center;
  li {
    justify-items: center;
  }
`;

function FlowDiagram({ caption, steps }: { caption: MessageKey; steps: Step[] }) {
  const t = useT();
  return (
    <Flow>
      <figcaption>{t(caption)}</figcaption>
      <ol>
        {steps.map(({ icon: Icon, label }, index) => (
          <Fragment key={label}>
            {index > 0 ? (
              <li className="arrow" aria-hidden="true">
                <ArrowRight className="right" size={20} />
                <ArrowDown className="down" size={20} />
              </li>
            ) : null}
            <li className="step">
              <Icon aria-hidden="true" size={20} />
              {t(label)}
            </li>
          </Fragment>
        ))}
      </ol>
    </Flow>
  );
}

/** The architecture section of SPEC §2: two flows, the building blocks and three pillars. */
export function Architecture() {
  const t = useT();
  return (
    <Section id="architecture" aria-labelledby="architecture-title">
      <SectionIntro>
        <h2 id="architecture-title">{t('landing.architecture.title')}</h2>
        <p>{t('landing.architecture.intro')}</p>
      </SectionIntro>
      <FlowDiagram caption="landing.architecture.flowAuth" steps={authFlow} />
      <CardGrid>
        {components.map(({ icon: Icon, title, text }) => (
          <FeatureCard key={title}>
            <Icon aria-hidden="true" size={24} />
            <h3>{t(title)}</h3>
            <p>{t(text)}</p>
          </FeatureCard>
        ))}
      </CardGrid>
      <FlowDiagram caption="landing.architecture.flowEvents" steps={eventFlow} />
      <div>
        <PillarsTitle>{t('landing.architecture.pillars')}</PillarsTitle>
        <Pillars>
          {pillars.map(({ icon: Icon, title, text }) => (
            <FeatureCard key={title}>
              <Icon aria-hidden="true" size={28} />
              <h4>{t(title)}</h4>
              <p>{t(text)}</p>
            </FeatureCard>
          ))}
        </Pillars>
      </div>
      <Centered>
        <ButtonLink href={API_DOCS_URL} $variant="secondary">
          {t('landing.architecture.docs')}
        </ButtonLink>
      </Centered>
    </Section>
  );
}
