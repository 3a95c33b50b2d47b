/**
 * Texts of roles and permissions (issue #33): the organization's roles page and role editor, the
 * hints on actions a member's role does not allow, the project's "Berechtigungen & Rollen" tab
 * and end users' roles in "Benutzer".
 */
export const de = {
  'permissions.missing': 'Ihrer Rolle fehlt die Berechtigung „{label}“ ({permission}).',
  'permissions.forbidden': 'Ihrer Rolle fehlt dafür die Berechtigung {permission}.',
  'roles.open': 'Rollen',
  'roles.title': 'Rollen · {organization}',
  'roles.intro':
    'Rollen bündeln Berechtigungen. Admin und Mitglied sind vorgegeben; eigene Rollen stellen Sie aus dem Katalog zusammen und vergeben sie beim Einladen oder in der Mitgliederliste.',
  'roles.new': 'Neue Rolle',
  'roles.create': 'Rolle anlegen',
  'roles.notFound': 'Organisation nicht gefunden',
  'roles.notFoundText': 'Diese Organisation gibt es nicht, oder Sie sind dort nicht Mitglied.',
  'roles.backToOrganizations': 'Zurück zu den Organisationen',
  'roles.loading': 'Rollen werden geladen …',
  'roles.catalogLoading': 'Berechtigungen werden geladen …',
  'roles.list': 'Rollen der Organisation',
  'roles.noCustom': 'Noch keine eigenen Rollen – legen Sie mit „Neue Rolle“ die erste an.',
  'roles.builtIn': 'Vorgegeben',
  'roles.adminText': 'Darf alles in der Organisation.',
  'roles.memberText':
    'Sieht die Organisation, legt Projekte und Anwendungen an und bearbeitet sie; verwaltet weder Mitglieder noch Einstellungen.',
  'roles.memberCount': '{count} Mitglieder',
  'roles.memberCountOne': '1 Mitglied',
  'roles.permissionCount': '{count} von {total} Berechtigungen',
  'roles.permissionCountShort': '{count} Berechtigungen',
  'roles.edit': 'Bearbeiten',
  'roles.view': 'Ansehen',
  'roles.editLabel': 'Rolle {name} bearbeiten',
  'roles.viewLabel': 'Rolle {name} ansehen',
  'roles.delete': 'Löschen',
  'roles.deleteLabel': 'Rolle {name} löschen',
  'roles.confirmDelete': 'Rolle „{name}“ löschen? Das geht nur, solange niemand sie hat.',
  'roles.deleted': 'Rolle gelöscht',
  'roles.saved': 'Rolle gespeichert',
  'roles.created': 'Rolle angelegt',
  'roles.editor.newTitle': 'Neue Rolle',
  'roles.editor.editTitle': 'Rolle {name} bearbeiten',
  'roles.editor.viewTitle': 'Rolle {name}',
  'roles.editor.description':
    'Wählen Sie, was Mitglieder mit dieser Rolle dürfen. Änderungen gelten sofort für alle, die sie haben.',
  'roles.editor.form': 'Rolle',
  'roles.editor.name': 'Name',
  'roles.editor.roleDescription': 'Beschreibung (optional)',
  'roles.editor.permissions': 'Berechtigungen',
  'roles.editor.notYours': 'Haben Sie selbst nicht – können Sie nicht vergeben.',
  'roles.error.nameRequired': 'Geben Sie der Rolle einen Namen.',
  'roles.error.nameTooLong': 'Ein Rollenname hat höchstens 50 Zeichen.',
  'roles.error.namePattern':
    'Buchstaben, Ziffern, Leerzeichen, Punkt, Binde- und Unterstrich; am Anfang ein Buchstabe oder eine Ziffer.',
  'roles.error.nameReserved':
    '„admin“ und „member“ sind die vorgegebenen Rollen – wählen Sie einen anderen Namen.',
} as const;
