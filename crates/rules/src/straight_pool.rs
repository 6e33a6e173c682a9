//! 14.1 straight pool (section 4): every ball called, a point a ball, fouls cost points, the
//! rack rebuilt after 14 balls with the 15th ball and the cue ball moved if they are in the way.

use crate::decision::{GameOption, Placed};
use crate::fouls::{self, Checks};
use crate::game::BallInHand;
use crate::general::behind_head_string;
use crate::rack::ball_in_rack;
use crate::state::GameState;
use crate::verdict::{Ctx, Verdict};
use biljardi_physics::{BALL_RADIUS_M, BallId};

/// 4.11: the extra penalty of the third consecutive foul.
pub const THIRD_FOUL_PENALTY: i32 = 15;
/// 4.3, 4.10: the break foul penalty.
pub const BREAK_FOUL_PENALTY: i32 = 2;

pub(crate) fn judge(ctx: &Ctx) -> Verdict {
    let mut v = Verdict::new(ctx);
    let (rec, s) = (ctx.rec, ctx.state);
    let (me, opp) = (ctx.shooter(), ctx.opponent());
    // 4.9 lists no 6.2 (any ball may be hit first); the break has its own rail rule (4.3).
    let checks = Checks { legal_first: None, rail_after_contact: !s.is_break, head_string_play: true };
    let found = fouls::detect(ctx.table, rec, s.placement(), s.shot_clock_s, checks);
    let called_made = ctx.call.called_ball().is_some_and(|b| rec.pocket_of(b).is_some_and(|p| ctx.call.matches(b, p)));
    let lost: Vec<BallId> = rec.objects_pocketed().map(|(b, _)| b).chain(rec.off_table.objects().iter()).collect();
    let cue_bih = if rec.cue_lost() { BallInHand::BehindHeadString } else { BallInHand::None };

    if s.is_break {
        v.cite("4.3");
        let rails_ok = rec.rail_any.contains(BallId::CUE) && rec.rail_any.objects().len() >= 2;
        if !called_made && !rails_ok {
            // 4.10: a standard foul on the same shot is treated as the break foul.
            v.add_fouls(&[fouls::BREAK_FOUL_14_1]);
            v.add_fouls(&found);
            v.points[me] = -BREAK_FOUL_PENALTY;
            v.state.score[me] = s.score[me] - BREAK_FOUL_PENALTY;
            v.rule(
                "4.10",
                "Break foul: two points off. The opponent accepts the table or has the breaker break again; a break foul does not count towards three fouls (4.11).",
                "Aloitusvirhe: kaksi pistettä pois. Vastustaja jatkaa tilanteesta tai laittaa aloittajan aloittamaan uudestaan; aloitusvirhettä ei lasketa kolmeen peräkkäiseen virheeseen (4.11).",
            );
            v.spot = lost;
            if !v.spot.is_empty() {
                v.cite("4.6");
            }
            v.pass_to(opp, cue_bih);
            let mut again = GameState::new_rack(me as u8);
            again.score = v.state.score;
            again.fouls = v.state.fouls;
            again.target_score = s.target_score;
            again.shot_clock_s = s.shot_clock_s;
            v.offer("4.3", vec![(GameOption::AcceptTable, v.state.clone()), (GameOption::RebreakByBreaker, again)]);
            return v;
        }
    }

    if !found.is_empty() {
        v.add_fouls(&found);
        v.points[me] = -1;
        let fouls_now = v.count_foul(ctx);
        if fouls_now >= 3 {
            v.add_fouls(&[fouls::THIRD_FOUL]);
            v.points[me] -= THIRD_FOUL_PENALTY;
            v.state.score[me] = s.score[me] + v.points[me];
            v.state.fouls[me] = 0;
            v.rerack = true;
            // 4.11: all 15 balls are reracked.
            v.rerack_balls = (1..=15).filter_map(BallId::object).collect();
            v.rule(
                "4.11",
                "Third consecutive foul: one point and 15 more off, all 15 balls are reracked and the offender breaks under 4.3.",
                "Kolmas peräkkäinen virhe: yksi piste ja 15 lisäpistettä pois, kaikki 15 palloa kootaan pakkaan ja virheet tehnyt aloittaa säännön 4.3 mukaan.",
            );
            v.cite("4.3");
            let mut again = GameState::new_rack(me as u8);
            again.score = v.state.score;
            again.fouls = v.state.fouls;
            again.target_score = s.target_score;
            again.shot_clock_s = s.shot_clock_s;
            v.state = again;
            return v;
        }
        v.state.fouls[me] = fouls_now;
        v.state.score[me] = s.score[me] - 1;
        v.rule(
            "4.9",
            "Foul: one point off and the inning passes; the cue ball stays where it is (in hand behind the head string after a scratch).",
            "Virhe: yksi piste pois ja lyöntivuoro vaihtuu; lyöntipallo jää paikalleen (naarmun jälkeen käsipallo aloituslinjan takaa).",
        );
        v.spot = lost;
        if !v.spot.is_empty() {
            v.cite("4.6");
        }
        v.pass_to(opp, cue_bih);
        return v;
    }

    v.state.fouls[me] = 0;
    if called_made && !ctx.call.is_safety() {
        let n = rec.objects_pocketed().count() as i32;
        v.points[me] = n;
        v.state.score[me] = s.score[me] + n;
        v.rule(
            "4.7",
            format!("The called ball was pocketed: {n} point(s), one for each ball pocketed."),
            format!("Maalattu pallo meni pussiin: {n} piste(ttä), yksi jokaisesta pussitetusta pallosta."),
        );
        if v.state.score[me] >= s.target() {
            v.rule("4.4", "The target score is reached.", "Tavoitepistemäärä on saavutettu.");
            v.win(ctx, me);
            return v;
        }
        v.rule("4.4", "The shooter continues.", "Lyöjä jatkaa.");
        v.pass_to(me, BallInHand::None);
        special_rack(ctx, &mut v);
        return v;
    }
    if ctx.call.is_safety() {
        v.rule(
            "4.5",
            "Safety: the inning passes and any pocketed balls are spotted.",
            "Turvalyönti: lyöntivuoro vaihtuu ja pussitetut pallot spotataan.",
        );
    } else {
        v.rule(
            "4.6",
            "The called ball was not pocketed: the inning passes and balls pocketed without being called are spotted.",
            "Maalattu pallo ei mennyt pussiin: lyöntivuoro vaihtuu ja maalaamatta pussitetut pallot spotataan.",
        );
    }
    v.spot = lost;
    v.pass_to(opp, BallInHand::None);
    v
}

/// 4.4, 4.8: after the 14th ball of a rack the balls are reracked and the shooter continues.
fn special_rack(ctx: &Ctx, v: &mut Verdict) {
    let rec = ctx.rec;
    let left: Vec<(BallId, [f64; 2])> = rec.resting().filter(|(b, _)| !b.is_cue()).collect();
    if left.len() > 1 {
        return;
    }
    let table = ctx.table;
    v.rerack = true;
    // The balls down go back in the rack; the 15th joins them in 4.8 a and b only.
    v.rerack_balls = (1..=15).filter_map(BallId::object).filter(|b| !left.iter().any(|(l, _)| l == b)).collect();
    let cue = rec.cue_after();
    let cue_in = cue.is_some_and(|p| ball_in_rack(table, p));
    let head = table.head_spot();
    let near = |a: [f64; 2], b: [f64; 2]| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt() < 2.0 * BALL_RADIUS_M;
    let Some(&(fifteenth, p15)) = left.first() else {
        v.rule(
            "4.8",
            "4.8 a: the 15th ball fell with the 14th: all 15 balls are reracked.",
            "4.8 a: viidestoista pallo meni pussiin neljännentoista kanssa: kaikki 15 palloa kootaan pakkaan.",
        );
        if cue_in {
            v.pass_to(ctx.shooter(), BallInHand::BehindHeadString);
        }
        return;
    };
    let in15 = ball_in_rack(table, p15);
    match (in15, cue_in) {
        (true, true) => {
            v.rerack_balls = (1..=15).filter_map(BallId::object).collect();
            v.rule(
                "4.8",
                "4.8 b: the cue ball and the 15th ball are both in the rack area: all 15 balls are reracked and the shooter has cue ball in hand behind the head string.",
                "4.8 b: lyöntipallo ja viidestoista pallo ovat pakan sisällä: kaikki 15 palloa kootaan pakkaan ja lyöjällä on käsipallo aloituslinjan takaa.",
            );
            v.pass_to(ctx.shooter(), BallInHand::BehindHeadString);
        }
        (true, false) => {
            let pos = if cue.is_some_and(|c| near(c, head)) { table.centre_spot() } else { head };
            v.placed.push(Placed { id: fifteenth, pos });
            v.rule(
                "4.8",
                "4.8 c: the 15th ball is in the rack area: 14 balls are reracked and the 15th goes on the head spot (the centre spot if the cue ball is there).",
                "4.8 c: viidestoista pallo on pakan sisällä: 14 palloa kootaan pakkaan ja viidestoista asetetaan yläpisteelle (keskipisteelle, jos lyöntipallo on yläpisteellä).",
            );
        }
        (false, true) => {
            if !behind_head_string(table, p15) {
                v.rule(
                    "4.8",
                    "4.8 d: the cue ball is in the rack area and the 15th ball is on or past the head string: 14 balls are reracked and the shooter has cue ball in hand behind the head string.",
                    "4.8 d: lyöntipallo on pakan sisällä ja viidestoista pallo aloituslinjalla tai sen edessä: 14 palloa kootaan pakkaan ja lyöjällä on käsipallo aloituslinjan takaa.",
                );
                v.pass_to(ctx.shooter(), BallInHand::BehindHeadString);
            } else {
                let pos = if near(p15, head) { table.centre_spot() } else { head };
                v.placed.push(Placed { id: BallId::CUE, pos });
                v.rule(
                    "4.8",
                    "4.8 d: the cue ball is in the rack area and the 15th ball is behind the head string: the cue ball goes on the head spot (the centre spot if that is taken).",
                    "4.8 d: lyöntipallo on pakan sisällä ja viidestoista pallo aloituslinjan takana: lyöntipallo asetetaan yläpisteelle (keskipisteelle, jos yläpiste on varattu).",
                );
            }
        }
        (false, false) => {
            v.rule(
                "4.8",
                "14 balls are reracked with the apex spot left empty; play goes on from where the cue ball and the 15th ball lie.",
                "14 palloa kootaan pakkaan kärkipallon paikka tyhjänä; peli jatkuu lyöntipallon ja viidennentoista pallon paikoilta.",
            );
        }
    }
}
