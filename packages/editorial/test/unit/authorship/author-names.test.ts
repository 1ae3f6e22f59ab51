import { personName, personNamesIn, sameName } from '../../../src/authorship/author-names';

/** Whether the byline names the journalist: one of the people it names has her name. */
function names(byline: string, journalist: string): boolean {
  const own = personName(journalist);
  return own !== null && personNamesIn(byline).some((named) => sameName(named, own));
}

describe('author names', () => {
  it.each([
    // The name as written, with case, spacing and accents ignored.
    ['Aoife Brennan', 'Aoife Brennan'],
    ['Aoife Brennan', '  AOIFE   brénnan '],
    ['Aoife Brénnan', 'Aoife Brennan'],
    ['Seán O’Brien', "Sean O'Brien"],
    ['Łukasz Nowak', 'Lukasz Nowak'],
    // Middle names and initials on one side only, or agreeing.
    ['Joseph Kovar', 'Joseph F. Kovar'],
    ['Joseph F. Kovar', 'Joseph Kovar'],
    ['Joseph F. Kovar', 'Joseph Francis Kovar'],
    ['Joseph Francis Kovar', 'Joseph F Kovar'],
    ['Mary Ann Smith', 'Mary Smith'],
    ['J.K. Rowling', 'J. K. Rowling'],
    // Multi-word and hyphenated surnames match themselves, and a middle name beside them.
    ['Gabriel García Márquez', 'Gabriel Garcia Marquez'],
    ['Aoife Ní Bhriain', 'Aoife Ni Bhriain'],
    ['Ludwig van der Berg', 'Ludwig van der Berg'],
    ['Ludwig van der Berg', 'Ludwig J. van der Berg'],
    ['Mary-Kate Smith-Jones', 'Mary-Kate Smith-Jones'],
    ['Maria de la Cruz', 'Maria Luisa de la Cruz'],
    // Prefixes: "By" and its like in other languages, leading only.
    ['Aoife Brennan', 'By Aoife Brennan'],
    ['Aoife Brennan', 'BY: Aoife Brennan'],
    ['Jean Dupont', 'Par Jean Dupont'],
    ['Juan Pérez', 'Por Juan Pérez'],
    ['Jana Müller', 'Von Jana Müller'],
    ['Mario Rossi', 'di Mario Rossi'],
    ['João Silva', 'De João Silva'],
    ['Jan de Vries', 'Door Jan de Vries'],
    ['Kari Nordmann', 'Av Kari Nordmann'],
    ['Mette Hansen', 'Af Mette Hansen'],
    ['Jane Doe', 'Reporting by Jane Doe; Editing by John Smith'],
    // Several people in one byline.
    ['Aoife Brennan', 'Seán Ó Riada and Aoife Brennan'],
    ['Aoife Brennan', 'Seán Ó Riada & Aoife Brennan'],
    ['Aoife Brennan', 'Seán Ó Riada, Conor Walsh, and Aoife Brennan'],
    ['Anna Schmidt', 'Jana Müller und Anna Schmidt'],
    ['Marie Curie', 'Jean Dupont et Marie Curie'],
    ['María López', 'Juan Pérez y María López'],
    ['Juan Pérez', 'Juan Pérez y María López'],
    ['Luigi Bianchi', 'Mario Rossi e Luigi Bianchi'],
    ['José Ortega y Gasset', 'José Ortega y Gasset'],
    ['Jane E Doe', 'Jane E Doe'],
    // Parenthesised parts, roles, dates, places, handles after the name.
    ['Jane Doe', 'Jane Doe (Reuters)'],
    ['Jane Doe', 'Jane Doe (she/her)'],
    ['Jane Doe', 'Jane Doe, Staff Writer'],
    ['Jane Doe', 'Jane Doe | Senior Reporter'],
    ['Jane Doe', 'Jane Doe - Correspondent'],
    ['Jane Doe', 'Jane Doe — Reuters'],
    ['Jane Doe', 'Jane Doe\nMarch 3, 2025'],
    ['Jane Doe', 'By Jane Doe Updated 3:45 PM'],
    ['Jane Doe', 'Jane Doe March 3, 2025'],
    ['Jane Doe', 'Jane Doe in London'],
    ['Jane Doe', 'Jane Doe @janedoe'],
    ['Jane Doe', 'By Jane Doe and WIRED Staff'],
    // Other scripts.
    ['山田 太郎', '山田 太郎'],
    ['山田 太郎', '山田 太郎、佐藤 花子'],
    ['Анна Петрова', 'АННА ПЕТРОВА'],
    ['Андрей Смирнов', 'Андрей Смирнов и Анна Петрова'],
    ['Γιώργος Παπαδόπουλος', 'Γιωργος Παπαδοπουλος'],
    ['सीता शर्मा', 'सीता शर्मा'],
    ['محمد علي', 'مُحَمَّد عَلِي'],
    ['Madonna', 'Madonna'],
  ])('%j is named by %j', (journalist, byline) => {
    expect(names(byline, journalist)).toBe(true);
  });

  it.each([
    // An initial for the first name could be anyone's.
    ['Joseph Kovar', 'J. Kovar'],
    ['Joseph Kovar', 'J Kovar'],
    ['J. Kovar', 'Joseph Kovar'],
    // Middle names that disagree, or another first or last name.
    ['Joseph F. Kovar', 'Joseph G. Kovar'],
    ['Joseph Francis Kovar', 'Joseph Frank Kovar'],
    ['Aoife Brennan', 'Aoife Brennan-Walsh'],
    ['Aoife Brennan', 'Aoife Brenan'],
    ['Aoife Brennan', 'Brennan'],
    ['Aoife Brennan', 'Aoife'],
    ['Madonna', 'Madonna Ciccone'],
    ['Aoife Brennan', 'Brennan Aoife'],
    // A surname particle is part of the surname, not a middle name to leave out.
    ['Aoife Ní Bhriain', 'Aoife Bhriain'],
    ['Ludwig van der Berg', 'Ludwig Berg'],
    ['Gabriel García Márquez', 'Gabriel García'],
    // Separators that cut a name apart, or a part that credits an editor.
    ['John Smith', 'Reporting by Jane Doe; Editing by John Smith'],
    ['Jane Doe', 'Jane and Doe'],
    ['Jane Doe', 'Jane, Doe'],
    // Different scripts or characters are different names.
    ['山田 太郎', '山田 花子'],
    ['山田 太郎', '太郎 山田'],
    ['Анна Петрова', 'Anna Petrova'],
    ['सीता शर्मा', 'सत शरम'],
    ['やまだ たろう', 'やまだ だろう'],
    // Organisations, desks and wire services never name a person, whatever the journalist is called.
    ['Wired Staff', 'WIRED Staff'],
    ['Reuters Staff', 'Reuters Staff'],
    ['Reuters', 'Reuters'],
    ['Reuters', 'By Reuters'],
    ['BBC News', 'BBC News'],
    ['Editorial Board', 'The Editorial Board'],
    ['Associated Press', 'Associated Press'],
    ['AP', 'AP'],
    ['AFP', 'Jane Doe, AFP'],
    ['Staff Report', 'Staff Report'],
    ['Newsroom', 'Newsroom'],
    ['Agencies', 'Agencies'],
    ['Jane Staff', 'Jane Staff'],
    ['Guardian Desk', 'Guardian sports desk'],
    ['Senior Reporter', 'Jane Doe | Senior Reporter'],
  ])('%j is not named by %j', (journalist, byline) => {
    expect(names(byline, journalist)).toBe(false);
  });

  it('reads the people of a byline in order, without its prefix, roles, dates and organisations', () => {
    expect(personNamesIn('By Joseph F. Kovar, Aoife Ní Bhriain (Dublin) and WIRED Staff\nUpdated March 3, 2025')).toEqual([
      { first: 'joseph', middle: ['f'], last: 'kovar' },
      { first: 'aoife', middle: [], last: 'ni bhriain' },
    ]);
    expect(personNamesIn('The Editorial Board')).toEqual([]);
    expect(personNamesIn('')).toEqual([]);
  });

  it('reads a profile name as one person, and no words as none', () => {
    expect(personName('Ludwig van der Berg')).toEqual({ first: 'ludwig', middle: [], last: 'van der berg' });
    expect(personName('  ')).toBeNull();
  });

  it('stays linear on a long hostile byline', () => {
    const byline = 'Jane ('.repeat(20_000) + ' y '.repeat(20_000) + 'a and '.repeat(20_000);
    const started = performance.now();
    personNamesIn(byline);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
