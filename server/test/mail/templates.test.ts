import { expect } from 'chai';
import {
  END_USER_TEMPLATES,
  END_USER_TEMPLATES_EN,
  SYSTEM_TEMPLATES,
  applicationTemplate,
  detectTemplateVariables,
  htmlToText,
  renderTemplate,
  systemTemplate,
} from '../../src/modules/mail/index.js';
import { type SystemTemplateName } from '../../src/core/mail.js';

/** The variables each system template takes (issue 4, SPEC §3). */
const EXPECTED_VARIABLES: Record<SystemTemplateName, string[]> = {
  email_confirmation: ['name', 'productName', 'confirmLink'],
  welcome: ['name', 'productName', 'dashboardUrl'],
  password_reset: ['name', 'productName', 'resetLink', 'factors'],
  notification: ['name', 'title', 'message'],
  project_invitation: [
    'name',
    'organizationName',
    'inviterName',
    'inviterEmail',
    'productName',
    'role',
    'dashboardUrl',
    'leaveLink',
  ],
  registration_attempt: ['name', 'productName', 'resetLink', 'dashboardUrl'],
  account_locked: ['name', 'productName', 'where', 'minutes', 'resetLink'],
  password_changed: ['name', 'productName', 'how', 'sessionsEnded', 'tokensRevoked', 'resetLink'],
  account_secured: ['name', 'resetLink'],
  account_deletion: ['name', 'productName', 'deleteLink'],
  email_code: ['name', 'signInCode'],
  mfa_disabled: [
    'name',
    'productName',
    'method',
    'status',
    'when',
    'ip',
    'userAgent',
    'proof',
    'securityUrl',
    'notMeLink',
  ],
  second_factor_changed: [
    'name',
    'productName',
    'change',
    'when',
    'ip',
    'userAgent',
    'securityUrl',
    'notMeLink',
  ],
  factor_change_undone: ['name', 'productName', 'undone', 'sessionsEnded', 'tokensRevoked', 'resetLink'],
  pool_invitation: ['name', 'productName', 'inviteLink', 'signInUrl'],
  email_change: ['name', 'productName', 'confirmLink'],
  email_change_requested: ['name', 'productName', 'newEmail', 'resetLink'],
  email_change_taken: ['name', 'productName', 'signInUrl'],
  email_changed: ['name', 'productName', 'newEmail'],
  alert: [
    'name',
    'state',
    'alertName',
    'scopeName',
    'metric',
    'value',
    'comparator',
    'threshold',
    'window',
    'samples',
    'at',
    'alertUrl',
  ],
};

const SAMPLE_VALUES: Record<string, string> = {
  name: 'Ada Lovelace',
  productName: 'IAM Platform',
  inviteLink: 'https://iam.example.com/p/665f1c0b9d3e4a1b2c3d4e5f/reset?token=1nv1t3',
  signInUrl: 'https://iam.example.com/p/665f1c0b9d3e4a1b2c3d4e5f/sign-in',
  accountUrl: 'https://iam.example.com/p/665f1c0b9d3e4a1b2c3d4e5f/account',
  deleteLink: 'https://iam.example.com/auth?mode=delete-account&token=d3l3t3',
  confirmLink: 'https://iam.example.com/api/v1/auth/confirm?token=c0ffee',
  dashboardUrl: 'https://iam.example.com',
  resetLink: 'https://iam.example.com/auth?mode=reset&token=5eed',
  title: 'Neue Anmeldung',
  message: 'Ihr Konto wurde von einem neuen Gerät aus verwendet.',
  organizationName: 'Acme GmbH',
  inviterName: 'Grace Hopper',
  inviterEmail: 'grace@example.com',
  leaveLink: 'https://iam.example.com/api/v1/organizations/invitations/leave?token=1eave',
  role: 'admin',
  minutes: '15',
  where: 'von der Adresse 203.0.113.7 aus',
  how: 'in Ihren Kontoeinstellungen',
  sessionsEnded: '2',
  tokensRevoked: '1',
  method: 'die Authenticator-App (TOTP)',
  status: 'Für die Anmeldung genügt jetzt wieder das Passwort.',
  when: '23. November 2026 um 07:30 UTC',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  proof: 'Passwort',
  securityUrl: 'https://iam.example.com/account/security',
  notMeLink: 'https://iam.example.com/api/v1/auth/factor-changes/undo?token=n0tme&lang=de',
  change: 'der Passkey „Laptop“ wurde hinzugefügt',
  undone: 'Wir haben den Passkey „Laptop“ entfernt.',
  factors: '• Passkey „Laptop“, hinzugefügt am 23. November 2026 um 07:30 UTC',
  signInCode: '042917',
  newEmail: 'n***@example.org',
  state: 'ausgelöst',
  alertName: 'Checkout-Fehler',
  scopeName: 'Shop',
  metric: 'Fehlerquote (%)',
  value: '75',
  comparator: '>',
  threshold: '50',
  window: '5 min',
  samples: '40',
  at: '2026-11-28T05:00:00.000Z',
  alertUrl: 'https://iam.example.com/alerts/665f1c0b9d3e4a1b2c3d4e5f',
};

const templateNames = Object.keys(EXPECTED_VARIABLES) as SystemTemplateName[];

function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe('mail templates', () => {
  it('defines exactly the system templates of the spec', () => {
    expect(Object.keys(SYSTEM_TEMPLATES)).to.have.members(templateNames);
  });

  for (const name of templateNames) {
    describe(name, () => {
      const template = SYSTEM_TEMPLATES[name];
      const data = Object.fromEntries(
        EXPECTED_VARIABLES[name].map((variable) => [variable, SAMPLE_VALUES[variable]!]),
      );

      it('declares the variables it uses', () => {
        expect(template.variables).to.have.members(EXPECTED_VARIABLES[name]);
        expect(detectTemplateVariables(`${template.subject} ${template.html_content}`)).to.have.members(
          template.variables,
        );
      });

      it('renders every variable into a complete mail with a subject', () => {
        const mail = renderTemplate(name, data);
        expect(mail.subject).to.be.a('string').and.have.length.above(5);
        expect(mail.subject).not.to.contain('{{');
        expect(mail.html).not.to.contain('{{');
        expect(mail.text).not.to.contain('{{');
        expect(mail.html).to.match(/^<!doctype html>/i);
        expect(mail.html).to.contain('<html lang="de">');
        expect(mail.html).to.contain(`<title>${mail.subject.replace(/&/g, '&amp;')}</title>`);
        for (const variable of EXPECTED_VARIABLES[name]) {
          const value = SAMPLE_VALUES[variable]!;
          expect(mail.text, variable).to.contain(value);
          expect(mail.html, variable).to.contain(value.replace(/&/g, '&amp;'));
        }
      });

      it('has a text part without HTML tags', () => {
        const { text } = renderTemplate(name, data);
        expect(text).not.to.match(/<\/?[a-z][^>]*>/i);
        expect(text).not.to.match(/&(amp|lt|gt|quot|#\d+);/);
        expect(text).to.contain(`Hallo ${SAMPLE_VALUES.name},`);
      });

      it('is written in German', () => {
        const { text } = renderTemplate(name, data);
        expect(text).to.contain('Hallo');
        expect(text).to.contain('Diese E-Mail wurde automatisch von IAM Platform versendet.');
      });
    });
  }

  it('puts each link of the password reset mail exactly once into both parts', () => {
    const resetLink = SAMPLE_VALUES.resetLink!;
    const mail = renderTemplate('password_reset', { name: 'Ada', resetLink });
    expect(occurrences(mail.html, `href="${resetLink.replace(/&/g, '&amp;')}"`)).to.equal(1);
    expect(occurrences(mail.text, resetLink)).to.equal(1);
    expect(mail.text).to.contain(`Neues Passwort festlegen: ${resetLink}`);
  });

  it('links to dashboardUrl as given', () => {
    const mail = renderTemplate('welcome', { name: 'Ada', dashboardUrl: 'http://localhost:3000/dashboard' });
    expect(occurrences(mail.html, 'href="http://localhost:3000/dashboard"')).to.equal(1);
    expect(mail.text).to.contain('Zum Dashboard: http://localhost:3000/dashboard\n');
  });

  describe('escaping', () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';

    it('HTML-escapes values in the HTML part and keeps them verbatim in the text part', () => {
      const mail = renderTemplate('notification', { name: hostile, title: 'T', message: 'M' });
      expect(mail.html).not.to.contain('<script>');
      expect(mail.html).not.to.contain('<img');
      expect(mail.html).to.contain(
        '&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;',
      );
      expect(mail.text).to.contain(`Hallo ${hostile},`);
    });

    it('keeps a quote in a link value from leaving the href attribute', () => {
      const mail = renderTemplate('password_reset', {
        name: 'Ada',
        resetLink: 'https://iam.example.com/x" onclick="steal()',
      });
      expect(mail.html).not.to.contain('onclick="steal()"');
      expect(mail.html).to.contain('href="https://iam.example.com/x&#34; onclick=&#34;steal()"');
    });

    it('refuses javascript: and other non-web URLs as link targets', () => {
      for (const resetLink of [
        'javascript:alert(1)',
        ' JavaScript:alert(1)',
        'data:text/html,<b>x</b>',
        'not a url',
      ]) {
        const mail = renderTemplate('password_reset', { name: 'Ada', resetLink });
        expect(mail.html, resetLink).to.contain('href="#"');
        expect(mail.html.toLowerCase(), resetLink).not.to.contain('javascript:');
      }
    });

    it('does not substitute placeholders that arrive inside values', () => {
      const mail = renderTemplate('notification', { name: '{{title}}', title: 'Echt', message: 'M' });
      expect(mail.html).to.contain('Hallo {{title}},');
      expect(mail.text).to.contain('Hallo {{title}},');
    });

    it('keeps line breaks of a value as <br> in HTML, without allowing markup', () => {
      const mail = renderTemplate('notification', { name: 'Ada', title: 'T', message: 'Zeile 1\nZeile <2>' });
      expect(mail.html).to.contain('Zeile 1<br>Zeile &lt;2&gt;');
      expect(mail.text).to.contain('Zeile 1\nZeile <2>');
    });

    it('keeps the subject on one line', () => {
      const mail = renderTemplate('notification', {
        name: 'Ada',
        title: 'Hallo\r\nBcc: victim@example.com',
        message: 'M',
      });
      expect(mail.subject).to.equal('Hallo Bcc: victim@example.com');
    });
  });

  describe('placeholders without data', () => {
    it('stay visible in every part, so a preview can warn about them', () => {
      const mail = renderTemplate('password_reset', { name: 'Ada' });
      expect(mail.html).to.contain('href="{{resetLink}}"');
      expect(mail.text).to.contain('{{resetLink}}');
    });

    it('ignore data that only looks like a variable through the prototype', () => {
      const mail = renderTemplate({ subject: '{{constructor}}', html_content: '<p>{{toString}}</p>' }, {});
      expect(mail.subject).to.equal('{{constructor}}');
      expect(mail.html).to.contain('<p>{{toString}}</p>');
    });
  });

  it('refuses names that are not system templates', () => {
    for (const name of ['toString', '__proto__', 'unknown']) {
      expect(() => renderTemplate(name as SystemTemplateName, {}), name).to.throw(
        TypeError,
        'Unknown system template',
      );
    }
  });

  it('renders custom templates the same way', () => {
    const mail = renderTemplate(
      {
        subject: 'Hallo {{ name }}',
        html_content: '<p>Willkommen, <strong>{{name}}</strong> &amp; Team!</p>',
      },
      { name: 'Bob & Co' },
    );
    expect(mail.subject).to.equal('Hallo Bob & Co');
    expect(mail.html).to.contain('<strong>Bob &amp; Co</strong>');
    expect(mail.text).to.contain('Willkommen, Bob & Co & Team!');
  });
});

describe('mail templates for the end users of a project pool (issue #31)', () => {
  const poolValues: Record<string, string> = { ...SAMPLE_VALUES, productName: 'Kaffeehaus Müller' };
  const names = [...new Set([...Object.keys(END_USER_TEMPLATES), ...Object.keys(END_USER_TEMPLATES_EN)])];

  for (const locale of ['de', 'en'] as const) {
    for (const name of names as SystemTemplateName[]) {
      it(`${name} (${locale}) names the pool and says nothing of the dashboard, organizations or API tokens`, () => {
        const template = systemTemplate(name, locale, 'pool');
        const data = Object.fromEntries(
          template.variables.map((variable) => [variable, poolValues[variable]!]),
        );
        expect(
          Object.values(data).every((value) => value !== undefined),
          name,
        ).to.equal(true);
        const mail = renderTemplate(name, data, { locale, audience: 'pool' });
        expect(mail.html).to.contain(`<html lang="${locale}">`);
        for (const part of [mail.subject, mail.html, mail.text]) {
          expect(part).not.to.contain('{{');
          expect(part).not.to.match(/IAM Platform|IAM-Platform|Dashboard|API-Token|API token|Organisation/);
        }
        expect(mail.text.startsWith('Kaffeehaus Müller\n')).to.equal(true);
        expect(mail.text).to.contain(
          locale === 'de'
            ? 'Diese E-Mail wurde automatisch von Kaffeehaus Müller versendet.'
            : 'This e-mail was sent automatically by Kaffeehaus Müller.',
        );
        expect(mail.html).not.to.contain(SAMPLE_VALUES.securityUrl);
      });
    }
  }

  it('uses the shared wording where it fits both audiences, with the pool’s name', () => {
    expect(systemTemplate('password_reset', 'de', 'pool')).to.equal(SYSTEM_TEMPLATES.password_reset);
    const mail = renderTemplate(
      'email_confirmation',
      { name: 'Ada', productName: 'Kaffeehaus Müller' },
      {
        audience: 'pool',
      },
    );
    expect(mail.text).to.contain('vielen Dank für Ihre Registrierung bei Kaffeehaus Müller.');
  });

  it('gives applications the end users’ wording as the default of their copies', () => {
    expect(applicationTemplate('welcome', 'de')).to.equal(END_USER_TEMPLATES.welcome);
    expect(applicationTemplate('welcome', 'en')).to.equal(END_USER_TEMPLATES_EN.welcome);
    expect(applicationTemplate('email_confirmation', 'de')).to.equal(SYSTEM_TEMPLATES.email_confirmation);
  });

  it('escapes the brand in the HTML layout and never substitutes a brand that looks like a placeholder', () => {
    const mail = renderTemplate('password_reset', {
      name: 'Ada',
      resetLink: SAMPLE_VALUES.resetLink!,
      productName: '<b>{{resetLink}}</b>',
    });
    expect(mail.html).to.contain('&lt;b&gt;{{resetLink}}&lt;/b&gt;</td>');
    expect(mail.html).not.to.contain('<b>');
    expect(mail.text.startsWith('<b>{{resetLink}}</b>\n')).to.equal(true);
    expect(mail.text).to.contain('automatisch von <b>{{resetLink}}</b> versendet');
    expect(occurrences(mail.text, SAMPLE_VALUES.resetLink!)).to.equal(1);
  });

  it('names the platform when no product name is given', () => {
    const mail = renderTemplate({ subject: 'S', html_content: '<p>x</p>', text_content: 'Nur Text' }, {});
    expect(mail.text).to.equal(
      'IAM Platform\n\nNur Text\n\nDiese E-Mail wurde automatisch von IAM Platform versendet. Bitte antworten Sie nicht auf diese Nachricht.',
    );
    expect(mail.html).to.contain('>IAM Platform</td>');
  });
});

describe('htmlToText', () => {
  it('keeps paragraphs, line breaks, list items and links', () => {
    const text = htmlToText(
      '<html><head><title>T</title><style>p{color:red}</style></head><body>' +
        '<h1>Titel</h1><p>Erste&nbsp;Zeile<br>zweite   Zeile</p>' +
        '<ul><li>eins</li><li>zwei</li></ul>' +
        '<p><a href="https://example.com/a?b=1&amp;c=2">Öffnen</a> oder <a href="https://example.com/">https://example.com/</a></p>' +
        '<p><a href="mailto:help@example.com">help@example.com</a></p><!-- versteckt --></body></html>',
    );
    expect(text).to.equal(
      'Titel\n\nErste Zeile\nzweite Zeile\n\n- eins\n- zwei\n\n' +
        'Öffnen: https://example.com/a?b=1&c=2 oder https://example.com/\n\nhelp@example.com',
    );
  });

  it('treats a lone "<" as text and decodes entities once', () => {
    expect(htmlToText('<p>1 < 2 &amp;lt; 3 &#228; &#xFC;</p>')).to.equal('1 < 2 &lt; 3 ä ü');
  });

  it('stays fast on hostile markup', () => {
    const started = Date.now();
    htmlToText(
      `${'<a '.repeat(50_000)}>${'<'.repeat(50_000)}>${'&#'.repeat(50_000)}<!--${'<p'.repeat(50_000)}`,
    );
    renderTemplate({ subject: '{{ '.repeat(50_000), html_content: `href="${'{{ '.repeat(50_000)}` }, {});
    expect(Date.now() - started).to.be.below(1000);
  });
});
