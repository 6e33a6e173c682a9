//! Rules that cannot apply in a simulator, each with the reason, in both languages. The game
//! shows them where a player might look for them; docs/rules-coverage.md lists the same.

/// (rule, reason in English, reason in Finnish).
pub const NOT_APPLICABLE: &[(&str, &str, &str)] = &[
    (
        "1.1",
        "Knowing the rules and schedules is the player's own duty; there is nothing to judge.",
        "Sääntöjen ja aikataulujen tunteminen on pelaajan oma asia; tuomittavaa ei ole.",
    ),
    (
        "1.3",
        "Cues, chalk, bridges, gloves and talc do not exist in the game.",
        "Keppejä, liitua, restejä, hanskoja tai talkkia ei pelissä ole.",
    ),
    (
        "1.7",
        "Simulated balls at rest stay at rest; nothing settles or falls in by itself.",
        "Simuloidut pallot pysyvät levossa; mikään ei asetu tai putoa itsestään.",
    ),
    (
        "1.8",
        "Positions are never disturbed, so there is nothing to restore; the game can replay any shot exactly.",
        "Tilannetta ei koskaan häiritä, joten palautettavaa ei ole; peli voi toistaa lyönnin tarkasti.",
    ),
    (
        "1.9",
        "Nothing outside the simulation can interfere with a shot.",
        "Mikään simulaation ulkopuolinen ei voi häiritä lyöntiä.",
    ),
    (
        "1.10",
        "The referee is deterministic: the same shot always gets the same decision, so there is no appeal.",
        "Tuomari on deterministinen: sama lyönti saa aina saman päätöksen, joten valitettavaa ei ole.",
    ),
    (
        "6.4",
        "Players have no feet: the game has no body to take off the floor.",
        "Pelaajilla ei ole jalkoja: pelissä ei ole kehoa, joka irtoaisi lattiasta.",
    ),
    (
        "6.6",
        "Only the cue strike and the physics move balls; a strike on any other ball is rejected as bad input.",
        "Vain lyönti ja fysiikka liikuttavat palloja; lyönti muuhun kuin lyöntipalloon hylätään virheellisenä syötteenä.",
    ),
    (
        "6.8",
        "The cue strike is an instantaneous impulse: the tip cannot stay on the ball longer than normal.",
        "Lyönti on hetkellinen impulssi: kärki ei voi viipyä pallossa tavallista pidempään.",
    ),
    ("6.12", "There is no cue stick to lay on the table for aiming.", "Pöydälle laskettavaa keppiä ei ole."),
    (
        "6.13",
        "The game only lets the player whose turn it is shoot.",
        "Peli antaa lyödä vain vuorossa olevan pelaajan.",
    ),
    (
        "6.16",
        "Unsportsmanlike conduct needs a person in a room; the referee cannot see one.",
        "Epäurheilijamainen käytös vaatii ihmisen ja paikan; tuomari ei näe kumpaakaan.",
    ),
    (
        "8.15",
        "Positions are never changed against the rules (only physics moves balls), so none is restored.",
        "Palloja ei siirretä sääntöjen vastaisesti (vain fysiikka liikuttaa niitä), joten mitään ei palauteta.",
    ),
];

/// The reason `rule` does not apply in the game, or `None` if it does.
pub fn reason(rule: &str) -> Option<(&'static str, &'static str)> {
    NOT_APPLICABLE.iter().find(|(r, _, _)| *r == rule).map(|(_, en, fi)| (*en, *fi))
}
