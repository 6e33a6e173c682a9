//! The HUD's words for the lag (1.2) and for whose break it is and why (2.1, 3.1, 9.1 and
//! Regulation 15), in English and Finnish.

use crate::game::session::{BreakReason, Phase, Session};
use crate::shared::lang::Lang;
use biljardi_rules::lag::{LagFault, LagOutcome, Relag};

/// The banner while the lag is played or decided; `None` outside it.
pub fn lag_banner(session: &Session, names: &[String; 2], lang: Lang) -> Option<String> {
    let lag = session.lag.as_ref()?;
    if session.lag_choice.is_some() {
        return None;
    }
    let mut out = String::new();
    match (&session.phase, &lag.outcome) {
        (Phase::LagWon { winner }, Some(LagOutcome::Winner { faults, .. })) => {
            let w = *winner as usize;
            out.push_str(&format!(
                "{} {}",
                names[w],
                lang.t(
                    "wins the lag and chooses who breaks (1.2).",
                    "voittaa teikkauksen ja valitsee aloittajan (1.2)."
                )
            ));
            for (p, f) in faults.iter().enumerate() {
                if !f.is_empty() {
                    let why: Vec<&str> = f.iter().map(|x| fault_text(*x, lang)).collect();
                    out.push_str(&format!(
                        "\n{}: {} ({})",
                        names[p],
                        lang.t("bad lag", "hylätty teikkaus"),
                        why.join(", ")
                    ));
                }
            }
        }
        (_, Some(LagOutcome::Relag(why))) => {
            out.push_str(&format!(
                "{} {}\n",
                lang.t("Lag again (1.2):", "Uusi teikkaus (1.2):"),
                relag_text(*why, lang)
            ));
            out.push_str(&lag_instructions(lang));
        }
        _ => out.push_str(&lag_instructions(lang)),
    }
    Some(out)
}

fn lag_instructions(lang: Lang) -> String {
    lang.t(
        "The lag (1.2): each player shoots a ball from behind the head string to the foot rail and back. The ball resting nearest the head rail wins the choice of who breaks.",
        "Teikkaus (1.2): kumpikin lyö pallon aloituslinjan takaa alapäädyn valliin ja takaisin. Lähimmäs yläpäädyn vallia pysähtyvä pallo voittaa aloittajan valinnan.",
    )
    .to_string()
}

/// What the player to act does now in the lag.
pub fn lag_hint(session: &Session, names: &[String; 2], lang: Lang) -> Option<String> {
    if !session.lagging() {
        return None;
    }
    Some(match session.phase {
        Phase::LagWon { winner } => {
            let other = &names[1 - winner as usize];
            match lang {
                Lang::En => format!("1: break.  2: let {other} break."),
                Lang::Fi => format!("1: aloitan itse.  2: {other} aloittaa."),
            }
        }
        Phase::Shooting => String::new(),
        _ => format!(
            "{}: {}",
            names[(session.state.shooter & 1) as usize],
            lang.t(
                "your lag ball is the white one. Aim up the table and stroke with Space (the balls run together after both strokes).",
                "teikkauspallosi on valkoinen. Tähtää pöydän päähän ja lyö välilyönnillä (pallot lähtevät yhdessä, kun molemmat ovat lyöneet)."
            )
        ),
    })
}

/// Whose break it is and why, for the banner before a rack's first shot.
pub fn break_text(session: &Session, names: &[String; 2], lang: Lang) -> String {
    let breaker = &names[(session.state.shooter & 1) as usize];
    let why = match session.break_reason() {
        BreakReason::WonLagAndBreaks => lang.t("won the lag and breaks (1.2)", "voitti teikkauksen ja aloittaa (1.2)"),
        BreakReason::LagWinnerPassed => {
            lang.t("breaks: the lag's winner chose so (1.2)", "aloittaa: teikkauksen voittaja valitsi niin (1.2)")
        }
        BreakReason::PlayerOneFirst => lang.t("breaks first (no lag)", "aloittaa ensin (ei teikkausta)"),
        BreakReason::Alternate => lang.t("breaks: alternating breaks (R15)", "aloittaa: vuoroaloitukset (S15)"),
        BreakReason::WinnerBreaks => lang.t("breaks: the winner breaks (R15)", "aloittaa: voittaja aloittaa (S15)"),
    };
    format!("{breaker} {why}. {}", lang.t("Cue ball behind the head string.", "Lyöntipallo aloituslinjan takaa."))
}

fn relag_text(r: Relag, lang: Lang) -> &'static str {
    match r {
        Relag::LateStrike => lang
            .t("a ball was struck after the other reached the foot rail", "pallo lyötiin toisen jo osuttua alapäätyyn"),
        Relag::Tie => {
            lang.t("no telling which ball is nearer the head rail", "ei voi sanoa, kumpi on lähempänä yläpäätyä")
        }
        Relag::BothBad => lang.t("both lags were bad", "molemmat teikkaukset hylättiin"),
    }
}

fn fault_text(f: LagFault, lang: Lang) -> &'static str {
    match f {
        LagFault::CrossedLongString => lang.t("a: crossed the long string", "a: ylitti pitkittäislinjan"),
        LagFault::FootRailNotOnce => lang.t("b: not exactly one foot rail", "b: ei osunut alapäätyyn tasan kerran"),
        LagFault::PocketedOrOffTable => lang.t("c: pocketed or off the table", "c: pussiin tai pois pöydältä"),
        LagFault::SideRail => lang.t("d: touched a side rail", "d: osui sivuvalliin"),
        LagFault::InHeadPocket => lang.t("e: in a head corner pocket", "e: yläpään kulmapussissa"),
        LagFault::Foul => lang.t("a foul", "virhe"),
    }
}
