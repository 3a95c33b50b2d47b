import { useState } from 'react';
import styled from 'styled-components';
import { IntegrationSnippets } from '../../components/snippets/IntegrationSnippets';
import { useApplications } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { useSessionStore } from '../../stores/session';
import { SelectField } from '../../ui/Select';
import { pageHref } from './markdown';
import { Muted } from './styles';

/**
 * The assistant's coding suggestions on /docs (issue #36): for an application the signed-in
 * person chooses, the same integration code as on the application's page, its guide links
 * pointing at this page's sections. Signed out, it says how to get it.
 */
export function AssistantSnippets() {
  const t = useT();
  const signedIn = useSessionStore((state) => state.status === 'signedIn');
  const applications = useApplications(undefined, { enabled: signedIn });
  const [chosen, setChosen] = useState('');

  return (
    <Part aria-labelledby="assistant-snippets-title">
      <h3 id="assistant-snippets-title">{t('snippets.docs.title')}</h3>
      <p>{t('snippets.docs.intro')}</p>
      {!signedIn ? <Muted>{t('snippets.docs.signIn')}</Muted> : null}
      {signedIn && applications.data?.length === 0 ? <Muted>{t('snippets.docs.none')}</Muted> : null}
      {signedIn && applications.data && applications.data.length > 0 ? (
        <Choice>
          <SelectField
            label={t('snippets.docs.application')}
            name="snippet_application"
            value={chosen}
            placeholder={t('snippets.docs.choose')}
            options={applications.data.map((application) => ({
              value: application.id,
              label: application.name,
            }))}
            onChange={(event) => setChosen(event.target.value)}
          />
        </Choice>
      ) : null}
      {chosen ? <IntegrationSnippets applicationId={chosen} headingLevel={3} docsHref={pageHref} /> : null}
    </Part>
  );
}

const Part = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(6)};
  min-width: 0;
  h3 {
    margin: 0;
  }
  p {
    margin: 0;
  }
`;

const Choice = styled.div`
  max-width: 360px;
`;
