import { Pencil } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { CardFooter, CardTitleRow, ItemCard, Muted } from './PageParts';
import type { Application } from './queries';

/** The name links to the application; its ::after covers the card so a click anywhere opens it. */
const StretchedLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: ${({ theme }) => theme.radii.md};
  }
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: none;
  }
  &:focus-visible::after {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Raised = styled.div`
  position: relative;
  z-index: 1;
`;

/** One application: name, version badge, description, status "Aktiv" (SPEC §4), optional edit. */
export function ApplicationCard({
  application,
  projectName,
  onEdit,
  headingLevel = 3,
}: {
  application: Application;
  projectName?: string;
  onEdit?(): void;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ItemCard aria-labelledby={headingId} data-testid="application-card">
      <CardTitleRow>
        <Heading id={headingId}>
          <StretchedLink to={`/projects/${application.project_id}/applications/${application.id}`}>
            {application.name}
          </StretchedLink>
        </Heading>
        <Badge $tone="info">{t('applications.version', { version: application.version })}</Badge>
      </CardTitleRow>
      {projectName ? <Muted>{t('applications.inProject', { name: projectName })}</Muted> : null}
      {application.description ? <p>{application.description}</p> : null}
      <CardFooter>
        <Badge $tone="success">{t('tenancy.status.active')}</Badge>
        {onEdit ? (
          <Raised style={{ marginLeft: 'auto' }}>
            <Button
              type="button"
              $variant="secondary"
              aria-label={t('applications.editLabel', { name: application.name })}
              onClick={onEdit}
            >
              <Pencil aria-hidden="true" size={16} />
              {t('tenancy.edit')}
            </Button>
          </Raised>
        ) : null}
      </CardFooter>
    </ItemCard>
  );
}
