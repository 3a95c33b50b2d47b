/**
 * The language of a question, German or English (the dashboard's two languages). A question is a
 * handful of words, too few for statistical detectors (franc and the like guess wrongly below
 * ~20 words and weigh a megabyte of trigram tables); function words decide it reliably: German
 * questions almost always have one of "wie", "ich", "kann", "der", "ein", … or an umlaut, English
 * ones "how", "do", "I", "the", "can", …. Ties (e.g. only product words: "API token revoke") are
 * English, the documentation's own language.
 */
export type Language = 'de' | 'en';

const GERMAN = new Set(
  (
    'wie was wo wer wann warum wieso weshalb welche welcher welches womit wozu woher wohin ' +
    'ich du er sie es wir ihr mein meine meinen meinem meiner mich mir uns unser unsere ' +
    'der die das den dem des ein eine einen einem einer kein keine nicht ' +
    'und oder aber auch noch nur schon sehr mehr ' +
    'ist sind bin bist war wird werden wurde kann kann können konnte muss müssen soll sollen darf dürfen ' +
    'möchte will wollen habe hat haben gibt geht ' +
    'mit für von vom zum zur bei nach über unter aus auf im ins am beim ohne gegen ' +
    'bitte hallo danke man sich einrichten einbinden anlegen erstellen senden schicken ändern löschen ' +
    'benutzer anwendung anwendungen passwort anmelden anmeldung abmelden seitenaufrufe ereignisse'
  ).split(' '),
);

const ENGLISH = new Set(
  (
    'how what where who when why which whose ' +
    'i you he she it we they my me our your their ' +
    'the a an this that these those no not ' +
    'and or but also only very more ' +
    'is are am was were be been being do does did can could should must may might will would shall ' +
    'have has had get gets ' +
    'with for from to of in on at by into about without ' +
    'please hello thanks set up create send change delete user users application password sign login'
  ).split(' '),
);

export function detectLanguage(question: string): Language {
  const words = question.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  let german = /[äöüß]/i.test(question) ? 2 : 0;
  let english = 0;
  for (const word of words) {
    if (GERMAN.has(word)) german += 1;
    if (ENGLISH.has(word)) english += 1;
  }
  return german > english ? 'de' : 'en';
}
