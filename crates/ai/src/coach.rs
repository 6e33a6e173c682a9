//! The coach: the shot the AI would play for the player, with its chances and one sentence of
//! why in English and Finnish, for the game's coach key and `biljardi coach`.
//!
//! The stroke is the one [`Player::think`] chooses. Its chances are measured again afterwards:
//! the intended stroke struck [`COACH_SAMPLES`] times with the level's execution noise on fresh
//! errors, judged by the referee. The search's own means are biased upwards (the best of many
//! noisy means), and a coach must not promise more than the stroke gives.

use crate::eval::{Ctx, best_chance, legal_targets, path_clear, perturb, play_and_judge, pos_of};
use crate::level::Level;
use crate::player::{Aim, Player, Thought, mix};
use crate::shots::{self, ShotKind};
use crate::table_ops;
use crate::view::{Action, TableView};
use biljardi_physics::{BallId, InputError, PocketId, Strike};
use biljardi_rules::{BallInHand, Call, Game, GameOption, GameState};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

/// Rollouts behind the coach's chances (one standard error at most 2.5 points). At 100 a
/// stroke of `master` that makes its ball 61 % of the time (3000 strokes) was once told as 69 %:
/// 1.6 standard errors, beyond the 10 points the issue allows against 200 rollouts of its own.
pub const COACH_SAMPLES: usize = 400;

/// What the stroke is expected to give, measured over `samples` noisy strikes.
#[derive(Clone, Debug, PartialEq)]
pub struct Chances {
    /// The shooter keeps the table without a foul (or wins): for a pot, the chance to make it.
    pub success: f64,
    /// A foul.
    pub foul: f64,
    /// After a success, the geometric chance of the best next shot from where the cue ball
    /// stopped (position), averaged over the successes; `None` when nothing follows.
    pub position: Option<f64>,
    /// When the opponent comes to the table without ball in hand, his best shot's chance,
    /// averaged (how well a safety hides); `None` when that never happened.
    pub opponent: Option<f64>,
    pub samples: usize,
}

/// The coach's advice: what to play and why.
#[derive(Clone, Debug)]
pub struct Advice {
    pub level: Level,
    /// What kind of shot; `None` when the advice is an option (push out reply, break foul, ...).
    pub kind: Option<ShotKind>,
    pub call: Call,
    /// The stroke to play (before the player's own execution error).
    pub strike: Option<Strike>,
    /// Where to put the cue ball when it is in hand.
    pub placement: Option<[f64; 2]>,
    /// The aim line and ghost ball to draw (`Thought::aim`).
    pub aim: Option<Aim>,
    /// The option to choose when the referee offered options.
    pub option: Option<GameOption>,
    pub chances: Option<Chances>,
    /// The best direct pot's geometric chance (what "no pot above" refers to).
    pub best_pot: f64,
    /// The search's value of the shot for the shooter (0 lost .. 1 won).
    pub value: f64,
    pub sentence_en: String,
    pub sentence_fi: String,
}

/// The shot `level` would play in `view`, with its measured chances and the sentence of why.
pub fn coach(view: &TableView, level: Level, seed: u64) -> Advice {
    explain(view, level, Player::new(level).think(view, seed), seed)
}

/// The advice for a decision already made (`Player::think` of `level` in `view`): the
/// computer's own shot in a game against it can show the same sentence, measured the same way
/// (`COACH_SAMPLES` more strokes, a few milliseconds at most levels).
pub fn explain(view: &TableView, level: Level, thought: Thought, seed: u64) -> Advice {
    let ctx = Ctx::new(view.game, view.table, view.params, level.noise(), view.me(), level.budget().position_depth);
    let mut advice = Advice {
        level,
        kind: thought.kind,
        call: Call::None,
        strike: thought.intended,
        placement: None,
        aim: thought.aim.clone(),
        option: None,
        chances: None,
        best_pot: 0.0,
        value: thought.value,
        sentence_en: String::new(),
        sentence_fi: String::new(),
    };
    match thought.action {
        Action::ChooseOption(o) => {
            advice.option = Some(o);
            (advice.sentence_en, advice.sentence_fi) = option_sentence(o, thought.value);
        }
        Action::RequestSpot { ball } => {
            advice.option = Some(GameOption::RequestSpot);
            advice.sentence_en = format!("Ask for the {} to be spotted (1.5).", ball.number());
            advice.sentence_fi = format!("Pyydä pallo {} asetetuksi pisteelle (1.5).", ball.number());
        }
        Action::Shoot { call, cue_ball_placement, .. } => {
            // The call as planned (9-ball shots are not called, but the plan names its ball).
            advice.call = match (call, &thought.aim) {
                (Call::None, Some(Aim { pot: Some((b, p)), .. })) => Call::ball(*b, *p),
                (c, _) => c,
            };
            advice.placement = cue_ball_placement;
            let mut balls = view.balls.clone();
            if let Some(p) = cue_ball_placement {
                balls.retain(|b| !b.0.is_cue());
                balls.push((BallId::CUE, p));
            }
            let mut state = view.state.clone();
            if cue_ball_placement.is_some() && state.ball_in_hand == BallInHand::None {
                state.ball_in_hand = BallInHand::Anywhere;
            }
            let plans = shots::pot_plans(&ctx, &state, &balls, &level.budget());
            advice.best_pot = plans.iter().filter(|p| p.kind == ShotKind::Pot).map(|p| p.est).fold(0.0, f64::max);
            if let Some(strike) = thought.intended {
                let chances = measure(&ctx, &state, &balls, strike, &call, COACH_SAMPLES, mix(seed, 0xC0AC, 1));
                let hidden = hides(&ctx, &state, &balls, strike, &call);
                (advice.sentence_en, advice.sentence_fi) =
                    shot_sentence(view.game, &advice, &chances, hidden, cue_ball_placement.is_some());
                advice.chances = Some(chances);
            }
        }
    }
    advice
}

/// Strikes `strike` `n` times with `ctx`'s noise (errors drawn from `seed`) and counts what
/// came of it.
pub fn measure(
    ctx: &Ctx,
    state: &GameState,
    balls: &[(BallId, [f64; 2])],
    strike: Strike,
    call: &Call,
    n: usize,
    seed: u64,
) -> Chances {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let shallow = ctx.shallow();
    let (mut succ, mut fouls) = (0usize, 0usize);
    let (mut pos_sum, mut pos_n, mut opp_sum, mut opp_n) = (0.0, 0usize, 0.0, 0usize);
    for _ in 0..n {
        let s = perturb(&ctx.noise, &strike, &mut rng);
        let (played, d) = play_and_judge(ctx, state, balls, s, call);
        if d.foul {
            fouls += 1;
            continue;
        }
        let keeps = d.winner == Some(ctx.me) || (!d.game_over && d.next_shooter == ctx.me && d.options.is_empty());
        if keeps {
            succ += 1;
        }
        if d.game_over || !d.options.is_empty() {
            continue;
        }
        let (ns, nb) = table_ops::apply(ctx.game, &ctx.table, &d, &played.resting(), None);
        if ns.is_break || ns.ball_in_hand != BallInHand::None {
            continue;
        }
        let q = best_chance(&shallow, &ns, &nb);
        if keeps {
            pos_sum += q;
            pos_n += 1;
        } else {
            opp_sum += q;
            opp_n += 1;
        }
    }
    let nf = n.max(1) as f64;
    Chances {
        success: succ as f64 / nf,
        foul: fouls as f64 / nf,
        position: (pos_n > 0).then(|| pos_sum / pos_n as f64),
        opponent: (opp_n > 0).then(|| opp_sum / opp_n as f64),
        samples: n,
    }
}

/// After the stroke played without noise, the opponent's first legal ball and the ball that
/// hides it from the cue ball, when every legal ball is hidden (a full snooker).
fn hides(
    ctx: &Ctx,
    state: &GameState,
    balls: &[(BallId, [f64; 2])],
    strike: Strike,
    call: &Call,
) -> Option<(BallId, BallId)> {
    let (played, d) = play_and_judge(ctx, state, balls, strike, call);
    if d.foul || d.game_over || d.next_shooter == ctx.me || !d.options.is_empty() {
        return None;
    }
    let (ns, nb) = table_ops::apply(ctx.game, &ctx.table, &d, &played.resting(), None);
    let cue = pos_of(&nb, BallId::CUE)?;
    let targets = legal_targets(ctx.game, &ns, &nb);
    let mut first: Option<(BallId, BallId)> = None;
    for t in targets {
        let tp = pos_of(&nb, t)?;
        if path_clear(&nb, cue, tp, &[BallId::CUE, t]) {
            return None;
        }
        if first.is_none() {
            // The blocker nearest the cue ball along the line.
            let blocker = nb
                .iter()
                .filter(|(id, p)| !id.is_cue() && *id != t && !path_clear(&[(*id, *p)], cue, tp, &[BallId::CUE, t]))
                .min_by(|a, b| crate::table_ops::dist(a.1, cue).total_cmp(&crate::table_ops::dist(b.1, cue)))?;
            first = Some((t, blocker.0));
        }
    }
    first
}

fn pct(x: f64) -> i64 {
    (100.0 * x).round() as i64
}

/// The pocket's name as the object of "into the ..." and in Finnish in the illative.
fn pocket_words(p: PocketId) -> (&'static str, &'static str) {
    match p {
        PocketId::HeadLeft => ("the head left corner", "alapään vasempaan kulmaan"),
        PocketId::HeadRight => ("the head right corner", "alapään oikeaan kulmaan"),
        PocketId::SideLeft => ("the left side pocket", "vasempaan keskipussiin"),
        PocketId::SideRight => ("the right side pocket", "oikeaan keskipussiin"),
        PocketId::FootLeft => ("the foot left corner", "yläpään vasempaan kulmaan"),
        PocketId::FootRight => ("the foot right corner", "yläpään oikeaan kulmaan"),
    }
}

fn option_sentence(o: GameOption, value: f64) -> (String, String) {
    let v = pct(value);
    let (en, fi) = match o {
        GameOption::Shoot => ("Shoot the position as it lies", "Lyö pöytä sellaisenaan"),
        GameOption::PassBack => ("Pass the shot back to the opponent", "Anna lyönti takaisin vastustajalle"),
        GameOption::AcceptTable => ("Accept the table", "Hyväksy pöytä"),
        GameOption::TakeBallInHand => ("Take the cue ball in hand", "Ota lyöntipallo käteen"),
        GameOption::RerackAndBreak => ("Rerack and break yourself", "Kokoa uudelleen ja aloita itse"),
        GameOption::RebreakByBreaker => ("Make the breaker break again", "Aloittaja aloittaa uudelleen"),
        GameOption::SpotEight => ("Spot the 8", "Aseta 8 pisteelle"),
        GameOption::RequestSpot => ("Ask for a ball to be spotted", "Pyydä pallo pisteelle"),
    };
    (format!("{en}: your chances about {v} %."), format!("{fi}: voittomahdollisuutesi noin {v} %."))
}

/// One sentence of why, in English and Finnish.
fn shot_sentence(
    game: Game,
    a: &Advice,
    c: &Chances,
    hidden: Option<(BallId, BallId)>,
    in_hand: bool,
) -> (String, String) {
    let (mut en, mut fi) = if in_hand {
        ("Cue ball in hand, placed as shown. ".to_string(), "Lyöntipallo kädessä, asetettuna kuten näkyy. ".to_string())
    } else {
        (String::new(), String::new())
    };
    let s = pct(c.success);
    let foul_en = if c.foul >= 0.1 { format!(" ({} % risk of a foul)", pct(c.foul)) } else { String::new() };
    let foul_fi = if c.foul >= 0.1 { format!(" ({} %:n virheriski)", pct(c.foul)) } else { String::new() };
    match (a.kind, a.call) {
        (Some(ShotKind::Break), _) => {
            en += "Break: hard into the head ball of the rack.";
            fi += "Aloituslyönti: kovaa pakan kärkipalloon.";
        }
        (Some(ShotKind::PushOut), _) => {
            let o = c.opponent.map_or(String::new(), |o| format!(" leaving about {} % for the opponent", pct(o)));
            let of = c.opponent.map_or(String::new(), |o| format!(", vastustajalle jää noin {} %", pct(o)));
            en += &format!("Push out to a spot the opponent likes neither way{o}.");
            fi += &format!("Push out asemaan, josta vastustaja ei pidä kumminkaan päin{of}.");
        }
        (Some(ShotKind::Safety), _) => {
            en += &format!("Safety: no pot above {} %", pct(a.best_pot));
            fi += &format!("Turvalyönti: mikään pussitus ei onnistu yli {} %:n varmuudella", pct(a.best_pot));
            match (hidden, c.opponent) {
                (Some((t, b)), _) => {
                    en += &format!("; leaves the {} behind the {}", t.number(), b.number());
                    fi += &format!("; jättää pallon {} piiloon pallon {} taakse", t.number(), b.number());
                }
                (None, Some(o)) => {
                    en += &format!("; leaves the opponent about {} % on his best shot", pct(o));
                    fi += &format!("; vastustajan paras lyönti onnistuu noin {} %:n varmuudella", pct(o));
                }
                (None, None) => {}
            }
            en += &foul_en;
            fi += &foul_fi;
            en.push('.');
            fi.push('.');
        }
        (Some(ShotKind::Kick), _) => {
            en += &format!(
                "Kick: the ball on is hidden; off a cushion, {s} % to hit it legally and keep the table{foul_en}."
            );
            fi += &format!(
                "Vallin kautta: vuorossa oleva pallo on piilossa; {s} %:n varmuudella laillinen osuma ja vuoro jatkuu{foul_fi}."
            );
        }
        (kind, Call::Ball { ball, pocket }) => {
            let (pe, pf) = pocket.map_or(("a pocket", "pussiin"), pocket_words);
            let how_en = match kind {
                Some(ShotKind::Bank) => " off a cushion",
                Some(ShotKind::Combination) => " in a combination",
                _ => "",
            };
            let how_fi = match kind {
                Some(ShotKind::Bank) => " vallin kautta",
                Some(ShotKind::Combination) => " yhdistelmälyönnillä",
                _ => "",
            };
            let wins =
                matches!((game, ball.number()), (Game::NineBall, 9) | (Game::TenBall, 10) | (Game::EightBall, 8));
            en += &format!("Pot the {} into {pe}{how_en}: {s} % to make it", ball.number());
            fi += &format!("Pussita {} {pf}{how_fi}: {s} %:n onnistumismahdollisuus", ball.number());
            if wins {
                en += " and win the rack";
                fi += " ja voitto";
            } else if let Some(p) = c.position {
                en += &format!("; {} % on the next shot from where the cue ball stops", pct(p));
                fi += &format!("; seuraava lyönti onnistuu {} %:n varmuudella siitä, mihin lyöntipallo jää", pct(p));
            }
            en += &foul_en;
            fi += &foul_fi;
            en.push('.');
            fi.push('.');
        }
        _ => {
            en += &format!("Play the shot shown: {s} % to keep the table{foul_en}.");
            fi += &format!("Lyö näytetty lyönti: {s} %:n varmuudella vuoro jatkuu{foul_fi}.");
        }
    }
    (en, fi)
}

/// `biljardi coach`: JSON in (`game`, `table`, `state`, `balls` as in the referee's input of
/// contracts.md; optional `level`, default `master`; optional `seed`), the advice as JSON out,
/// or the bad input's field.
pub fn coach_json(input: &str) -> Result<String, InputError> {
    let v: Value = serde_json::from_str(input).map_err(|e| InputError::new("", format!("invalid JSON: {e}")))?;
    let Some(obj) = v.as_object() else { return Err(InputError::new("", "expected a JSON object")) };
    let level = match obj.get("level").filter(|x| !x.is_null()) {
        None => Level::Master,
        Some(Value::String(s)) => Level::parse(s).ok_or_else(|| {
            InputError::new("level", format!("unknown level {s:?} (expected beginner, amateur, pro or master)"))
        })?,
        Some(other) => return Err(InputError::new("level", format!("expected a level name, got {other}"))),
    };
    let seed = match obj.get("seed").filter(|x| !x.is_null()) {
        None => 1,
        Some(x) => x.as_u64().ok_or_else(|| InputError::new("seed", "expected a non-negative integer"))?,
    };
    // The referee's parser checks the game, table, state and balls (field names in its
    // errors); an empty shot record stands in for the events it would judge.
    let mut referee = obj.clone();
    referee.remove("call");
    referee.remove("shot");
    referee.insert("events".into(), json!([]));
    referee.insert("final".into(), json!([]));
    // The referee wants the cue ball on the table; with ball in hand it may be left out here:
    // a stand-in is put on a free spot for the checks and taken off again.
    let stand_in = cue_stand_in(obj.get("balls"));
    if let (Some(p), Some(Value::Array(list))) = (stand_in, referee.get_mut("balls")) {
        list.push(json!({"id": "cue", "pos": p}));
    }
    let mut parsed = biljardi_rules::json::parse(&Value::Object(referee))?;
    if stand_in.is_some() {
        parsed.balls.retain(|b| !b.0.is_cue());
        if parsed.state.ball_in_hand == BallInHand::None && !parsed.state.is_break {
            return Err(InputError::new("balls", "no cue ball and the state gives no ball in hand"));
        }
    }
    if parsed.balls.iter().all(|b| b.0.is_cue()) {
        return Err(InputError::new("balls", "no object ball on the table"));
    }
    let view = TableView::shot(parsed.game, parsed.table, parsed.state, parsed.balls);
    let a = coach(&view, level, seed);
    Ok(advice_json(&a).to_string() + "\n")
}

/// A free spot for a stand-in cue ball when `balls` (the input's array) has none; `None` when
/// it has one or is not a list of balls with positions (the referee's parser says what).
fn cue_stand_in(balls: Option<&Value>) -> Option<[f64; 2]> {
    let list = balls?.as_array()?;
    if list.iter().any(|b| b.get("id").and_then(Value::as_str) == Some("cue")) {
        return None;
    }
    let taken: Vec<[f64; 2]> = list
        .iter()
        .filter_map(|b| {
            let p = b.get("pos")?.as_array()?;
            Some([p.first()?.as_f64()?, p.get(1)?.as_f64()?])
        })
        .collect();
    let r = biljardi_physics::BALL_RADIUS_M;
    (0..21 * 11)
        .map(|k| [-1.0 + 0.1 * (k % 21) as f64, -0.5 + 0.1 * (k / 21) as f64])
        .find(|q| taken.iter().all(|p| crate::table_ops::dist(*p, *q) > 2.0 * r + 0.005))
}

/// The advice as the `biljardi coach` JSON (degrees at the edge, tip offsets in ball radii).
pub fn advice_json(a: &Advice) -> Value {
    let r = |x: f64| (x * 1e4).round() / 1e4;
    let stroke = a.strike.map(|s| {
        json!({
            "speed": r(s.speed_mps),
            "phi": r(s.phi_rad.to_degrees().rem_euclid(360.0)),
            "theta": r(s.theta_rad.to_degrees()),
            "a": r(s.a),
            "b": r(s.b),
        })
    });
    let kind = a.kind.map(|k| match k {
        ShotKind::Pot => "pot",
        ShotKind::Bank => "bank",
        ShotKind::Combination => "combination",
        ShotKind::Kick => "kick",
        ShotKind::Safety => "safety",
        ShotKind::PushOut => "push_out",
        ShotKind::Break => "break",
    });
    let aim = a.aim.as_ref().map(|m| {
        json!({
            "cue": [r(m.cue[0]), r(m.cue[1])],
            "ghost": [r(m.ghost[0]), r(m.ghost[1])],
            "target": m.target,
            "target_pos": [r(m.target_pos[0]), r(m.target_pos[1])],
        })
    });
    let chances = a.chances.as_ref().map(|c| {
        json!({
            "success": r(c.success),
            "pot": if a.kind.is_some_and(|k| k.is_pot() && k != ShotKind::Kick) { Some(r(c.success)) } else { None },
            "position": c.position.map(r),
            "foul": r(c.foul),
            "opponent": c.opponent.map(r),
            "samples": c.samples,
        })
    });
    json!({
        "level": a.level.name(),
        "kind": kind,
        "call": a.call,
        "stroke": stroke,
        "cue_ball_placement": a.placement.map(|p| [r(p[0]), r(p[1])]),
        "aim": aim,
        "option": a.option.map(|o| o.name()),
        "chances": chances,
        "best_pot": r(a.best_pot),
        "value": r(a.value),
        "explanation": {"en": a.sentence_en, "fi": a.sentence_fi},
    })
}
