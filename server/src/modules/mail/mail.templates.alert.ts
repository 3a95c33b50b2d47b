import { button, defineTemplate, type MailTemplate } from './mail.template-parts.js';

/**
 * The `alert` mail (alerts module, docs/alerts.md): an alert rule fired, resolved, or was tested.
 * Each application has its own editable copy, like the other application templates. `{{state}}`,
 * `{{metric}}` and `{{window}}` are words in the mail's language, filled in by the sender.
 */
export const ALERT_TEMPLATES: Readonly<{ alert: MailTemplate }> = Object.freeze({
  alert: defineTemplate('[{{state}}] {{alertName}}', [
    '<p>Hallo {{name}},</p>',
    '<p>der Alarm „{{alertName}}“ für {{scopeName}} ist <strong>{{state}}</strong>.</p>',
    '<p>{{metric}}: {{value}} (Bedingung {{comparator}} {{threshold}} im Zeitfenster {{window}}, {{samples}} Messwerte)<br>Zeitpunkt: {{at}}</p>',
    button('{{alertUrl}}', 'Alarm ansehen'),
    '<p>Sie erhalten diese E-Mail, weil Ihre Adresse in der Alarmregel eingetragen ist.</p>',
  ]),
});

export const ALERT_TEMPLATES_EN: Readonly<{ alert: MailTemplate }> = Object.freeze({
  alert: defineTemplate('[{{state}}] {{alertName}}', [
    '<p>Hello {{name}},</p>',
    '<p>the alert “{{alertName}}” for {{scopeName}} is <strong>{{state}}</strong>.</p>',
    '<p>{{metric}}: {{value}} (condition {{comparator}} {{threshold}} within {{window}}, {{samples}} samples)<br>Time: {{at}}</p>',
    button('{{alertUrl}}', 'View the alert'),
    '<p>You receive this e-mail because your address is listed in the alert rule.</p>',
  ]),
});
