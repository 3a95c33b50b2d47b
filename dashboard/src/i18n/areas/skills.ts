/**
 * Texts of skills (issue #33): the chips on the members list and the pool's user list, and the
 * dialog in which admins edit a member's or a user's skills.
 */
export const de = {
  'skills.title': 'Skills',
  'skills.listOf': 'Skills von {name}',
  'skills.none': 'Keine Skills',
  'skills.level': 'Stufe {level}',
  'skills.edit': 'Skills bearbeiten',
  'skills.editLabel': 'Skills bearbeiten: {name}',
  'skills.dialog.title': 'Skills von {name}',
  'skills.dialog.text':
    'Ein Name (bis 50 Zeichen) und optional eine Stufe von 1 (Einstieg) bis 5 (Expertin/Experte). Policies können Skills als Bedingung nutzen.',
  'skills.dialog.current': 'Aktuelle Skills',
  'skills.dialog.empty': 'Noch keine Skills – fügen Sie unten den ersten hinzu.',
  'skills.dialog.name': 'Skill',
  'skills.dialog.namePlaceholder': 'z. B. TypeScript',
  'skills.dialog.levelOf': 'Stufe von {name}',
  'skills.dialog.newLevel': 'Stufe',
  'skills.dialog.noLevel': 'Ohne Stufe',
  'skills.dialog.levelOption': '{level} von 5',
  'skills.dialog.add': 'Hinzufügen',
  'skills.dialog.remove': '{name} entfernen',
  'skills.dialog.save': 'Speichern',
  'skills.dialog.saving': 'Wird gespeichert …',
  'skills.dialog.count': '{count} von 50 Skills',
  'skills.error.nameRequired': 'Geben Sie einen Namen für den Skill ein.',
  'skills.error.nameTooLong': 'Ein Skill-Name hat höchstens 50 Zeichen.',
  'skills.error.duplicate': '„{name}“ ist schon in der Liste (Groß-/Kleinschreibung zählt nicht).',
  'skills.error.tooMany': 'Höchstens 50 Skills pro Person.',
  'skills.saved': 'Skills gespeichert',
  'skills.saveFailed': 'Skills konnten nicht gespeichert werden',
} as const;
