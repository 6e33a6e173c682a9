//! Eight-ball (section 3): groups 1-7 and 9-15, every shot but the break called, the 8 last.
//! No three-foul rule (3.10, 6.14).

use crate::ball_set::BallSet;
use crate::decision::GameOption;
use crate::fouls::{self, Checks};
use crate::game::{BallInHand, Group};
use crate::state::GameState;
use crate::verdict::{Ctx, Verdict};
use biljardi_physics::BallId;

fn eight() -> BallId {
    BallId::object(8).unwrap_or(BallId::CUE)
}

pub(crate) fn judge(ctx: &Ctx) -> Verdict {
    if ctx.state.is_break { break_shot(ctx) } else { regular_shot(ctx) }
}

/// A fresh rack broken by `breaker` (3.3 d 2-3, e 2, f 2).
fn rerack(ctx: &Ctx, breaker: usize) -> GameState {
    let mut s = GameState::new_rack(breaker as u8);
    s.shot_clock_s = ctx.state.shot_clock_s;
    s
}

fn foul_count(v: &mut Verdict, ctx: &Ctx) {
    let me = ctx.shooter();
    v.state.fouls[me] = ctx.state.fouls[me].saturating_add(1);
}

fn break_shot(ctx: &Ctx) -> Verdict {
    let mut v = Verdict::new(ctx);
    let rec = ctx.rec;
    let (me, opp) = (ctx.shooter(), ctx.opponent());
    // 3.3 b: nothing is called and any ball may be hit first, so 6.2, 6.3 and 6.11 are off.
    let checks = Checks { legal_first: None, rail_after_contact: false, head_string_play: false };
    let found = fouls::detect(ctx.table, rec, ctx.state.placement(), ctx.state.shot_clock_s, checks);
    v.cite("3.3");
    v.state.open_table = true;
    v.state.groups = [None, None];
    let eight_pocketed = rec.pocket_of(eight()).is_some();
    let eight_down = eight_pocketed || rec.off_table.contains(eight());
    let cue_lost = rec.cue_lost();
    let bih_if_lost = if cue_lost { BallInHand::BehindHeadString } else { BallInHand::None };

    if eight_pocketed && rec.cue_pocketed() {
        v.add_fouls(&found);
        foul_count(&mut v, ctx);
        v.spot.push(eight());
        v.rule(
            "3.3",
            "3.3 f: the 8 and the cue ball were pocketed on the break. The opponent spots the 8 and shoots with cue ball in hand behind the head string, or reracks and breaks.",
            "3.3 f: kasi ja lyöntipallo menivät pussiin aloituksessa. Vastustaja spottaa kasin ja lyö käsipallolla aloituslinjan takaa, tai tekee uuden pakan ja aloittaa.",
        );
        v.cite("3.7");
        v.pass_to(opp, BallInHand::BehindHeadString);
        let mut again = rerack(ctx, opp);
        again.fouls = v.state.fouls;
        v.offer("3.3", vec![(GameOption::SpotEight, v.state.clone()), (GameOption::RerackAndBreak, again)]);
        return v;
    }
    if !rec.off_table.objects().is_empty() {
        v.add_fouls(&found);
        foul_count(&mut v, ctx);
        v.rule(
            "3.3",
            "3.3 g: a ball left the table on the break. It counts as pocketed (the 8 is spotted); the opponent plays the table as it lies or takes cue ball in hand behind the head string.",
            "3.3 g: pallo putosi pöydältä aloituksessa. Se lasketaan pussitetuksi (kasi spotataan); vastustaja jatkaa tilanteesta tai ottaa käsipallon aloituslinjan takaa.",
        );
        if eight_down {
            v.spot.push(eight());
            v.cite("3.7");
        }
        offer_ball_in_hand(&mut v, opp, cue_lost);
        return v;
    }
    if !rec.object_pocketed_any() && rec.rail_any.objects().len() < 4 {
        v.add_fouls(&[fouls::ILLEGAL_BREAK_8]);
        v.add_fouls(&found);
        foul_count(&mut v, ctx);
        v.rule(
            "3.3",
            "3.3 d: illegal break. The opponent accepts the table, reracks and breaks, or has the breaker break again.",
            "3.3 d: laiton aloitus. Vastustaja jatkaa tilanteesta, tekee uuden pakan ja aloittaa, tai laittaa aloittajan aloittamaan uudestaan.",
        );
        v.pass_to(opp, bih_if_lost);
        let mut mine = rerack(ctx, opp);
        mine.fouls = v.state.fouls;
        let mut theirs = rerack(ctx, me);
        theirs.fouls = v.state.fouls;
        v.offer(
            "3.3",
            vec![
                (GameOption::AcceptTable, v.state.clone()),
                (GameOption::RerackAndBreak, mine),
                (GameOption::RebreakByBreaker, theirs),
            ],
        );
        return v;
    }
    if !found.is_empty() {
        v.add_fouls(&found);
        foul_count(&mut v, ctx);
        v.rule(
            "3.3",
            "3.3 h: a foul on the break. The opponent plays the table as it lies or takes cue ball in hand behind the head string.",
            "3.3 h: virhe aloituksessa. Vastustaja jatkaa tilanteesta tai ottaa käsipallon aloituslinjan takaa.",
        );
        if eight_down {
            v.spot.push(eight());
            v.cite("3.7");
        }
        offer_ball_in_hand(&mut v, opp, cue_lost);
        return v;
    }
    v.state.fouls[me] = 0;
    if eight_pocketed {
        v.spot.push(eight());
        v.rule(
            "3.3",
            "3.3 e: the 8 on a legal break is no foul. The breaker spots the 8 and continues, or breaks again.",
            "3.3 e: kasi laillisessa aloituksessa ei ole virhe. Aloittaja spottaa kasin ja jatkaa, tai aloittaa uudestaan.",
        );
        v.cite("3.7");
        v.pass_to(me, BallInHand::None);
        let again = rerack(ctx, me);
        v.offer("3.3", vec![(GameOption::SpotEight, v.state.clone()), (GameOption::RerackAndBreak, again)]);
        return v;
    }
    if rec.object_pocketed_any() {
        v.rule(
            "3.3",
            "3.3 c: a ball was pocketed on a legal break: the breaker continues and the table is open.",
            "3.3 c: laillisessa aloituksessa meni pallo pussiin: aloittaja jatkaa ja väri on vapaa.",
        );
        v.pass_to(me, BallInHand::None);
    } else {
        v.rule(
            "3.3",
            "Legal break without a pocketed ball: the inning passes and the table is open.",
            "Laillinen aloitus ilman pussitettua palloa: lyöntivuoro vaihtuu ja väri on vapaa.",
        );
        v.pass_to(opp, BallInHand::None);
    }
    v
}

/// 3.3 g/h: the opponent accepts the table as it lies or takes cue ball in hand behind the head
/// string (contracts.md: `accept_table` and `take_ball_in_hand`, never `shoot`); with the cue
/// ball gone there is nothing to play as it lies.
fn offer_ball_in_hand(v: &mut Verdict, opp: usize, cue_lost: bool) {
    v.pass_to(opp, BallInHand::BehindHeadString);
    if cue_lost {
        return;
    }
    let hand = v.state.clone();
    v.pass_to(opp, BallInHand::None);
    v.offer("3.3", vec![(GameOption::AcceptTable, v.state.clone()), (GameOption::TakeBallInHand, hand)]);
}

fn regular_shot(ctx: &Ctx) -> Verdict {
    let mut v = Verdict::new(ctx);
    let (rec, s) = (ctx.rec, ctx.state);
    let (me, opp) = (ctx.shooter(), ctx.opponent());
    let mine = if s.open_table { None } else { s.groups[me] };
    let on_table = rec.objects_before();
    let group_left: BallSet = match mine {
        Some(g) => on_table.iter().filter(|b| g.contains(*b)).collect(),
        None => BallSet::EMPTY,
    };
    let cleared = mine.is_some() && group_left.is_empty();
    let mut eight_only = BallSet::EMPTY;
    eight_only.insert(eight());
    // 6.2 (3.9): own group first; open table any ball but the 8 (3.4); group cleared: the 8.
    let legal_first = match mine {
        None => {
            let mut any = on_table;
            any.remove(eight());
            if any.is_empty() { eight_only } else { any }
        }
        Some(_) if cleared => eight_only,
        Some(_) => group_left,
    };
    let checks = Checks { legal_first: Some(legal_first), rail_after_contact: true, head_string_play: true };
    let found = fouls::detect(ctx.table, rec, s.placement(), s.shot_clock_s, checks);

    let eight_pocket = rec.pocket_of(eight());
    let loss = if rec.off_table.contains(eight()) {
        Some(fouls::EIGHT_OFF_TABLE)
    } else if let Some(p) = eight_pocket {
        if !found.is_empty() {
            Some(fouls::EIGHT_FOUL)
        } else if !cleared {
            Some(fouls::EIGHT_EARLY)
        } else if !ctx.call.matches(eight(), p) {
            Some(fouls::EIGHT_UNCALLED)
        } else {
            None
        }
    } else {
        None
    };
    if let Some(l) = loss {
        v.add_fouls(&found);
        v.add_fouls(&[l]);
        v.rule("3.10", "The fouls of 3.8 lose the game.", "Säännön 3.8 virheistä seuraa pelin häviö.");
        v.win(ctx, opp);
        return v;
    }
    if eight_pocket.is_some() {
        v.rule(
            "3.5",
            "The called 8 was pocketed on a legal shot after the group was cleared.",
            "Maalattu kasi meni pussiin laillisella lyönnillä oman ryhmän jälkeen.",
        );
        v.win(ctx, me);
        return v;
    }
    if !found.is_empty() {
        v.add_fouls(&found);
        foul_count(&mut v, ctx);
        v.rule(
            "3.9",
            "Foul: the inning passes and the opponent has cue ball in hand anywhere. Pocketed balls stay down.",
            "Virhe: lyöntivuoro vaihtuu ja vastustajalla on vapaa käsipallo. Pussitetut pallot jäävät pussiin.",
        );
        v.cite("3.7");
        v.pass_to(opp, BallInHand::Anywhere);
        return v;
    }
    v.state.fouls[me] = 0;
    if ctx.call.is_safety() {
        v.rule(
            "3.6",
            "Safety: the inning passes and pocketed balls stay down.",
            "Turvalyönti: lyöntivuoro vaihtuu ja pussitetut pallot jäävät pussiin.",
        );
        v.pass_to(opp, BallInHand::None);
        return v;
    }
    let made = ctx.call.called_ball().filter(|b| rec.pocket_of(*b).is_some_and(|p| ctx.call.matches(*b, p)));
    match (mine, made) {
        (None, Some(b)) if Group::of(b).is_some() => {
            let g = Group::of(b).unwrap_or(Group::Solids);
            v.state.groups[me] = Some(g);
            v.state.groups[opp] = Some(g.other());
            v.state.open_table = false;
            let (en, fi) = match g {
                Group::Solids => ("solids (1-7)", "täysväriset (1-7)"),
                Group::Stripes => ("stripes (9-15)", "raidalliset (9-15)"),
            };
            v.rule(
                "3.4",
                format!(
                    "The called ball was pocketed on an open table: player {} takes the {en} and continues.",
                    me + 1
                ),
                format!(
                    "Maalattu pallo meni pussiin avoimella pöydällä: pelaaja {} saa värikseen {fi} ja jatkaa.",
                    me + 1
                ),
            );
            v.pass_to(me, BallInHand::None);
        }
        (None, _) => {
            v.rule(
                "3.4",
                "The called shot was missed: the table stays open and the inning passes.",
                "Maalattu lyönti epäonnistui: väri on edelleen vapaa ja lyöntivuoro vaihtuu.",
            );
            v.pass_to(opp, BallInHand::None);
        }
        (Some(g), Some(b)) if g.contains(b) => {
            v.rule(
                "3.5",
                "The called ball was pocketed on a legal shot: the shooter continues.",
                "Maalattu pallo meni pussiin laillisella lyönnillä: lyöjä jatkaa.",
            );
            v.pass_to(me, BallInHand::None);
        }
        (Some(_), _) => {
            v.rule(
                "3.5",
                "The called ball was not pocketed: the inning passes.",
                "Maalattu pallo ei mennyt pussiin: lyöntivuoro vaihtuu.",
            );
            v.pass_to(opp, BallInHand::None);
        }
    }
    v
}
