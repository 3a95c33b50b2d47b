import { renderLinkPage } from '../../lib/link-page.js';
import type { LeaveLinkView } from './organizations.views.js';

/** The pages behind the invitation mail's leave link (German, the product's language). */
interface Page {
  title: string;
  paragraphs: string[];
  token?: string;
  dashboardUrl: string;
}

const render = (page: Page) =>
  renderLinkPage({
    lang: 'de',
    title: page.title,
    paragraphs: page.paragraphs,
    token: page.token,
    button: { label: 'Organisation verlassen', tone: 'danger' },
    link: { href: page.dashboardUrl, label: 'Zum Dashboard' },
  });

export function leaveConfirmationPage(view: LeaveLinkView, token: string, dashboardUrl: string): string {
  return render({
    title: `Organisation „${view.organization_name}“ verlassen?`,
    paragraphs: [
      `${view.inviter_name} (${view.inviter_email}) hat Sie in die Organisation „${view.organization_name}“ eingeladen.`,
      'Wenn Sie nicht Mitglied sein möchten, lehnen Sie die Einladung hier mit einem Klick ab – oder verlassen die Organisation, falls Sie schon angenommen haben. Eine Anmeldung ist dafür nicht nötig.',
    ],
    token,
    dashboardUrl,
  });
}

export function leftPage(view: LeaveLinkView, dashboardUrl: string): string {
  return render({
    title: 'Organisation verlassen',
    paragraphs: [
      `Sie sind nicht mehr Mitglied der Organisation „${view.organization_name}“.`,
      `Falls das ein Versehen war, bitten Sie ${view.inviter_name} (${view.inviter_email}), Sie erneut einzuladen.`,
    ],
    dashboardUrl,
  });
}

export function leaveErrorPage(message: string, dashboardUrl: string): string {
  return render({ title: 'Organisation verlassen', paragraphs: [message], dashboardUrl });
}

/** German texts for the errors the leave link can meet (the API's own messages are English). */
export const LEAVE_PAGE_ERRORS: Record<string, string> = {
  invalid_leave_token:
    'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet – oder Sie sind nicht mehr Mitglied. Im Dashboard können Sie Organisationen jederzeit selbst verlassen.',
  last_admin:
    'Sie sind inzwischen der einzige Admin dieser Organisation und können sie deshalb nicht verlassen. Machen Sie zuerst ein anderes Mitglied zum Admin; der Link bleibt bis dahin gültig.',
};
