//! `biljardi replay` and `biljardi diagram`: the match records of `biljardi-record`
//! (docs/record-format.md) checked by re-simulating them, and drawn.

use crate::cli::args::{DiagramFlags, ReplayFlags};
use crate::shared::lang::Lang;
use biljardi_record::{MatchRecord, diagram, parse_record, replay};
use std::process::ExitCode;
use std::time::Instant;

/// Exit 0 when every shot replays identically, 1 at a difference, 2 on a file that is not a
/// record (named with its field).
pub fn run_replay(flags: &ReplayFlags) -> ExitCode {
    let files = match replay::record_files(&flags.files) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("biljardi replay: {e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let (mut shots, mut differ) = (0u64, 0usize);
    for f in &files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("biljardi replay: {}: {e}", f.display());
                return ExitCode::from(2);
            }
        };
        match replay::replay_json(&text) {
            Ok(out) => {
                if !flags.summary || !out.identical {
                    print!("{}", out.json);
                }
                shots += serde_json::from_str::<serde_json::Value>(&out.json)
                    .ok()
                    .and_then(|v| v["shots"].as_u64())
                    .unwrap_or(0);
                if !out.identical {
                    eprintln!("biljardi replay: {} differs", f.display());
                    differ += 1;
                    if !flags.summary {
                        return ExitCode::FAILURE;
                    }
                }
            }
            Err(e) => {
                eprintln!("biljardi replay: {}: {e}", f.display());
                return ExitCode::from(2);
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    if flags.summary {
        eprintln!(
            "biljardi replay: {} records, {shots} shots, {differ} differ, {secs:.1} s ({:.0} shots/s)",
            files.len(),
            shots as f64 / secs.max(1e-9)
        );
    }
    if differ > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

pub fn run_diagram(flags: &DiagramFlags) -> ExitCode {
    let fail = |msg: String| {
        eprintln!("biljardi diagram: {msg}");
        ExitCode::from(2)
    };
    let text = match std::fs::read_to_string(&flags.file) {
        Ok(t) => t,
        Err(e) => return fail(format!("{}: {e}", flags.file.display())),
    };
    let record = match parse_record(&text) {
        Ok(r) => r,
        Err(e) => return fail(e.to_string()),
    };
    if flags.shot as usize > record.shots.len() {
        return fail(format!("--shot {}: the record has {} shots", flags.shot, record.shots.len()));
    }
    write_diagram("biljardi diagram", &record, flags.shot as usize - 1, flags.lang, flags.output.as_deref())
}

/// Draws shot `i` of `record` to `output` (SVG, or PNG by the extension) or standard output.
fn write_diagram(
    command: &str,
    record: &MatchRecord,
    i: usize,
    lang: Lang,
    output: Option<&std::path::Path>,
) -> ExitCode {
    let fail = |msg: String| {
        eprintln!("{command}: {msg}");
        ExitCode::from(2)
    };
    let lang = if lang == Lang::Fi { biljardi_record::Lang::Fi } else { biljardi_record::Lang::En };
    let svg = match diagram::diagram_svg(record, i, lang) {
        Ok(s) => s,
        Err(e) => return fail(e.to_string()),
    };
    let Some(out) = output else {
        println!("{svg}");
        return ExitCode::SUCCESS;
    };
    let png = out.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"));
    let bytes = if png {
        match diagram::render_png(&svg) {
            Ok(b) => b,
            Err(e) => return fail(e),
        }
    } else {
        svg.into_bytes()
    };
    match std::fs::write(out, bytes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(format!("-o {}: {e}", out.display())),
    }
}

/// `demo diagram ID`: a training scenario's shot, simulated and judged as the training plays it,
/// drawn like a record's. Scenarios whose events are scripted (what the physics does not model)
/// have no such picture.
pub fn run_demo_diagram(id: &str, output: Option<&std::path::Path>, lang: Lang) -> ExitCode {
    let Some(s) = biljardi_training::find(id) else {
        eprintln!("biljardi demo diagram: no scenario {id:?} (biljardi demo list)");
        return ExitCode::from(2);
    };
    if s.scripted_events {
        eprintln!("biljardi demo diagram: {id}: its events are scripted, not simulated, so there is no shot to draw");
        return ExitCode::from(2);
    }
    let settings = biljardi_record::Settings::single_rack(s.game, s.table(), "training", 120.0);
    let players = [biljardi_record::PlayerInfo::human("Player 1"), biljardi_record::PlayerInfo::human("Player 2")];
    let record =
        biljardi_record::one_shot_record(settings, players, &s.state, &s.positions(), s.call, s.strike.to_strike());
    write_diagram("biljardi demo diagram", &record, 0, lang, output)
}
