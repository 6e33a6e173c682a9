//! Shot diagrams: the table from above with every ball's path of one shot, where each ball
//! started and stopped, the events (first contact, cushions, pockets, jumps) and the referee's
//! ruling as a caption, drawn with the `svg` crate; [`render_png`] rasterises it with resvg
//! and the repository's DejaVu Sans Mono (no system fonts).
//!
//! The paths are the physics' own trajectories: the shot is simulated again from the record
//! (it replays exactly, see `replay`) and every ball is sampled every 1/240 s and at every
//! event, so a cushion's corner or a ball's curve under spin is where the physics put it.

use crate::format::{MatchRecord, ShotEntry};
use crate::lang::{Lang, game_name};
use crate::parse::RecordError;
use biljardi_physics::{Ball, BallFate, BallId, EventKind, Simulation, Table};
use biljardi_rules::Call;
use svg::Document;
use svg::node::element::path::Data;
use svg::node::element::{Circle, Group, Line, Path, Rectangle, Text};

/// The font the PNG is drawn with (DejaVu Sans Mono, `assets/fonts`, its licence beside it).
const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSansMono.ttf");
const FONT_FAMILY: &str = "DejaVu Sans Mono";
/// Pixels per metre.
const SCALE: f64 = 400.0;
/// Sampling step of the paths, s.
const SAMPLE_DT_S: f64 = 1.0 / 240.0;
const CAPTION_FONT_PX: f64 = 15.0;
const LINE_PX: f64 = 20.0;

/// The colour of ball `n` (1-8 solids, 9-15 stripes of the same colours; 0 the cue ball).
pub fn ball_colour(id: BallId) -> &'static str {
    const COLOURS: [&str; 8] = ["#f2c200", "#1d4fc4", "#d42222", "#6b2d94", "#f07a00", "#1b8a3a", "#8a1c1c", "#141414"];
    if id.is_cue() {
        return "#f8f8f0";
    }
    let n = id.number() as usize;
    COLOURS[(n - 1) % 8]
}

/// `x` to 0.01 px: finer is invisible and only lengthens the SVG.
fn cent(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Where the drawing puts the table.
#[derive(Clone, Copy)]
struct Frame {
    ox: f64,
    oy: f64,
}

impl Frame {
    /// Table metres (y to the left, towards the top of the picture) to pixels.
    fn px(&self, p: [f64; 2]) -> (f64, f64) {
        (cent(self.ox + p[0] * SCALE), cent(self.oy - p[1] * SCALE))
    }
}

/// The texts of a diagram in one language.
struct Words {
    shot: &'static str,
    of: &'static str,
    rack: &'static str,
    player: &'static str,
    call: &'static str,
    safety: &'static str,
    push_out: &'static str,
    nothing: &'static str,
    any_pocket: &'static str,
    strike: &'static str,
    legend: &'static str,
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::En => Words {
            shot: "shot",
            of: "of",
            rack: "rack",
            player: "player",
            call: "call",
            safety: "safety",
            push_out: "push out",
            nothing: "none",
            any_pocket: "any pocket",
            strike: "stroke: speed {v} m/s, direction {phi} deg, elevation {theta} deg, tip {a} / {b} R",
            legend: "dashed circle: start | ★ first contact | ■ cushion (cue ball: numbered) | ◎ pocket | ▲ ▼ jump, landing | dashed line: in the air",
        },
        Lang::Fi => Words {
            shot: "lyönti",
            of: "/",
            rack: "peli",
            player: "pelaaja",
            call: "ilmoitus",
            safety: "varmistus",
            push_out: "push out",
            nothing: "ei",
            any_pocket: "mikä tahansa pussi",
            strike: "lyönti: nopeus {v} m/s, suunta {phi} astetta, korotus {theta} astetta, kärki {a} / {b} R",
            legend: "katkoympyrä: alku | ★ ensimmäinen kosketus | ■ valli (lyöntipallo: numeroitu) | ◎ pussi | ▲ ▼ hyppy, lasku | katkoviiva: ilmassa",
        },
    }
}

/// One ball's sampled path: points [x, y] and whether it was in the air there.
struct Track {
    id: BallId,
    points: Vec<([f64; 2], bool)>,
}

/// Simulates `shot` again and samples every ball's centre.
fn tracks(record: &MatchRecord, shot: &ShotEntry) -> Vec<Track> {
    let s = &record.settings;
    let balls: Vec<Ball> = shot.balls.iter().map(|b| Ball::at_rest(b.id, b.pos)).collect();
    let mut sim = Simulation::new(s.table, s.params, balls);
    let mut times: Vec<f64> = shot.events.iter().map(|e| e.t).collect();
    let end = times.iter().copied().fold(0.0, f64::max).min(s.max_time_s);
    let steps = (end / SAMPLE_DT_S).ceil() as usize;
    times.extend((0..=steps).map(|k| k as f64 * SAMPLE_DT_S));
    times.retain(|t| *t <= end);
    times.sort_by(f64::total_cmp);
    times.dedup();
    let mut out: Vec<Track> = shot.balls.iter().map(|b| Track { id: b.id, points: vec![(b.pos, false)] }).collect();
    let _ = sim.strike(BallId::CUE, shot.strike.into());
    let r = s.params.ball_radius_m;
    for t in times {
        sim.advance_to(t);
        for b in sim.snapshot(t) {
            if !b.on_table() {
                continue;
            }
            if let Some(tr) = out.iter_mut().find(|tr| tr.id == b.id) {
                let p = b.pos();
                tr.points.push(([p[0], p[1]], p[2] > r + 5e-4));
            }
        }
    }
    out
}

fn poly(frame: Frame, pts: &[[f64; 2]]) -> Data {
    let mut d = Data::new();
    for (i, p) in pts.iter().enumerate() {
        let (x, y) = frame.px(*p);
        d = if i == 0 { d.move_to((x, y)) } else { d.line_to((x, y)) };
    }
    d
}

fn text(x: f64, y: f64, size: f64, content: impl Into<String>) -> Text {
    Text::new(content.into()).set("x", x).set("y", y).set("font-family", FONT_FAMILY).set("font-size", size)
}

/// The table: wooden rail, cushions, bed, pocket openings and holes, head string, foot spot.
fn table_group(t: &Table, frame: Frame) -> Group {
    let (hl, hw) = (t.half_length(), t.half_width());
    let rect = |x0: f64, y0: f64, fill: &str| {
        let (a, b) = frame.px([-x0, y0]);
        Rectangle::new()
            .set("x", a)
            .set("y", b)
            .set("width", 2.0 * x0 * SCALE)
            .set("height", 2.0 * y0 * SCALE)
            .set("fill", fill)
    };
    let cd = t.cushion_depth_m;
    let rw = t.rail_width_m;
    let mut g = Group::new()
        .add(rect(hl + cd + rw, hw + cd + rw, "#6b3f1f"))
        .add(rect(hl + cd, hw + cd, "#0f5a32"))
        .add(rect(hl, hw, "#1a7a45"));
    for p in t.pockets() {
        let pts = [p.jaws[0].point, p.jaws[0].back, p.jaws[1].back, p.jaws[1].point];
        g = g.add(Path::new().set("d", poly(frame, &pts).close()).set("fill", "#1a7a45"));
        let (x, y) = frame.px(p.drop_centre);
        g = g.add(Circle::new().set("cx", x).set("cy", y).set("r", p.drop_radius * SCALE).set("fill", "#050505"));
    }
    // Diamonds on the rails: 8 along each long rail, 4 along the ends.
    let along = hl + cd + rw / 2.0;
    let across = hw + cd + rw / 2.0;
    for k in 1..8 {
        let x = -hl + 2.0 * hl * k as f64 / 8.0;
        for y in [across, -across] {
            let (a, b) = frame.px([x, y]);
            g = g.add(Circle::new().set("cx", a).set("cy", b).set("r", 3.0).set("fill", "#e8e0c8"));
        }
    }
    for k in 1..4 {
        let y = -hw + 2.0 * hw * k as f64 / 4.0;
        for x in [along, -along] {
            let (a, b) = frame.px([x, y]);
            g = g.add(Circle::new().set("cx", a).set("cy", b).set("r", 3.0).set("fill", "#e8e0c8"));
        }
    }
    let (x0, y0) = frame.px([t.head_string_x(), hw]);
    let (x1, y1) = frame.px([t.head_string_x(), -hw]);
    g = g.add(
        Line::new()
            .set("x1", x0)
            .set("y1", y0)
            .set("x2", x1)
            .set("y2", y1)
            .set("stroke", "#9fd0b0")
            .set("stroke-width", 1)
            .set("stroke-dasharray", "6 6"),
    );
    let (fx, fy) = frame.px(t.foot_spot());
    g.add(Circle::new().set("cx", fx).set("cy", fy).set("r", 2.5).set("fill", "#9fd0b0"))
}

/// A ball at `p`, solid or striped, with its number; `faded` for where it started.
fn ball(frame: Frame, id: BallId, p: [f64; 2], r_m: f64, faded: bool) -> Group {
    let (cx, cy) = frame.px(p);
    let r = r_m * SCALE;
    let colour = ball_colour(id);
    let stripe = !id.is_cue() && id.number() > 8;
    let mut g = Group::new();
    if faded {
        return g.add(
            Circle::new()
                .set("cx", cx)
                .set("cy", cy)
                .set("r", r)
                .set("fill", "none")
                .set("stroke", colour)
                .set("stroke-width", 1.5)
                .set("stroke-dasharray", "3 2")
                .set("opacity", 0.9),
        );
    }
    let base = if stripe || id.is_cue() { "#f8f8f0" } else { colour };
    g = g.add(
        Circle::new()
            .set("cx", cx)
            .set("cy", cy)
            .set("r", r)
            .set("fill", base)
            .set("stroke", "#202020")
            .set("stroke-width", 1),
    );
    if stripe {
        // The band: the circle minus its top and bottom caps, drawn as the coloured middle.
        let h = 0.55 * r;
        let w = (r * r - h * h).sqrt();
        let d = Data::new()
            .move_to((cx - w, cy - h))
            .line_to((cx + w, cy - h))
            .elliptical_arc_to((r, r, 0, 0, 1, cx + w, cy + h))
            .line_to((cx - w, cy + h))
            .elliptical_arc_to((r, r, 0, 0, 1, cx - w, cy - h))
            .close();
        g = g.add(Path::new().set("d", d).set("fill", colour));
    }
    if !id.is_cue() {
        g = g.add(Circle::new().set("cx", cx).set("cy", cy).set("r", 0.52 * r).set("fill", "#f8f8f0"));
        let n = id.number().to_string();
        let size = if n.len() > 1 { 0.62 * r } else { 0.8 * r };
        g = g.add(
            text(cx, cy + 0.3 * r, size, n)
                .set("text-anchor", "middle")
                .set("font-weight", "bold")
                .set("fill", "#101010"),
        );
    }
    g
}

/// A small marker: a square (cushion), a star (first contact), triangles (jump, landing).
fn marker(frame: Frame, p: [f64; 2], kind: &str, colour: &str) -> Path {
    let (x, y) = frame.px(p);
    let s = 5.0;
    let d = match kind {
        "square" => Data::new()
            .move_to((x - s, y - s))
            .line_to((x + s, y - s))
            .line_to((x + s, y + s))
            .line_to((x - s, y + s))
            .close(),
        "up" => {
            Data::new().move_to((x, y - 1.4 * s)).line_to((x + 1.2 * s, y + s)).line_to((x - 1.2 * s, y + s)).close()
        }
        "down" => {
            Data::new().move_to((x, y + 1.4 * s)).line_to((x + 1.2 * s, y - s)).line_to((x - 1.2 * s, y - s)).close()
        }
        _ => {
            // A five-pointed star.
            let mut d = Data::new();
            for k in 0..10 {
                let a = std::f64::consts::PI * (k as f64 / 5.0) - std::f64::consts::FRAC_PI_2;
                let rr = if k % 2 == 0 { 2.2 * s } else { 0.9 * s };
                let q = (x + rr * a.cos(), y + rr * a.sin());
                d = if k == 0 { d.move_to(q) } else { d.line_to(q) };
            }
            d.close()
        }
    };
    Path::new().set("d", d).set("fill", colour).set("stroke", "#101010").set("stroke-width", 1)
}

/// Splits `s` into lines of at most `width` characters at spaces.
fn wrap(s: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in s.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

fn call_text(call: &Call, w: &Words) -> String {
    match *call {
        Call::None => w.nothing.to_string(),
        Call::Ball { ball, pocket } => {
            format!("{ball} -> {}", pocket.map_or(w.any_pocket.to_string(), |p| p.name().replace('_', " ")))
        }
        Call::Safety { .. } => w.safety.to_string(),
        Call::PushOut { .. } => w.push_out.to_string(),
    }
}

/// The caption's lines: what was played, then the referee's ruling.
fn caption(record: &MatchRecord, i: usize, shot: &ShotEntry, lang: Lang, width: usize) -> Vec<String> {
    let w = words(lang);
    let k = &shot.strike;
    let name = &record.players[shot.shooter as usize & 1].name;
    let default_name = format!("Player {}", shot.shooter + 1);
    let who = if *name == default_name { String::new() } else { format!(" ({name})") };
    let mut lines = vec![format!(
        "{} - {} {} {} {}, {} {}, {} {}{}, {}: {}",
        game_name(record.settings.game, lang),
        w.shot,
        i + 1,
        w.of,
        record.shots.len(),
        w.rack,
        shot.rack + 1,
        w.player,
        shot.shooter + 1,
        who,
        w.call,
        call_text(&shot.call, &w)
    )];
    lines.push(
        w.strike
            .replace("{v}", &format!("{:.2}", k.speed_mps))
            .replace("{phi}", &format!("{:.1}", k.phi_rad.to_degrees()))
            .replace("{theta}", &format!("{:.1}", k.theta_rad.to_degrees()))
            .replace("{a}", &format!("{:+.2}", k.a))
            .replace("{b}", &format!("{:+.2}", k.b)),
    );
    if let Some(rules) = shot.decision.get("rules").and_then(|r| r.as_array()).filter(|r| !r.is_empty()) {
        let list: Vec<&str> = rules.iter().filter_map(|r| r.as_str()).collect();
        let label = if lang == Lang::Fi { "säännöt" } else { "rules" };
        lines.push(format!("{label}: {}", list.join(", ")));
    }
    if let Some(e) = shot.explanation(lang) {
        for para in e.split('\n') {
            lines.extend(wrap(para, width));
        }
    }
    lines
}

/// The diagram of shot `i` (from 0) of `record` in `lang`, as an SVG document.
pub fn diagram(record: &MatchRecord, i: usize, lang: Lang) -> Result<Document, RecordError> {
    let shot = record.shots.get(i).ok_or_else(|| {
        RecordError::new("shot", format!("no shot {i}: the record has {} (from 0)", record.shots.len()))
    })?;
    let t = &record.settings.table;
    let r_m = record.settings.params.ball_radius_m;
    let margin = 16.0;
    let outer_l = t.length_m + 2.0 * (t.cushion_depth_m + t.rail_width_m);
    let outer_w = t.width_m + 2.0 * (t.cushion_depth_m + t.rail_width_m);
    let width = outer_l * SCALE + 2.0 * margin;
    let chars = ((width - 2.0 * margin) / (0.62 * CAPTION_FONT_PX)) as usize;
    let lines = caption(record, i, shot, lang, chars);
    let table_h = outer_w * SCALE + 2.0 * margin;
    let height = table_h + (lines.len() as f64 + 1.6) * LINE_PX + margin;
    let frame = Frame { ox: width / 2.0, oy: table_h / 2.0 };

    let mut doc = Document::new()
        .set("width", width)
        .set("height", height)
        .set("viewBox", (0, 0, width, height))
        .add(Rectangle::new().set("width", width).set("height", height).set("fill", "#f4f1ea"))
        .add(table_group(t, frame));

    // Where every ball started.
    for b in &shot.balls {
        doc = doc.add(ball(frame, b.id, b.pos, r_m, true));
    }
    // The paths: on the cloth solid, in the air dashed; the cue ball's drawn white over a dark edge.
    for tr in tracks(record, shot) {
        let moved = tr.points.windows(2).map(|w| (w[1].0[0] - w[0].0[0]).hypot(w[1].0[1] - w[0].0[1])).sum::<f64>();
        if moved < 1e-3 {
            continue;
        }
        let colour = ball_colour(tr.id);
        let mut runs: Vec<(bool, Vec<[f64; 2]>)> = Vec::new();
        for (p, air) in &tr.points {
            match runs.last_mut() {
                Some((a, v)) if a == air => v.push(*p),
                Some((_, v)) => {
                    let last = *v.last().unwrap_or(p);
                    runs.push((*air, vec![last, *p]));
                }
                None => runs.push((*air, vec![*p])),
            }
        }
        for (air, pts) in runs {
            let d = poly(frame, &pts);
            let mut line = Path::new()
                .set("d", d.clone())
                .set("fill", "none")
                .set("stroke", colour)
                .set("stroke-width", 2.5)
                .set("stroke-linejoin", "round");
            if air {
                line = line.set("stroke-dasharray", "7 5");
            }
            doc = doc.add(
                Path::new()
                    .set("d", d)
                    .set("fill", "none")
                    .set("stroke", "#101010")
                    .set("stroke-width", 4.5)
                    .set("stroke-opacity", 0.55)
                    .set("stroke-linejoin", "round")
                    .set("stroke-dasharray", if air { "7 5" } else { "none" }),
            );
            doc = doc.add(line);
        }
    }
    // Where every ball ended (a pocketed ball: in its pocket's mouth as it dropped).
    for f in &shot.finals {
        if let BallFate::OnTable { pos } = f.fate {
            doc = doc.add(ball(frame, f.id, pos, r_m, false));
        }
    }
    // Events.
    let mut first_contact = true;
    let mut cue_cushions = 0;
    for e in &shot.events {
        let at = |id: BallId| e.state.get(&id).map(|k| [k.pos[0], k.pos[1]]);
        match e.kind {
            EventKind::BallBall { balls } if first_contact && balls.contains(&BallId::CUE) => {
                first_contact = false;
                if let Some(p) = at(BallId::CUE) {
                    doc = doc.add(marker(frame, p, "star", "#ffd21f"));
                }
            }
            EventKind::Cushion { ball: id, .. } => {
                if let Some(p) = at(id) {
                    doc = doc.add(marker(frame, p, "square", ball_colour(id)));
                    if id.is_cue() {
                        cue_cushions += 1;
                        let (x, y) = frame.px(p);
                        doc = doc.add(text(x + 7.0, y - 7.0, 13.0, cue_cushions.to_string()).set("fill", "#ffffff"));
                    }
                }
            }
            EventKind::Airborne { ball: id } => {
                if let Some(p) = at(id) {
                    doc = doc.add(marker(frame, p, "up", ball_colour(id)));
                }
            }
            EventKind::Land { ball: id } => {
                if let Some(p) = at(id) {
                    doc = doc.add(marker(frame, p, "down", ball_colour(id)));
                }
            }
            EventKind::Pocket { ball: id, pocket } => {
                let pk = t.pocket(pocket);
                let (x, y) = frame.px(pk.drop_centre);
                doc = doc.add(
                    Circle::new()
                        .set("cx", x)
                        .set("cy", y)
                        .set("r", pk.drop_radius * SCALE + 4.0)
                        .set("fill", "none")
                        .set("stroke", if id.is_cue() { "#ffffff" } else { "#ff4040" })
                        .set("stroke-width", 3),
                );
                let label = if id.is_cue() { "cue".to_string() } else { id.to_string() };
                doc = doc.add(
                    text(x, y + 5.0, 14.0, label)
                        .set("text-anchor", "middle")
                        .set("font-weight", "bold")
                        .set("fill", "#ffffff"),
                );
            }
            EventKind::OffTable { ball: id } => {
                if let Some(p) = at(id) {
                    let (x, y) = frame.px(p);
                    doc = doc.add(text(x, y + 6.0, 20.0, "x").set("text-anchor", "middle").set("fill", "#ff4040"));
                }
            }
            _ => {}
        }
    }
    // Caption and legend.
    let mut y = table_h + LINE_PX * 0.6;
    for (k, line) in lines.iter().enumerate() {
        let weight = if k == 0 { "bold" } else { "normal" };
        doc = doc.add(text(margin, y, CAPTION_FONT_PX, line.clone()).set("fill", "#141414").set("font-weight", weight));
        y += LINE_PX;
    }
    doc = doc.add(text(margin, y + 0.3 * LINE_PX, 13.0, words(lang).legend).set("fill", "#505050"));
    Ok(doc)
}

/// The diagram as SVG text.
pub fn diagram_svg(record: &MatchRecord, i: usize, lang: Lang) -> Result<String, RecordError> {
    Ok(diagram(record, i, lang)?.to_string())
}

/// Rasterises SVG text to PNG bytes with the bundled font.
pub fn render_png(svg_text: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let mut opt = usvg::Options { font_family: FONT_FAMILY.to_string(), ..usvg::Options::default() };
    opt.fontdb_mut().load_font_data(FONT.to_vec());
    let tree = usvg::Tree::from_str(svg_text, &opt).map_err(|e| format!("SVG: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the picture has no size")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}
