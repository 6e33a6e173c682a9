//! The rulebook's rule titles in both languages, for the referee banner: "6.12 Cue on the Table" /
//! "6.12 Keppi pöydällä".
//!
//! English titles are the `### N.N Title` headings of `../shared/rules/rules-en.md` word for word. Finnish
//! titles are taken from the Finnish original (`../shared/rules/rules-fi.txt`, a transcription of the
//! PDF). Where the transcription lost a rule's number the title still stands in the running text at the
//! right place; those rows say so in a comment. Where it lost part of a title, the title is completed
//! after the English heading and the row says so. Regulations (Säädöstö) are numbered `R1` … `R15` as in
//! rules-en.md, with the dress-code subsections `R3.1` and `R3.2`.

use crate::text::Text;

/// Every titled rule of the rulebook: (number, English title, Finnish title), in rulebook order.
pub static RULES: &[(&str, &str, &str)] = &[
    // 1. General Rules / 1. Yleiset säännöt
    ("1.1", "Player Responsibility", "Pelaajan vastuu"),
    ("1.2", "Lag", "Teikkaus"),
    ("1.3", "Use of Equipment", "Välineiden käyttö"),
    ("1.4", "Spotting Balls", "Pallojen spottaaminen"),
    ("1.5", "Cue Ball in Hand", "Vapaa käsipallo"),
    ("1.6", "Calling Shots", "Maalaaminen"),
    ("1.7", "Balls Settling", "Pallojen asettuminen"),
    ("1.8", "Restoring a Position", "Tilanteen palauttaminen"),
    ("1.9", "Outside Interference", "Ulkopuolinen vaikutus"),
    // Number lost in the transcription; the title follows 1.9 in the text.
    ("1.10", "Questioning the Referee's Decisions", "Tuomarin päätösten kyseenalaistaminen"),
    ("1.11", "Concession", "Luovutus"),
    // Number lost in the transcription; the title ("Tasapeli - Patti") follows 1.11 in the text.
    ("1.12", "Draw – Stalemate", "Tasapeli – Patti"),
    // 2. Nine-Ball / 2. Ysipallo
    ("2.1", "Determining the Break", "Aloituksen määrääminen"),
    ("2.2", "Nine-Ball Rack", "Ysipallon pakka"),
    ("2.3", "Legal Break Shot", "Laillinen aloituslyönti"),
    ("2.4", "Second Shot of the Game – Push Out", "Pelin toinen lyönti – Push out"),
    ("2.5", "Continuing Play", "Pelin jatkaminen"),
    ("2.6", "Spotting Balls", "Pallojen spottaaminen"),
    ("2.7", "Fouls", "Virheet"),
    ("2.8", "Serious Fouls", "Vakavat virheet"),
    ("2.9", "Draw – Stalemate", "Tasapeli – Patti"),
    // 3. Eight-Ball / 3. Kasipallo
    ("3.1", "Determining the Break", "Aloituslyönnin määrääminen"),
    ("3.2", "Eight-Ball Rack", "Kasipallon pakka"),
    ("3.3", "Break Shot", "Aloituslyönti"),
    ("3.4", "Open Table / Choosing Groups", "Avoin pöytä / Värin valitseminen"),
    ("3.5", "Continuing Play", "Pelin jatkaminen"),
    ("3.6", "Calling Shots", "Lyöntien maalaaminen"),
    ("3.7", "Spotting Balls", "Pallojen spottaaminen"),
    ("3.8", "Losing the Game", "Pelin häviäminen"),
    ("3.9", "Fouls", "Virheet"),
    ("3.10", "Serious Fouls", "Vakavat virheet"),
    // Number lost in the transcription; the title ("Tasapeli Patti") follows 3.10 in the text.
    ("3.11", "Draw – Stalemate", "Tasapeli – Patti"),
    // 4. 14.1 Straight Pool / Straight Pool 14.1
    ("4.1", "Lag", "Teikkaaminen"),
    // Completed: the transcription keeps only "pakka" ("4.2 14.1" is lost); "14.1-" restored after the
    // English heading, written like the text's "10-pallo".
    ("4.2", "The 14.1 Rack", "14.1-pakka"),
    ("4.3", "Break Shot", "Aloituslyönti"),
    ("4.4", "Continuing Play and Winning the Game", "Pelin jatkaminen ja pelin voittaminen"),
    ("4.5", "Calling Shots", "Lyöntien maalaaminen"),
    ("4.6", "Spotting Balls", "Pallojen spottaaminen"),
    ("4.7", "Scoring", "Pisteet"),
    ("4.8", "Special Racking Situations", "Erityiset pakan tekemiseen liittyvät tilanteet"),
    ("4.9", "Fouls", "Virheet"),
    ("4.10", "Break Foul", "Aloitusvirhe"),
    // Number lost in the transcription; the title follows 4.10 in the text.
    ("4.11", "Serious Fouls", "Vakavat virheet"),
    ("4.12", "Draw – Stalemate", "Tasapeli – Patti"),
    // 6. Fouls / 6. Virheet
    ("6.1", "Cue Ball Pocketed or Driven off the Table", "Lyöntipallo menee pussiin tai pelialueen ulkopuolelle"),
    ("6.2", "Wrong Object Ball First", "Väärä kohdepallo ensin"),
    ("6.3", "No Rail after Contact", "Osuman jälkeen ei valliosumaa"),
    // Section 6 heading; the 8-ball and 14.1 lists say "Jalka ei kiinni lattiassa".
    ("6.4", "No Foot on Floor", "Jalka ei kiinni maassa"),
    ("6.5", "Ball Driven off the Table", "Pallo pelialueen ulkopuolella"),
    // Section 6 heading "Palloon koskettaminen Tussi"; the 9-ball and 8-ball lists say "Tussi".
    ("6.6", "Touched Ball", "Palloon koskettaminen – Tussi"),
    ("6.7", "Double Hit / Frozen Balls", "Kaksoislyönti / Kiinni olevat pallot"),
    ("6.8", "Push Shot", "Työntölyönti"),
    ("6.9", "Balls Still Moving", "Pallot liikkeessä"),
    // 6.10-6.15: numbers lost in section 6 of the transcription; numbered in 1.5 and the lists of 2.7, 3.9, 4.9.
    ("6.10", "Bad Cue Ball Placement", "Virheellinen lyöntipallon asettaminen"),
    ("6.11", "Bad Play from Behind the Head String", "Virheellinen pelaaminen aloituslinjan takaa"),
    ("6.12", "Cue on the Table", "Keppi pöydällä"),
    ("6.13", "Playing out of Turn", "Väärällä lyöntivuorolla pelaaminen"),
    ("6.14", "Three Consecutive Fouls", "Kolme peräkkäistä virhettä"),
    ("6.15", "Slow Play", "Hidas pelaaminen"),
    ("6.16", "Unsportsmanlike Conduct", "Epäurheilijamainen käyttäytyminen"),
    // 8. Definitions / 8. Määritelmät
    ("8.1", "Parts of the Table", "Pöydän osat"),
    ("8.2", "Shot", "Lyönti"),
    ("8.3", "Pocketed Ball", "Pussitettu pallo"),
    ("8.4", "Driven to a Rail", "Valliosumat"),
    ("8.5", "Ball Driven off the Table", "Pallo pelialueen ulkopuolella"),
    ("8.6", "Scratch", "Lyöntipallo pussiin"),
    ("8.7", "Cue Ball", "Lyöntipallo"),
    ("8.8", "Object Balls", "Kohdepallot"),
    ("8.9", "Set", "Erä"),
    // 8.10-8.18: numbers lost in the transcription; the titles follow 8.9 in order in the text.
    ("8.10", "Game", "Peli"),
    ("8.11", "Break Shot", "Aloituslyönti"),
    ("8.12", "Inning", "Lyöntivuoro"),
    ("8.13", "Ball Position", "Pallojen sijainti"),
    ("8.14", "Spotting Balls", "Pallojen spottaaminen"),
    ("8.15", "Restoring a Position", "Tilanteen palauttaminen"),
    ("8.16", "Jump Shot", "Hyppylyönti"),
    // "Turvalyönti safety" here, "Turvalyönti - safety" where 3.6 refers to it.
    ("8.17", "Safety", "Turvalyönti – safety"),
    ("8.18", "Miscue", "Kiksaus (miscue)"),
    // 9. Ten-Ball / 9. 10-pallon säännöt
    ("9.1", "Lag", "Teikkaus"),
    ("9.2", "Rack", "Pakka"),
    ("9.3", "Break Shot", "Aloituslyönti"),
    ("9.4", "Shot after the Break – Push Out", "Aloituslyönnin jälkeinen lyönti – Push Out"),
    ("9.5", "Calling Shots and Pocketing Balls", "Lyöntien maalaaminen ja pallojen pussittaminen"),
    ("9.6", "Safety", "Turvalyönti – safety"),
    ("9.7", "Wrongly Pocketed Balls", "Väärin pussitetut pallot"),
    ("9.8", "Continuing the Inning", "Lyöntivuoron jatkaminen"),
    ("9.9", "Spotting Balls", "Pallojen spottaaminen"),
    // Number lost in the transcription; the title follows 9.9 in the text.
    ("9.10", "Fouls", "Virheet"),
    ("9.11", "Serious Fouls", "Vakavat virheet"),
    // Number lost in the transcription; the title follows 9.11 in the text.
    ("9.12", "Stalemate", "Tasapeli"),
    // Regulations / Säädöstö (numbered 1.-15. in the Finnish text)
    ("R1", "Administrative Discretion", "Hallinnollinen harkintakyky"),
    ("R2", "Exceptions to the Rules", "Poikkeukset sääntöihin"),
    ("R3", "Dress Code", "Pukeutuminen"),
    ("R3.1", "Men", "Miehet"),
    ("R3.2", "Women", "Naiset"),
    ("R4", "Racking and Tapping", "Pakan tekeminen ja tapping"),
    ("R5", "Area Referee", "Aluetuomari"),
    ("R6", "Penalties for Unsportsmanlike Conduct", "Epäurheilijamaisesta käyttäytymisestä rankaiseminen"),
    ("R7", "Protests", "Protestointi"),
    ("R8", "Instructions to Referees", "Ohjeet tuomareille"),
    ("R9", "Referee's Answers to Questions", "Tuomarin vastaaminen kysymyksiin"),
    // Completed: the transcription keeps only "pallon lisäys" (number and first part lost); "Kasi-"
    // restored after the English heading's "[Eight-]".
    ("R10", "[Eight-]Ball Addition", "Kasipallon lisäys"),
    ("R11", "Restoring a Position", "Tilanteen palauttaminen"),
    ("R12", "Acceptance of Equipment", "Välineiden hyväksyminen"),
    ("R13", "Clearing Pockets", "Pussien tyhjentäminen"),
    ("R14", "Time-Out", "Aikalisä"),
    ("R15", "Successive Break Shots", "Peräkkäiset aloituslyönnit"),
];

/// Every titled rule: (number, English title, Finnish title), in rulebook order.
pub fn all() -> &'static [(&'static str, &'static str, &'static str)] {
    RULES
}

/// The title of `rule` in both languages, e.g. `"6.12"` -> "Cue on the Table" / "Keppi pöydällä".
///
/// Accepts a clause after the number (`"3.3 g"`, `"6.3b"`, `"3.8 b/c"`, `"4.8 a)"`) and gives the
/// title of the rule it belongs to; a trailing dot (`"R15."`) is ignored. Anything else after the
/// number (`"14.1 reracks"`) or an unknown number gives `None`.
pub fn title(rule: &str) -> Option<Text> {
    let rule = rule.trim();
    lookup(rule).or_else(|| {
        let (number, rest) = split_number(rule);
        let rest = rest.strip_prefix('.').unwrap_or(rest);
        if rest.is_empty() || is_clause(rest) { lookup(number) } else { None }
    })
}

fn lookup(number: &str) -> Option<Text> {
    RULES.iter().find(|(n, _, _)| *n == number).map(|(_, en, fi)| Text::new(*en, *fi))
}

/// Splits `R3.1 b` / `6.3b` into the number (`R3.1`, `6.3`) and the rest (` b`, `b`): an optional `R`,
/// then digits and dots, never ending in a dot.
fn split_number(rule: &str) -> (&str, &str) {
    let digits_from = usize::from(rule.starts_with(['R', 'r']));
    let mut end = digits_from;
    for (i, c) in rule.char_indices().skip(digits_from) {
        if c.is_ascii_digit() {
            end = i + 1;
        } else if c != '.' || !rule[i + 1..].starts_with(|d: char| d.is_ascii_digit()) {
            break;
        }
    }
    if end == digits_from {
        return ("", rule);
    }
    let number = &rule[..end];
    // Regulations are stored as "R1"; accept "r1" too.
    let number = if number.starts_with('r') {
        RULES.iter().map(|r| r.0).find(|n| n.eq_ignore_ascii_case(number)).unwrap_or(number)
    } else {
        number
    };
    (number, &rule[end..])
}

/// A clause reference such as ` g`, `b`, ` b/c`, ` a)`, ` (d)`, ` d 2)`: single letters, with digits,
/// spaces and `/ , ( ) -` between them, starting with a letter or `(`; no words.
fn is_clause(rest: &str) -> bool {
    let rest = rest.trim_start();
    let starts_right = rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '(');
    let chars_ok = rest.chars().all(|c| c.is_ascii_alphanumeric() || " /,()-".contains(c));
    let bytes = rest.as_bytes();
    let no_words = bytes.windows(2).all(|w| !(w[0].is_ascii_alphabetic() && w[1].is_ascii_alphabetic()));
    starts_right && chars_ok && no_words
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The numbers of every `### ` heading of rules-en.md (105), copied here so the crate tests
    /// without ../shared.
    const EN_HEADINGS: &[&str] = &[
        "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "1.10", "1.11", "1.12", //
        "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", //
        "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "3.10", "3.11", //
        "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "4.8", "4.9", "4.10", "4.11", "4.12", //
        "6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7", "6.8", "6.9", "6.10", "6.11", "6.12", "6.13", "6.14", "6.15",
        "6.16", //
        "8.1", "8.2", "8.3", "8.4", "8.5", "8.6", "8.7", "8.8", "8.9", "8.10", "8.11", "8.12", "8.13", "8.14", "8.15",
        "8.16", "8.17", "8.18", //
        "9.1", "9.2", "9.3", "9.4", "9.5", "9.6", "9.7", "9.8", "9.9", "9.10", "9.11", "9.12", //
        "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
    ];

    /// Every string literal in crates/rules/src/*.rs that is a rule number (`grep -ohE '"[0-9]+\.[0-9]+"'`),
    /// without "14.1", which names the game, not a rule.
    const CITED: &[&str] = &[
        "1.1", "1.3", "1.4", "1.5", "1.7", "1.8", "1.9", "1.10", //
        "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", //
        "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "3.10", //
        "4.3", "4.4", "4.5", "4.6", "4.7", "4.8", "4.9", "4.10", "4.11", //
        "6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7", "6.8", "6.9", "6.10", "6.11", "6.12", "6.13", "6.14", "6.15",
        "6.16", //
        "8.15", //
        "9.3", "9.4", "9.6", "9.7", "9.8", "9.9", "9.10", "9.11",
    ];

    #[test]
    fn every_heading_of_the_english_rulebook_has_a_title() {
        assert_eq!(EN_HEADINGS.len(), 105);
        for n in EN_HEADINGS {
            let t = title(n).unwrap_or_else(|| panic!("no title for {n}"));
            assert!(!t.en.is_empty() && !t.fi.is_empty(), "{n}");
        }
    }

    #[test]
    fn the_table_is_the_headings_plus_the_dress_code_subsections() {
        let headings: HashSet<&str> = EN_HEADINGS.iter().copied().collect();
        let extra: Vec<&str> = all().iter().map(|r| r.0).filter(|n| !headings.contains(n)).collect();
        assert_eq!(extra, ["R3.1", "R3.2"]);
        let numbers: HashSet<&str> = all().iter().map(|r| r.0).collect();
        assert_eq!(numbers.len(), all().len(), "duplicate numbers");
    }

    #[test]
    fn every_rule_the_referee_cites_has_a_title() {
        for n in CITED {
            assert!(title(n).is_some(), "no title for cited rule {n}");
        }
    }

    #[test]
    fn the_referees_own_citations_have_titles() {
        use crate::fouls;
        for f in [fouls::SCRATCH, fouls::WRONG_BALL_FIRST, fouls::NO_RAIL, fouls::BEHIND_HEAD_STRING] {
            assert!(title(f.rule).is_some(), "{}", f.rule);
        }
        for (n, _, _) in crate::not_applicable::NOT_APPLICABLE {
            assert!(title(n).is_some(), "not applicable rule {n}");
        }
    }

    #[test]
    fn titles_in_both_languages() {
        assert_eq!(title("6.12"), Some(Text::new("Cue on the Table", "Keppi pöydällä")));
        assert_eq!(title("3.7"), Some(Text::new("Spotting Balls", "Pallojen spottaaminen")));
        assert_eq!(
            title("4.8"),
            Some(Text::new("Special Racking Situations", "Erityiset pakan tekemiseen liittyvät tilanteet"))
        );
        assert_eq!(title("1.10").unwrap().en, "Questioning the Referee's Decisions");
        assert_eq!(title("1.1").unwrap().en, "Player Responsibility");
        assert_eq!(title("R15").unwrap().fi, "Peräkkäiset aloituslyönnit");
        assert_eq!(title("R3.1").unwrap().en, "Men");
    }

    #[test]
    fn clause_letters_fall_back_to_the_rule() {
        assert_eq!(title("3.3 g"), title("3.3"));
        assert_eq!(title("6.3b"), title("6.3"));
        assert_eq!(title("1.2 b"), title("1.2"));
        assert_eq!(title("3.8 b/c"), title("3.8"));
        assert_eq!(title("4.8 a)"), title("4.8"));
        assert_eq!(title(" 3.3 d 2) "), title("3.3"));
        assert_eq!(title("1.10 a"), title("1.10"));
        assert_eq!(title("R15."), title("R15"));
        assert_eq!(title("r3.2"), title("R3.2"));
        assert!(title("3.3 g").is_some());
    }

    #[test]
    fn unknown_numbers_and_words_have_no_title() {
        for n in ["", "5.1", "7.1", "1.13", "14.1", "14.1 reracks", "3.3 good", "R16", "R", "x", "6.", "3"] {
            assert_eq!(title(n), None, "{n:?}");
        }
    }
}
