import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { MemberSkills } from '../src/components/skills/MemberSkills';
import { SkillChips } from '../src/components/skills/SkillChips';
import type { Organization, OrganizationMember } from '../src/components/tenancy/queries';
import { UserSkills } from '../src/pages/ProjectDetail/PoolUsers/UserSkills';
import type { PoolUser } from '../src/pages/ProjectDetail/PoolUsers/queries';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';
import { member, now, organization, user } from './tenancy-fixtures';

const ORG_ID = 'a00000000000000000000001';
const MEMBER_ID = 'm00000000000000000000002';
const MEMBER_SKILLS = `/api/v1/organizations/${ORG_ID}/members/${MEMBER_ID}/skills`;
const PROJECT_ID = 'p00000000000000000000001';
const USER_ID = 'e00000000000000000000001';
const USER_SKILLS = `/api/v1/projects/${PROJECT_ID}/users/${USER_ID}/skills`;

const tom = (skills: Array<{ name: string; level: number | null }>) =>
  member({
    id: MEMBER_ID,
    user_id: 'u2',
    role: 'member',
    user: { id: 'u2', email: 'tom@example.com', display_name: 'Tom' },
    skills,
  }) as unknown as OrganizationMember;

function poolUser(skills: Array<{ name: string; level: number | null }>): PoolUser {
  return {
    id: USER_ID,
    email: 'ada@shop.example',
    display_name: 'Ada Kundin',
    is_verified: true,
    blocked: false,
    blocked_at: null,
    has_password: true,
    signs_in_with_google: false,
    second_factor: false,
    registered_application_id: null,
    created_at: now,
    last_login_at: null,
    roles: [],
    skills,
  } as PoolUser;
}

/** The organization as an admin (or another role) sees it. */
const org = (overrides: Record<string, unknown> = {}) => organization(overrides) as unknown as Organization;

describe('skills: chips and the editing dialog', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useSessionStore.setState({
        status: 'signedIn',
        session: { accessToken: 'a', refreshToken: 'r', expiresAt: 9_999_999_999, user },
        signedOutByUser: false,
      });
      useToastStore.setState({ toasts: [] });
    });
    stub = new FetchStub().install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  it('shows skills as a labelled list of chips, the level read out; nothing without skills', () => {
    renderWithProviders(
      <>
        <SkillChips
          skills={[
            { name: 'TypeScript', level: 4 },
            { name: 'Erste Hilfe', level: null },
          ]}
          label="Skills von Tom"
        />
        <SkillChips skills={[]} label="Skills von Niemand" />
        <SkillChips skills={undefined} label="Skills von Alt" />
      </>,
    );
    const chips = screen.getByRole('list', { name: 'Skills von Tom' });
    const items = within(chips).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).to.deep.equal(['TypeScript4, Stufe 4', 'Erste Hilfe']);
    expect(screen.queryByRole('list', { name: 'Skills von Niemand' })).to.equal(null);
    expect(screen.queryByRole('list', { name: 'Skills von Alt' })).to.equal(null);
  });

  it('admins add (Enter), change the level, remove and save with the keyboard; the API gets the whole list', async () => {
    stub.on('PUT', MEMBER_SKILLS, (request) =>
      json(200, { ...tom((request.body as { skills: [] }).skills), status: 'active' }),
    );
    renderWithProviders(
      <MemberSkills organization={org()} member={tom([{ name: 'Go', level: 2 }])} name="Tom" />,
    );
    expect(within(screen.getByRole('list', { name: 'Skills von Tom' })).getByText('Go')).to.exist;
    await userEvent.click(screen.getByRole('button', { name: 'Skills bearbeiten: Tom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skills von Tom' });

    // Add one with a level, by keyboard only.
    await userEvent.click(within(dialog).getByLabelText('Skill'));
    await userEvent.type(within(dialog).getByLabelText('Skill'), '  TypeScript ');
    await userEvent.selectOptions(within(dialog).getByLabelText('Stufe'), '4');
    await userEvent.click(within(dialog).getByLabelText('Skill'));
    await userEvent.keyboard('{Enter}');
    expect(
      within(dialog)
        .getAllByTestId('skill-row')
        .map((row) => row.querySelector('span')!.textContent),
    ).to.deep.equal(['Go', 'TypeScript']);
    expect((within(dialog).getByLabelText('Skill') as HTMLInputElement).value).to.equal('');
    expect(document.activeElement).to.equal(within(dialog).getByLabelText('Skill'));
    expect(within(dialog).getByText('2 von 50 Skills')).to.exist;

    // Change Go's level, remove nothing yet; then remove TypeScript and add it back without a level.
    await userEvent.selectOptions(within(dialog).getByLabelText('Stufe von Go'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'TypeScript entfernen' }));
    expect(within(dialog).getAllByTestId('skill-row')).to.have.length(1);
    await userEvent.type(within(dialog).getByLabelText('Skill'), 'Rust{Enter}');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(stub.calls('PUT', MEMBER_SKILLS)).to.have.length(1));
    expect(stub.calls('PUT', MEMBER_SKILLS)[0]!.body).to.deep.equal({
      skills: [
        { name: 'Go', level: 5 },
        { name: 'Rust', level: null },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(await screen.findByText('Skills gespeichert')).to.exist;
  });

  it('refuses a duplicate (ignoring case), an empty and a too long name before sending anything', async () => {
    renderWithProviders(
      <MemberSkills organization={org()} member={tom([{ name: 'TypeScript', level: 3 }])} name="Tom" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Skills bearbeiten: Tom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skills von Tom' });
    const field = within(dialog).getByLabelText('Skill');

    await userEvent.type(field, ' typescript {Enter}');
    expect(within(dialog).getByRole('alert').textContent).to.contain(
      '„typescript“ ist schon in der Liste (Groß-/Kleinschreibung zählt nicht).',
    );
    expect(field.getAttribute('aria-invalid')).to.equal('true');
    expect(within(dialog).getAllByTestId('skill-row')).to.have.length(1);

    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(within(dialog).getByRole('alert').textContent).to.contain(
      'Geben Sie einen Namen für den Skill ein.',
    );

    await userEvent.type(field, 'x'.repeat(51));
    await userEvent.keyboard('{Enter}');
    expect(within(dialog).getByRole('alert').textContent).to.contain('höchstens 50 Zeichen');
    // Saving with an invalid name typed sends nothing either.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(stub.calls('PUT', MEMBER_SKILLS)).to.have.length(0);
  });

  it('saves a typed but not yet added name with the list; a refusal of the server is shown in the dialog', async () => {
    stub.on('PUT', MEMBER_SKILLS, () =>
      json(403, {
        error: 'Your role does not include the permission skill:manage.',
        code: 'forbidden',
        permission: 'skill:manage',
        details: [{ path: 'permission', message: 'skill:manage' }],
      }),
    );
    renderWithProviders(<MemberSkills organization={org()} member={tom([])} name="Tom" />);
    await userEvent.click(screen.getByRole('button', { name: 'Skills bearbeiten: Tom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skills von Tom' });
    expect(within(dialog).getByText('Noch keine Skills – fügen Sie unten den ersten hinzu.')).to.exist;
    await userEvent.type(within(dialog).getByLabelText('Skill'), 'Kasse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(stub.calls('PUT', MEMBER_SKILLS)).to.have.length(1));
    expect(stub.calls('PUT', MEMBER_SKILLS)[0]!.body).to.deep.equal({
      skills: [{ name: 'Kasse', level: null }],
    });
    expect(await within(dialog).findByRole('alert')).to.exist;
    expect(screen.getByRole('dialog', { name: 'Skills von Tom' })).to.exist;
  });

  it('without skill:manage: the chips only, no edit button (and nothing for a member without skills)', () => {
    renderWithProviders(
      <>
        <MemberSkills
          organization={org({ role: 'Reader', my_permissions: ['organization:read', 'member:read'] })}
          member={tom([{ name: 'Go', level: 1 }])}
          name="Tom"
        />
        <MemberSkills organization={org({ role: 'member' })} member={tom([])} name="Tim" />
      </>,
    );
    expect(screen.getByRole('list', { name: 'Skills von Tom' })).to.exist;
    expect(screen.queryByRole('button', { name: /bearbeiten/ })).to.equal(null);
  });

  it('a custom role with skill:manage may edit', () => {
    renderWithProviders(
      <MemberSkills
        organization={org({ role: 'Skill keeper', my_permissions: ['member:read', 'skill:manage'] })}
        member={tom([])}
        name="Tom"
      />,
    );
    expect(screen.getByRole('button', { name: 'Skills bearbeiten: Tom' })).to.exist;
  });

  it('an end user’s skills in the details panel: edited and saved to the project’s users route', async () => {
    stub.on('PUT', USER_SKILLS, (request) => json(200, poolUser((request.body as { skills: [] }).skills)));
    renderWithProviders(<UserSkills projectId={PROJECT_ID} user={poolUser([])} canChange />);
    expect(screen.getByRole('heading', { name: 'Skills' })).to.exist;
    expect(screen.getByText('Keine Skills')).to.exist;
    await userEvent.click(screen.getByRole('button', { name: 'Skills bearbeiten: Ada Kundin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skills von Ada Kundin' });
    await userEvent.type(within(dialog).getByLabelText('Skill'), 'Lager');
    await userEvent.selectOptions(within(dialog).getByLabelText('Stufe'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(stub.calls('PUT', USER_SKILLS)).to.have.length(1));
    expect(stub.calls('PUT', USER_SKILLS)[0]!.body).to.deep.equal({ skills: [{ name: 'Lager', level: 1 }] });
  });

  it('members only read an end user’s skills; English texts', async () => {
    act(() => void useUiStore.getState().setLocale('en'));
    await waitFor(() => expect(useUiStore.getState().locale).to.equal('en'));
    renderWithProviders(
      <UserSkills projectId={PROJECT_ID} user={poolUser([{ name: 'Kasse', level: 2 }])} canChange={false} />,
    );
    const chips = await screen.findByRole('list', { name: 'Skills of Ada Kundin' });
    expect(within(chips).getByRole('listitem').textContent).to.equal('Kasse2, Level 2');
    expect(screen.queryByRole('button', { name: /Edit/ })).to.equal(null);
  });
});
