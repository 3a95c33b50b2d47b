/**
 * German question words → the English words the guides use (the guides are English only; see
 * docs/documentation.md, "Languages"). Keys are word beginnings, so "widerrufe", "widerrufen" and
 * "widerrufst" all find "revoke"; the longest matching key wins. Words that carry no topic map to
 * nothing. Product words that are the same in both languages ("Token", "Webhook", "API") need no entry.
 */
/** German function words the shared stop-word list does not have (whole words only). */
const FUNCTION_WORDS = new Set(
  (
    'wird werden wurde welche welcher welches gibt lässt lasse mache machen funktioniert möchte muss ' +
    'soll darf hier dafür damit dazu meiner meines unser unsere man sich wenn dann noch schon'
  ).split(' '),
);

const TERMS: Record<string, string[]> = {
  richte: ['set', 'up'],
  einricht: ['set', 'up'],
  widerruf: ['revoke'],
  sperr: ['block'],
  entsperr: ['unblock'],
  senden: ['send'],
  schick: ['send'],
  versend: ['send'],
  verschick: ['send'],
  seitenaufruf: ['page', 'view'],
  aufruf: ['view'],
  verfolg: ['track'],
  erfass: ['track'],
  ereignis: ['event'],
  anmeld: ['sign', 'in'],
  einlogg: ['login'],
  abmeld: ['logout'],
  registrier: ['register'],
  passwort: ['password'],
  kennwort: ['password'],
  zurücksetz: ['reset'],
  benutzer: ['user'],
  nutzer: ['user'],
  endbenutzer: ['end', 'user'],
  anwendung: ['application'],
  projekt: ['project'],
  organisation: ['organization'],
  mitglied: ['member'],
  einlad: ['invite'],
  einbind: ['embed'],
  einbett: ['embed'],
  binde: ['embed'],
  integrier: ['integrate'],
  vorlag: ['template'],
  schlüssel: ['key'],
  rolle: ['role'],
  berechtigung: ['permission'],
  sitzung: ['session'],
  protokoll: ['log'],
  aktivität: ['activity'],
  auswert: ['analytics'],
  statistik: ['analytics'],
  ursprung: ['origin'],
  ursprüng: ['origin'],
  herkunft: ['origin'],
  erlaubt: ['allowed'],
  zwei: ['two'],
  faktor: ['factor'],
  wiederherstell: ['recovery'],
  lösch: ['delete'],
  erstell: ['create'],
  anleg: ['create'],
  änder: ['change'],
  prüf: ['verify'],
  überprüf: ['verify'],
  bestätig: ['confirm'],
  gesundheit: ['health'],
  zustand: ['health'],
  anmeldedialog: ['auth', 'dialog'],
  ereignisse: ['event'],
  daten: ['data'],
  datenschutz: ['privacy'],
  warnung: ['alert'],
  benachrichtig: ['notification'],
  selbst: ['self'],
  hosten: ['hosting'],
  betreib: ['hosting'],
};

const KEYS = Object.keys(TERMS).sort((a, b) => b.length - a.length);

/** The English words for a German word (lower case), [] for a German function word, or null if unknown. */
export function englishTermsOf(word: string): string[] | null {
  if (FUNCTION_WORDS.has(word)) return [];
  const key = KEYS.find((candidate) => word.startsWith(candidate));
  return key === undefined ? null : TERMS[key]!;
}
