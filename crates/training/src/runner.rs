//! Replays a scenario: the physics plays the strike to rest (or the script stands in for it), the
//! events become the rules crate's `ShotRecord`, `judge` rules on it, and the result is compared
//! with what the scenario expects.

use crate::scenario::{Count, CueFate, Expected, ExpectedDecision, ExpectedEvents, PauseAt, Scenario, Stalemate};
use biljardi_physics::{BallId, Event, EventKind, FinalBall, Params, PocketId, Simulation};
use biljardi_rules::general::{StalemateOutcome, stalemate};
use biljardi_rules::{BallWhere, Decision, ShotRecord, judge};
use serde::Serialize;

/// The contract's per-demo output of `biljardi demo run`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DemoResult {
    pub id: String,
    pub ok: bool,
    pub expected: Expected,
    pub actual: Expected,
    /// Why it is not ok, one line per mismatch (not part of the contract's JSON; the CLI may print
    /// it to stderr).
    #[serde(skip)]
    pub differences: Vec<String>,
}

/// When the key moments of the shot happen, seconds after the strike.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Timeline {
    /// The cue ball's first contact with an object ball.
    pub first_contact: Option<f64>,
    /// The first cushion, pocket or off-table event after the first contact.
    pub first_rail_after_contact: Option<f64>,
    /// Every ball that dropped, in order.
    pub pockets: Vec<PocketAt>,
    /// Balls that left the table.
    pub off_table: Vec<(BallId, f64)>,
    /// The last event: every ball rests.
    pub end: f64,
    /// The scenario's `pause_at` moment (falls back to `end` if it never happened).
    pub key: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PocketAt {
    pub ball: BallId,
    pub pocket: PocketId,
    pub t: f64,
}

/// Everything the game needs to show a scenario: the events in time order (the physics' own, or
/// the script's), where the balls ended, the shot record, the full decision and the timeline.
#[derive(Clone, Debug)]
pub struct Replay {
    pub events: Vec<Event>,
    pub final_balls: Vec<FinalBall>,
    pub record: ShotRecord,
    pub decision: Decision,
    pub timeline: Timeline,
    /// With `stalemate` expected: what the referee's stalemate ruling leads to.
    pub stalemate: Option<Stalemate>,
}

/// Plays the scenario's shot and judges it.
pub fn replay(s: &Scenario) -> Replay {
    let table = s.table();
    let before = s.positions();
    let (events, final_balls) = match (&s.script, s.scripted_events) {
        (Some(script), true) => (script.events.clone(), script.final_balls.clone()),
        _ => {
            let mut sim = Simulation::new(table, Params::default(), s.balls());
            let mut events: Vec<Event> = sim.strike(BallId::CUE, s.strike.to_strike()).into_iter().collect();
            events.extend(sim.run_to_rest());
            (events, sim.final_balls())
        }
    };
    let record = ShotRecord::from_events(&table, &before, &events, &final_balls);
    let decision = judge(s.game, &table, &s.state, &record, &s.call);
    let timeline = timeline(s, &events);
    let stalemate = s.expected.decision.stalemate.map(|_| match stalemate(s.game, &decision.state) {
        StalemateOutcome::Rebreak(st) => Stalemate::Rebreak { breaker: st.shooter },
        StalemateOutcome::Lag => Stalemate::Lag,
    });
    Replay { events, final_balls, record, decision, timeline, stalemate }
}

/// The key moments of `events` for scenario `s`.
pub fn timeline(s: &Scenario, events: &[Event]) -> Timeline {
    let mut tl = Timeline { end: events.last().map_or(0.0, |e| e.t), ..Timeline::default() };
    for e in events {
        match e.kind {
            EventKind::BallBall { balls: [a, b] } if tl.first_contact.is_none() && (a.is_cue() != b.is_cue()) => {
                tl.first_contact = Some(e.t);
            }
            EventKind::Cushion { .. } | EventKind::Pocket { .. } | EventKind::OffTable { .. }
                if tl.first_contact.is_some() && tl.first_rail_after_contact.is_none() =>
            {
                tl.first_rail_after_contact = Some(e.t);
            }
            _ => {}
        }
        match e.kind {
            EventKind::Pocket { ball, pocket } => tl.pockets.push(PocketAt { ball, pocket, t: e.t }),
            EventKind::OffTable { ball } => tl.off_table.push((ball, e.t)),
            _ => {}
        }
    }
    let key = match s.pause_at {
        PauseAt::FirstContact => tl.first_contact,
        PauseAt::Rail => tl.first_rail_after_contact,
        PauseAt::Pocket => tl.pockets.iter().find(|p| s.pause_ball.is_none_or(|b| b == p.ball)).map(|p| p.t),
        PauseAt::OffTable => tl.off_table.first().map(|(_, t)| *t),
        PauseAt::End => None,
    };
    tl.key = key.unwrap_or(tl.end);
    tl
}

/// Every field of [`Expected`] as this replay has it.
pub fn actual(s: &Scenario, r: &Replay) -> Expected {
    let rec = &r.record;
    let d = &r.decision;
    let cue_ball = match rec.after(BallId::CUE) {
        BallWhere::Pocketed(_) => CueFate::Pocketed,
        BallWhere::OffTable => CueFate::OffTable,
        _ => CueFate::OnTable,
    };
    let me = s.state.shooter();
    let events = ExpectedEvents {
        first_contact: Some(rec.first_contact),
        pocketed: Some(rec.pocketed.iter().map(|(b, _)| *b).collect()),
        rail_after_contact: Some(!rec.rail_after_contact.is_empty()),
        object_balls_to_rail: Some(Count::exactly(rec.rail_any.objects().len() as u8)),
        cue_ball: Some(cue_ball),
        off_table: Some(rec.off_table.iter().collect()),
        cue_crossed_head_string: Some(rec.cue_crossed_head_string),
        strikes: Some(rec.strikes),
        airborne: Some(r.events.iter().any(|e| matches!(e.kind, EventKind::Airborne { .. }))),
    };
    let decision = ExpectedDecision {
        foul: Some(d.foul),
        fouls: Some(d.fouls.iter().map(|f| f.rule.to_string()).collect()),
        next_shooter: Some(d.next_shooter),
        ball_in_hand: Some(d.ball_in_hand),
        options: Some(d.options.iter().map(|o| o.name().to_string()).collect()),
        game_over: Some(d.game_over),
        winner: Some(d.winner),
        points: Some(d.points),
        score: Some(d.state.score),
        fouls_standing: Some(d.state.fouls),
        spot: Some(d.spot.clone()),
        rerack: Some(d.rerack),
        rerack_count: Some(d.rerack_balls.len() as u8),
        placed: Some(d.placed.iter().map(|p| p.id).collect()),
        request_spot: Some(d.request_spot.clone()),
        shooter_group: Some(if d.state.open_table { None } else { d.state.groups[me] }),
        cites: Some(d.rules.iter().map(|r| r.to_string()).collect()),
        stalemate: r.stalemate,
    };
    Expected { events, decision }
}

fn show<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

fn sorted<T: Ord + Clone>(v: &[T]) -> Vec<T> {
    let mut v = v.to_vec();
    v.sort();
    v
}

fn check(out: &mut Vec<String>, name: &str, e: String, a: String) {
    if e != a {
        out.push(format!("{name}: expected {e}, got {a}"));
    }
}

/// Lists every way `actual` falls short of `expected`.
pub fn compare(expected: &Expected, actual: &Expected) -> Vec<String> {
    let mut out = Vec::new();
    macro_rules! same {
        ($e:expr, $a:expr, $field:ident, $name:expr) => {
            if let Some(e) = &$e.$field {
                check(&mut out, $name, show(e), show(&$a.$field.clone().unwrap_or_default()));
            }
        };
    }
    macro_rules! same_set {
        ($e:expr, $a:expr, $field:ident, $name:expr) => {
            if let Some(e) = &$e.$field {
                check(&mut out, $name, show(&sorted(e)), show(&sorted(&$a.$field.clone().unwrap_or_default())));
            }
        };
    }
    let (ee, ae) = (&expected.events, &actual.events);
    same!(ee, ae, first_contact, "events.first_contact");
    same_set!(ee, ae, pocketed, "events.pocketed");
    same!(ee, ae, rail_after_contact, "events.rail_after_contact");
    if let (Some(e), Some(a)) = (ee.object_balls_to_rail, ae.object_balls_to_rail) {
        let n = a.min.unwrap_or_default();
        if !e.admits(n) {
            out.push(format!("events.object_balls_to_rail: expected {}, got {n}", show(&e)));
        }
    }
    if let Some(e) = ee.cue_ball {
        check(&mut out, "events.cue_ball", show(&e), show(&ae.cue_ball));
    }
    same_set!(ee, ae, off_table, "events.off_table");
    same!(ee, ae, cue_crossed_head_string, "events.cue_crossed_head_string");
    same!(ee, ae, strikes, "events.strikes");
    same!(ee, ae, airborne, "events.airborne");

    let (ed, ad) = (&expected.decision, &actual.decision);
    same!(ed, ad, foul, "decision.foul");
    same!(ed, ad, fouls, "decision.fouls");
    same!(ed, ad, next_shooter, "decision.next_shooter");
    if let Some(e) = ed.ball_in_hand {
        check(&mut out, "decision.ball_in_hand", show(&e), show(&ad.ball_in_hand));
    }
    same!(ed, ad, options, "decision.options");
    same!(ed, ad, game_over, "decision.game_over");
    same!(ed, ad, winner, "decision.winner");
    same!(ed, ad, points, "decision.points");
    same!(ed, ad, score, "decision.score");
    same!(ed, ad, fouls_standing, "decision.fouls_standing");
    same!(ed, ad, spot, "decision.spot");
    same!(ed, ad, rerack, "decision.rerack");
    same!(ed, ad, rerack_count, "decision.rerack_count");
    same_set!(ed, ad, placed, "decision.placed");
    same_set!(ed, ad, request_spot, "decision.request_spot");
    same!(ed, ad, shooter_group, "decision.shooter_group");
    if let Some(e) = &ed.cites {
        let have = ad.cites.clone().unwrap_or_default();
        for r in e {
            if !have.contains(r) {
                out.push(format!("decision.cites: {r} is not cited (cited: {})", have.join(", ")));
            }
        }
    }
    if let Some(e) = ed.stalemate {
        check(&mut out, "decision.stalemate", show(&e), show(&ad.stalemate));
    }
    out
}

/// Replays `s` and compares the result with its expectations.
pub fn run(s: &Scenario) -> DemoResult {
    let r = replay(s);
    let actual = actual(s, &r);
    let differences = compare(&s.expected, &actual);
    DemoResult { id: s.id.clone(), ok: differences.is_empty(), expected: s.expected.clone(), actual, differences }
}
