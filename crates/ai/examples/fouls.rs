//! Foul diagnosis of self-play: the same racks as `selfplay` (same seeds, same play), with every
//! foul counted by rule and clause and by the kind of shot the AI chose (pot, kick, safety,
//! break, ...; "in hand" when it placed the cue ball), beside the foul rate its own rollouts
//! foresaw for the chosen stroke, so the biggest causes are fixed first:
//! `cargo run -p biljardi-ai --release --example fouls -- --game 8ball --players amateur,amateur --racks 200 --seed 51`
//! `--verbose` prints one line per foul (rack, kind, rule, the stroke and its estimates).

mod common;

use biljardi_ai::selfplay::{ShotLog, summarize_observed};
use biljardi_rules::BallInHand;
use std::collections::BTreeMap;

/// Shots, fouls and the chosen strokes' foreseen foul rates summed, for one kind of shot.
#[derive(Default)]
struct Tally {
    shots: u32,
    fouls: u32,
    foreseen: f64,
    by_rule: BTreeMap<String, u32>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: &str| common::flag(&args, flag, default);
    let verbose = args.iter().any(|a| a == "--verbose");
    let parsed = biljardi_ai::SelfplayArgs::parse(
        &get("--game", "8ball"),
        &get("--players", "amateur,amateur"),
        &get("--racks", "200"),
        &get("--seed", "51"),
    );
    let a = match parsed {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut kinds: BTreeMap<String, Tally> = BTreeMap::new();
    // Chosen strokes by their own estimated foul rate: (shots, fouls) per band.
    let bands = [0.0, 0.05, 0.15, 0.3, 0.5, 1.01];
    let mut by_band = vec![(0u32, 0u32); bands.len() - 1];
    // `--verbose` also marks each rack's first shot, so a run stopped early still says how
    // many racks it completed.
    let mut rack_seen = u32::MAX;
    let mut observe = |s: ShotLog| {
        if verbose && s.rack != rack_seen {
            rack_seen = s.rack;
            println!("start {}", s.rack);
        }
        let th = s.thought;
        let kind = th.kind.map_or(String::from("option"), |k| format!("{k:?}"));
        let in_hand = s.state.ball_in_hand != BallInHand::None && !s.state.is_break;
        let key = if in_hand { format!("{kind} (in hand)") } else { kind };
        let t = kinds.entry(key.clone()).or_default();
        t.shots += 1;
        t.foreseen += th.foul_rate;
        let d = s.decision;
        let band = bands.windows(2).position(|w| th.foul_rate >= w[0] && th.foul_rate < w[1]).unwrap_or(0);
        by_band[band].0 += 1;
        if d.foul {
            t.fouls += 1;
            by_band[band].1 += 1;
            for f in &d.fouls {
                let r = match f.clause {
                    Some(c) => format!("{} {c}", f.rule),
                    None => f.rule.to_string(),
                };
                *t.by_rule.entry(r).or_insert(0) += 1;
            }
            if verbose {
                let rules: Vec<&str> = d.fouls.iter().map(|f| f.rule).collect();
                let st = th.intended;
                let call = match &th.action {
                    biljardi_ai::Action::Shoot { call, .. } => format!("{call:?}"),
                    other => format!("{other:?}"),
                };
                println!(
                    "rack {} {key} {}: fouls {rules:?} pocketed {:?}; est success {:.2} foul {:.2} value {:.2}; v {:.2} b {:.2} cands {}",
                    s.rack,
                    call,
                    d.pocketed,
                    th.success,
                    th.foul_rate,
                    th.value,
                    st.map_or(0.0, |x| x.speed_mps),
                    st.map_or(0.0, |x| x.b),
                    th.candidates,
                );
            }
        }
    };
    let summary = summarize_observed(&a, &mut observe);
    let n = f64::from(a.racks);
    println!(
        "{} {} racks seed {}: fouls/rack {:.3}, shots/rack {:.1}, violations {}, panics {}, decision p50 {:.0} p95 {:.0} ms",
        summary.game,
        summary.racks,
        summary.seed,
        summary.fouls_per_rack,
        summary.shots_per_rack,
        summary.invariant_violations,
        summary.panics,
        summary.decision_ms.p50,
        summary.decision_ms.p95
    );
    println!("fouls by rule: {:?}", summary.fouls_by_rule);
    println!(
        "{:<22} {:>7} {:>6} {:>9} {:>9}  fouls by rule and clause",
        "kind", "shots", "fouls", "per rack", "foreseen"
    );
    let mut rows: Vec<(&String, &Tally)> = kinds.iter().collect();
    rows.sort_by(|x, y| y.1.fouls.cmp(&x.1.fouls).then(x.0.cmp(y.0)));
    for (k, t) in rows {
        let mut rules: Vec<(&String, &u32)> = t.by_rule.iter().collect();
        rules.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
        let rules: Vec<String> = rules.iter().map(|(r, c)| format!("{r}: {c}")).collect();
        println!(
            "{k:<22} {:>7} {:>6} {:>9.3} {:>9.1}  {}",
            t.shots,
            t.fouls,
            f64::from(t.fouls) / n,
            t.foreseen,
            rules.join(", ")
        );
    }
    println!("chosen strokes by their estimated foul rate:");
    for (w, (shots, fouls)) in bands.windows(2).zip(&by_band) {
        println!(
            "  {:.2}-{:.2}: {fouls} fouls in {shots} shots ({:.3} per rack)",
            w[0],
            w[1].min(1.0),
            f64::from(*fouls) / n
        );
    }
}
