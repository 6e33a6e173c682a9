//! What 9-ball (section 2) and 10-ball (section 9) share: the lowest ball first, the break with
//! four balls to a rail, the push out, ball in hand anywhere after a foul, three fouls lose.

use crate::ball_set::BallSet;
use crate::decision::{Foul, GameOption};
use crate::fouls::{self, Checks};
use crate::game::BallInHand;
use crate::verdict::{Ctx, Verdict};
use biljardi_physics::BallId;

pub(crate) struct Rules {
    pub game_ball: u8,
    pub break_rule: &'static str,
    pub illegal_break: Foul,
    pub push_out_rule: &'static str,
    pub continue_rule: &'static str,
    pub spot_rule: &'static str,
    pub fouls_rule: &'static str,
    pub serious_rule: &'static str,
    /// 10-ball: every shot is called (9.5) and only the called ball keeps the inning.
    pub called: bool,
}

pub(crate) fn judge(ctx: &Ctx, r: &Rules) -> Verdict {
    let mut v = Verdict::new(ctx);
    let (rec, s) = (ctx.rec, ctx.state);
    let (me, opp) = (ctx.shooter(), ctx.opponent());
    let gb = BallId::object(r.game_ball).unwrap_or(BallId::CUE);
    let gb_n = r.game_ball;
    let push_out = !s.is_break && s.push_out_allowed && ctx.call.is_push_out();
    // 6.2 (2.7: "always the lowest-numbered ball", also on the break); off on a push out.
    let lowest: Option<BallSet> = rec.objects_before().lowest().map(|b| [b].into_iter().collect());
    let checks = Checks {
        legal_first: if push_out { None } else { lowest },
        rail_after_contact: !s.is_break && !push_out,
        head_string_play: false,
    };
    let mut found = fouls::detect(ctx.table, rec, s.placement(), s.shot_clock_s, checks);
    if s.is_break {
        v.cite(r.break_rule);
        if !rec.object_pocketed_any() && rec.rail_any.objects().len() < 4 {
            found.push(r.illegal_break.clone());
        }
    }
    let gb_down = rec.pocket_of(gb).is_some() || rec.off_table.contains(gb);

    if !found.is_empty() {
        v.add_fouls(&found);
        if gb_down {
            v.spot.push(gb);
            v.rule(
                r.spot_rule,
                format!("The {gb_n} went down on a foul and is spotted."),
                format!("{gb_n}-pallo meni pois pelistä virheellä ja se spotataan."),
            );
        }
        v.state.fouls[me] = v.count_foul(ctx);
        if v.state.fouls[me] >= 3 {
            v.add_fouls(&[fouls::THIRD_FOUL]);
            v.rule(
                r.serious_rule,
                "Three consecutive fouls lose the game.",
                "Kolmas peräkkäinen virhe tarkoittaa pelin häviötä.",
            );
            v.win(ctx, opp);
            return v;
        }
        v.rule(
            r.fouls_rule,
            "Foul: the inning passes and the opponent has cue ball in hand anywhere.",
            "Virhe: lyöntivuoro vaihtuu ja vastustajalla on vapaa käsipallo.",
        );
        v.pass_to(opp, BallInHand::Anywhere);
        return v;
    }
    v.state.fouls[me] = 0;
    let pocketed_any = rec.object_pocketed_any();

    if s.is_break {
        v.rule(r.break_rule, "Legal break.", "Laillinen aloitus.");
        v.state.push_out_allowed = true;
        if gb_down && !r.called {
            // 2.5 with 8.10: the 9 on a legal break wins.
            v.rule(
                r.continue_rule,
                "The 9 on a legal break wins.",
                "Ysipallo laillisella aloituslyönnillä voittaa pelin.",
            );
            v.win(ctx, me);
            return v;
        }
        if gb_down {
            v.spot.push(gb);
            v.rule(
                r.spot_rule,
                "The 10 on the break is spotted and the breaker continues.",
                "Aloituksessa pussiin mennyt 10-pallo spotataan ja aloittaja jatkaa.",
            );
        }
        if pocketed_any {
            v.rule(
                r.continue_rule,
                "A ball was pocketed on the break: the breaker continues and may push out.",
                "Aloituksessa meni pallo pussiin: aloittaja jatkaa ja voi pelata push outin.",
            );
            v.pass_to(me, BallInHand::None);
        } else {
            v.rule(
                r.push_out_rule,
                "Nothing was pocketed: the opponent continues and may push out.",
                "Mitään ei mennyt pussiin: vastustaja jatkaa ja voi pelata push outin.",
            );
            v.pass_to(opp, BallInHand::None);
        }
        return v;
    }

    if push_out {
        v.rule(
            r.push_out_rule,
            "Push out without a foul: the opponent chooses who shoots next.",
            "Push out ilman virhettä: vastustaja päättää, kumpi jatkaa.",
        );
        if gb_down {
            v.spot.push(gb);
            v.rule(
                r.spot_rule,
                format!("The {gb_n} pocketed on a push out is spotted."),
                format!("Push outissa pussiin mennyt {gb_n}-pallo spotataan."),
            );
        }
        offer_pass_back(&mut v, r.push_out_rule, me, opp);
        return v;
    }

    if !r.called {
        if gb_down {
            v.rule(r.continue_rule, "The 9 on a legal shot wins.", "Ysipallo laillisella lyönnillä voittaa pelin.");
            v.win(ctx, me);
        } else if pocketed_any {
            v.rule(
                r.continue_rule,
                "A ball was pocketed on a legal shot: the shooter continues.",
                "Pallo meni pussiin laillisella lyönnillä: lyöjä jatkaa.",
            );
            v.pass_to(me, BallInHand::None);
        } else {
            v.rule(
                r.continue_rule,
                "Nothing was pocketed: the inning passes.",
                "Mitään ei mennyt pussiin: lyöntivuoro vaihtuu.",
            );
            v.pass_to(opp, BallInHand::None);
        }
        return v;
    }

    // 10-ball: only the called ball in the called pocket keeps the inning (9.5, 9.8).
    let called_made = ctx.call.called_ball().is_some_and(|b| rec.pocket_of(b).is_some_and(|p| ctx.call.matches(b, p)));
    if called_made && ctx.call.called_ball() == Some(gb) {
        v.rule("9.8", "The called 10 on a legal shot wins.", "Maalattu 10-pallo laillisella lyönnillä voittaa pelin.");
        v.win(ctx, me);
        return v;
    }
    if gb_down {
        v.spot.push(gb);
        v.rule(
            "9.9",
            "The 10 was pocketed without being called and is spotted.",
            "10-pallo meni pussiin maalaamatta ja se spotataan.",
        );
    }
    if called_made {
        v.rule(
            "9.8",
            "The called ball was pocketed on a legal shot: the shooter continues.",
            "Maalattu pallo meni pussiin laillisella lyönnillä: lyöjä jatkaa.",
        );
        v.pass_to(me, BallInHand::None);
    } else if pocketed_any && ctx.call.is_safety() {
        v.rule(
            "9.6",
            "A ball was pocketed on a safety: the opponent may shoot or pass the shot back.",
            "Turvalyönnillä meni pallo pussiin: vastustaja voi lyödä tai antaa lyöjän jatkaa.",
        );
        offer_pass_back(&mut v, "9.6", me, opp);
    } else if pocketed_any {
        v.rule(
            "9.7",
            "The called shot failed but a ball was pocketed: the opponent may shoot or pass the shot back.",
            "Maalattu lyönti epäonnistui, mutta pallo meni pussiin: vastustaja voi lyödä tai antaa lyöjän jatkaa.",
        );
        offer_pass_back(&mut v, "9.7", me, opp);
    } else if ctx.call.is_safety() {
        v.rule("9.6", "Safety: the inning passes.", "Turvalyönti: lyöntivuoro vaihtuu.");
        v.pass_to(opp, BallInHand::None);
    } else {
        v.rule(
            "9.8",
            "The called ball was not pocketed: the inning passes.",
            "Maalattu pallo ei mennyt pussiin: lyöntivuoro vaihtuu.",
        );
        v.pass_to(opp, BallInHand::None);
    }
    v
}

/// The incoming player (`opp`) shoots, or passes the table back to `me` (2.4, 9.4, 9.6, 9.7).
fn offer_pass_back(v: &mut Verdict, rule: &'static str, me: usize, opp: usize) {
    v.pass_to(opp, BallInHand::None);
    let shoot = v.state.clone();
    let mut back = v.state.clone();
    back.shooter = me as u8;
    v.offer(rule, vec![(GameOption::Shoot, shoot), (GameOption::PassBack, back)]);
}
