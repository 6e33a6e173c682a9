//! Fouls 6.1-6.16 as they apply in a simulator: detection from the [`ShotRecord`] and the
//! bilingual messages. Each game lists which of them it uses (2.7, 3.9, 4.9, 9.10).
//!
//! Not applicable here, because the game has no body or room to commit them: 6.4 (no foot on
//! the floor), 6.6 (touched ball: only the cue strike and physics move balls), 6.8 (push shot:
//! the cue strike is an instantaneous impulse), 6.12 (cue on the table), 6.13 (playing out of
//! turn: the game only lets the player in turn shoot), 6.16 (unsportsmanlike conduct).

use crate::ball_set::BallSet;
use crate::decision::Foul;
use crate::game::BallInHand;
use crate::record::ShotRecord;
use biljardi_physics::{BallId, Table};

const fn foul(rule: &'static str, en: &'static str, fi: &'static str) -> Foul {
    Foul { rule, clause: None, en, fi }
}

const fn clause(rule: &'static str, c: &'static str, en: &'static str, fi: &'static str) -> Foul {
    Foul { rule, clause: Some(c), en, fi }
}

pub const SCRATCH: Foul = foul(
    "6.1",
    "Scratch: the cue ball went into a pocket or off the table.",
    "Lyöntipallo meni pussiin tai pöydän ulkopuolelle.",
);
pub const WRONG_BALL_FIRST: Foul = foul(
    "6.2",
    "Wrong ball first: the cue ball did not touch a legal object ball first.",
    "Väärä pallo ensin: lyöntipallo ei osunut ensimmäisenä sallittuun kohdepalloon.",
);
pub const NO_RAIL: Foul = foul(
    "6.3",
    "No rail after contact: nothing was pocketed and no ball reached a rail after the cue ball's first contact.",
    "Ei valliosumaa: mitään ei pussitettu eikä yksikään pallo osunut valliin lyöntipallon osuman jälkeen.",
);
pub const NO_CONTACT: Foul =
    foul("6.3", "No contact: the cue ball touched no object ball.", "Lyöntipallo ei osunut yhteenkään kohdepalloon.");
pub const OFF_TABLE: Foul =
    foul("6.5", "An object ball was driven off the table.", "Kohdepallo lyötiin pöydän ulkopuolelle.");
pub const DOUBLE_HIT: Foul = foul(
    "6.7",
    "Double hit: the cue struck the cue ball more than once.",
    "Kaksoislyönti: keppi osui lyöntipalloon useammin kuin kerran.",
);
pub const BALLS_MOVING: Foul = foul(
    "6.9",
    "The shot was played while a ball was still moving.",
    "Lyönti lyötiin, kun pallo oli vielä liikkeessä.",
);
pub const BAD_PLACEMENT: Foul = foul(
    "6.10",
    "Bad placement: the cue ball had to be played from behind the head string but stood on or past it.",
    "Lyöntipallo piti lyödä aloituslinjan takaa, mutta se oli aloituslinjalla tai sen edessä.",
);
pub const BEHIND_HEAD_STRING: Foul = foul(
    "6.11",
    "Bad play from behind the head string: the cue ball neither crossed the head string nor first hit a ball on or past it.",
    "Lyöntipallo ei ylittänyt aloituslinjaa eikä osunut ensin aloituslinjalla tai sen edessä olevaan palloon.",
);
pub const THIRD_FOUL: Foul = foul("6.14", "Third consecutive foul.", "Kolmas peräkkäinen virhe.");
pub const SLOW_PLAY: Foul = foul("6.15", "Slow play: the shot clock ran out.", "Hidas pelaaminen: lyöntiaika ylittyi.");
pub const ILLEGAL_BREAK_9: Foul = foul(
    "2.3",
    "Illegal break: nothing was pocketed and fewer than four object balls reached a rail.",
    "Laiton aloitus: mitään ei pussitettu ja alle neljä kohdepalloa osui valliin.",
);
pub const ILLEGAL_BREAK_10: Foul = foul(
    "9.3",
    "Illegal break: nothing was pocketed and fewer than four object balls reached a rail.",
    "Laiton aloitus: mitään ei pussitettu ja alle neljä kohdepalloa osui valliin.",
);
pub const ILLEGAL_BREAK_8: Foul = clause(
    "3.3",
    "d",
    "Illegal break: nothing was pocketed and fewer than four object balls reached a rail.",
    "Laiton aloitus: mitään ei pussitettu ja alle neljä kohdepalloa osui valliin.",
);
pub const BREAK_OFF_TABLE_8: Foul = clause(
    "3.3",
    "g",
    "A ball left the table on the break: it stays out, except the 8, which is spotted.",
    "Pallo putosi pöydältä aloituksessa: se jää pois pelistä, paitsi kasi, joka spotataan.",
);
pub const BREAK_FOUL_14_1: Foul = foul(
    "4.3",
    "Break foul: no called ball was pocketed and the cue ball and two object balls did not reach a rail.",
    "Aloitusvirhe: maalattu pallo ei mennyt pussiin eivätkä lyöntipallo ja kaksi kohdepalloa osuneet valliin.",
);
pub const EIGHT_FOUL: Foul = clause(
    "3.8",
    "a",
    "Loss of the game: a foul on the shot that pocketed the 8.",
    "Pelin häviö: virhe lyönnillä, jolla kasi meni pussiin.",
);
pub const EIGHT_EARLY: Foul = clause(
    "3.8",
    "b",
    "Loss of the game: the 8 was pocketed before the shooter's group was cleared.",
    "Pelin häviö: kasi meni pussiin ennen kuin oman ryhmän pallot oli pussitettu.",
);
pub const EIGHT_UNCALLED: Foul = clause(
    "3.8",
    "c",
    "Loss of the game: the 8 went into a pocket that was not called for it.",
    "Pelin häviö: kasi meni pussiin, jota sille ei maalattu.",
);
pub const EIGHT_OFF_TABLE: Foul = clause(
    "3.8",
    "d",
    "Loss of the game: the 8 was driven off the table.",
    "Pelin häviö: kasi lyötiin pöydän ulkopuolelle.",
);

/// Which of the general checks a game applies to this shot.
#[derive(Clone, Copy, Debug)]
pub struct Checks {
    /// 6.2: the object balls the cue ball may touch first (`None`: any object ball).
    pub legal_first: Option<BallSet>,
    /// 6.3 (off on breaks and push outs).
    pub rail_after_contact: bool,
    /// 6.11 (listed in 3.9 and 4.9 only).
    pub head_string_play: bool,
}

/// The standard fouls of this shot in rule order (6.1, 6.2, 6.3, 6.5, 6.7, 6.9, 6.10, 6.11,
/// 6.15). `shot_clock_s` is the 6.15 limit when one runs.
pub fn detect(
    table: &Table,
    rec: &ShotRecord,
    placement: BallInHand,
    shot_clock_s: Option<f64>,
    checks: Checks,
) -> Vec<Foul> {
    let mut out = Vec::new();
    if rec.cue_lost() {
        out.push(SCRATCH);
    }
    if let (Some(legal), Some(first)) = (checks.legal_first, rec.first_contact) {
        // Several balls touched at the same instant: legal if one of them was a legal ball.
        if rec.first_contacts.intersection(legal).is_empty() && !legal.contains(first) {
            out.push(WRONG_BALL_FIRST);
        }
    }
    if checks.rail_after_contact && !rec.object_pocketed_any() {
        if rec.first_contact.is_none() {
            out.push(NO_CONTACT);
        } else if rec.rail_after_contact.is_empty() {
            out.push(NO_RAIL);
        }
    }
    if !rec.off_table.objects().is_empty() {
        out.push(OFF_TABLE);
    }
    // 6.7, second half: with the cue ball frozen to the ball it is shot towards, the tip
    // following through touches it again; that is a normal stroke, no double hit.
    let frozen_first = rec.first_contact.is_some_and(|b| rec.frozen_to_cue.contains(b));
    if rec.strikes > 1 && !frozen_first {
        out.push(DOUBLE_HIT);
    }
    if !rec.moving_at_start.is_empty() {
        out.push(BALLS_MOVING);
    }
    let hs = table.head_string_x();
    let cue_start = rec.before_pos(BallId::CUE);
    if placement == BallInHand::BehindHeadString {
        if cue_start.is_some_and(|p| p[0] >= hs) {
            out.push(BAD_PLACEMENT);
        } else if checks.head_string_play && !rec.cue_crossed_head_string {
            // 6.11 with 1.5: a ball exactly on the head string is playable from behind it.
            let first_behind = rec.first_contact.and_then(|b| rec.before_pos(b)).is_none_or(|p| p[0] < hs);
            if first_behind {
                out.push(BEHIND_HEAD_STRING);
            }
        }
    }
    if let (Some(limit), Some(used)) = (shot_clock_s, rec.time_used_s)
        && used > limit
    {
        out.push(SLOW_PLAY);
    }
    out
}
