//! The shot viewer: any judged shot of the match played again from the match record, at full
//! speed, a quarter or paused, stepped from event to event. It simulates the recorded shot
//! afresh (physics and referee are deterministic, so it is the shot that was played: `biljardi
//! replay` checks exactly that) and shows it on the table's balls; the match itself waits: the
//! bed is held and nobody can shoot until the viewer closes.
//!
//! Keys (`input::viewer_keys`), the panel and the labels on the table (`view::viewer_hud`)
//! live with the other hands and pictures; this module is the playback.

use crate::game::autosave::MatchLog;
use crate::game::bed::{BallView, BedClock, BedSystems, show_snapshots};
use crate::game::turn::TurnSystems;
use crate::shared::camera_mode::CameraMode;
use crate::shared::screen::Screen;
use bevy::prelude::*;
use biljardi_physics::{BallId, Event, EventKind, Simulation};
use biljardi_record::format::{Settings, ShotEntry};
use biljardi_record::replay::{compare, play_shot, start_shot};
use biljardi_rules::Decision;

/// How fast the shot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rate {
    Full,
    Quarter,
}

impl Rate {
    pub fn factor(self) -> f64 {
        match self {
            Rate::Full => 1.0,
            Rate::Quarter => 0.25,
        }
    }
}

/// Something worth a label on the table and a stop when stepping.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub t: f64,
    /// Where it happened on the bed, m.
    pub at: [f64; 2],
    pub kind: MarkKind,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MarkKind {
    /// The cue ball's first contact with an object ball (what 6.2-style fouls are about).
    FirstContact(BallId),
    /// A ball hit a cushion.
    Cushion(BallId, biljardi_physics::RailId),
    Pocketed(BallId, biljardi_physics::PocketId),
    OffTable(BallId),
    /// A ball left the cloth (a jump).
    Airborne(BallId),
}

/// How long a cushion or a jump keeps its label, s of the shot's time.
pub const MARK_LINGER_S: f64 = 1.0;

impl MarkKind {
    /// Labelled from its moment to the end of the shot (the others only for a moment).
    pub fn lasts(self) -> bool {
        matches!(self, MarkKind::FirstContact(_) | MarkKind::Pocketed(..) | MarkKind::OffTable(_))
    }
}

/// The viewer, present while it is open.
#[derive(Resource)]
pub struct ShotViewer {
    settings: Settings,
    shots: Vec<ShotEntry>,
    /// The shot shown, an index into the match's shots.
    pub index: usize,
    sim: Simulation,
    /// The shot's marks, in time order.
    pub marks: Vec<Mark>,
    /// When the last ball came to rest, s after the strike.
    pub end_s: f64,
    /// The moment shown, s after the strike.
    pub t: f64,
    pub rate: Rate,
    pub paused: bool,
    /// The referee's decision on the shot, judged again.
    pub decision: Decision,
    /// The first field where the shot played again differs from its record (`events[4].t`),
    /// if it does: a record made by a version whose physics played the shot differently (a
    /// match saved before an update). The viewer still shows this version's shot, and says so.
    pub differs: Option<String>,
    /// Whether the bed was held before the viewer opened (the training holds it too).
    bed_was_paused: bool,
    /// The view before the viewer opened (it opens looking down on the whole table: the aiming
    /// view looks along the next shot, not the one replayed).
    camera_before: CameraMode,
}

impl ShotViewer {
    /// The viewer at the match's last shot; `None` before the first shot.
    pub fn open(log: &MatchLog) -> Option<ShotViewer> {
        let last = log.record.shots.len().checked_sub(1)?;
        Some(ShotViewer::new(log.record.settings.clone(), log.record.shots.clone(), last))
    }

    fn new(settings: Settings, shots: Vec<ShotEntry>, index: usize) -> ShotViewer {
        let shot = &shots[index];
        let played = play_shot(&settings, shot);
        let end_s = played.events.last().map_or(0.0, |e| e.t);
        let marks = marks(&played.events, &settings.table);
        let differs = compare(shot, &played).map(|(field, _, _)| field);
        let (sim, _) = start_shot(&settings, shot);
        ShotViewer {
            sim,
            marks,
            end_s,
            t: 0.0,
            rate: Rate::Full,
            paused: false,
            decision: played.decision,
            differs,
            index,
            settings,
            shots,
            bed_was_paused: false,
            camera_before: CameraMode::Aim,
        }
    }

    pub fn shot_count(&self) -> usize {
        self.shots.len()
    }

    pub fn shot(&self) -> &ShotEntry {
        &self.shots[self.index]
    }

    /// Shows shot `index` (clamped to the match's shots) from its strike, playing.
    pub fn select(&mut self, index: usize) {
        let index = index.min(self.shots.len().saturating_sub(1));
        let (rate, was, camera) = (self.rate, self.bed_was_paused, self.camera_before);
        *self = ShotViewer::new(self.settings.clone(), std::mem::take(&mut self.shots), index);
        self.rate = rate;
        self.bed_was_paused = was;
        self.camera_before = camera;
    }

    pub fn previous_shot(&mut self) {
        self.select(self.index.saturating_sub(1));
    }

    pub fn next_shot(&mut self) {
        self.select(self.index + 1);
    }

    /// Moves to the moment `t` (0 to the end of the shot). Forward runs the physics on; back
    /// starts the shot again, since the simulation keeps no history.
    pub fn seek(&mut self, t: f64) {
        let t = t.clamp(0.0, self.end_s);
        if t < self.t {
            self.sim = start_shot(&self.settings, &self.shots[self.index]).0;
        }
        self.sim.advance_to(t);
        self.t = t;
    }

    /// From the strike again, playing.
    pub fn restart(&mut self) {
        self.seek(0.0);
        self.paused = false;
    }

    /// A frame's worth of playback.
    pub fn play(&mut self, dt_s: f64) {
        if !self.paused && self.t < self.end_s {
            self.seek(self.t + dt_s * self.rate.factor());
        }
    }

    /// To the next mark (or the end), paused there.
    pub fn next_mark(&mut self) {
        let t = self.marks.iter().map(|m| m.t).find(|&t| t > self.t + 1e-9).unwrap_or(self.end_s);
        self.paused = true;
        self.seek(t);
    }

    /// To the mark before the moment shown (or the strike), paused there.
    pub fn previous_mark(&mut self) {
        let t = self.marks.iter().rev().map(|m| m.t).find(|&t| t < self.t - 1e-9).unwrap_or(0.0);
        self.paused = true;
        self.seek(t);
    }

    /// Space: pause, or play on (from the strike again once the shot has ended).
    pub fn toggle_pause(&mut self) {
        if self.paused {
            self.paused = false;
            if self.t >= self.end_s {
                self.seek(0.0);
            }
        } else {
            self.paused = true;
        }
    }

    pub fn toggle_rate(&mut self) {
        self.rate = match self.rate {
            Rate::Full => Rate::Quarter,
            Rate::Quarter => Rate::Full,
        };
    }

    /// The marks to label at the moment shown: the first contact, pockets and balls off the
    /// table once they have happened; cushions and jumps for `MARK_LINGER_S` after (a break
    /// hits cushions dozens of times, all labels at once would cover the table).
    pub fn marks_shown(&self) -> impl Iterator<Item = &Mark> {
        self.marks.iter().filter(move |m| {
            let since = self.t - m.t;
            since >= -1e-9 && (m.kind.lasts() || since <= MARK_LINGER_S)
        })
    }

    pub fn balls_now(&self) -> Vec<biljardi_physics::BallSnapshot> {
        self.sim.snapshot(self.t)
    }
}

/// The events a viewer labels: the cue ball's first contact, cushions, pockets, balls leaving
/// the table or the cloth.
pub fn marks(events: &[Event], table: &biljardi_physics::Table) -> Vec<Mark> {
    let mut out = Vec::new();
    let mut first_contact = true;
    for e in events {
        let at = |id: BallId| e.state.get(&id).map(|k| [k.pos[0], k.pos[1]]);
        let mark = match e.kind {
            EventKind::BallBall { balls } if first_contact && balls.contains(&BallId::CUE) => {
                first_contact = false;
                let other = if balls[0].is_cue() { balls[1] } else { balls[0] };
                at(BallId::CUE).map(|p| (p, MarkKind::FirstContact(other)))
            }
            EventKind::Cushion { ball, rail } => at(ball).map(|p| (p, MarkKind::Cushion(ball, rail))),
            EventKind::Pocket { ball, pocket } => {
                Some((table.pocket(pocket).drop_centre, MarkKind::Pocketed(ball, pocket)))
            }
            EventKind::OffTable { ball } => at(ball).map(|p| (p, MarkKind::OffTable(ball))),
            EventKind::Airborne { ball } => at(ball).map(|p| (p, MarkKind::Airborne(ball))),
            _ => None,
        };
        if let Some((at, kind)) = mark {
            out.push(Mark { t: e.t, at, kind });
        }
    }
    out
}

/// Opens the viewer at the last shot, holding the bed and looking down on the table; nothing
/// happens before the first shot.
pub fn open_viewer(commands: &mut Commands, log: Option<&MatchLog>, clock: &mut BedClock, camera: &mut CameraMode) {
    let Some(mut viewer) = log.and_then(ShotViewer::open) else { return };
    viewer.bed_was_paused = clock.paused;
    viewer.camera_before = *camera;
    clock.paused = true;
    *camera = CameraMode::Overhead;
    commands.insert_resource(viewer);
}

/// Closes the viewer; the bed goes on as it was, the view is the one before, and the balls go
/// back to the match's table.
pub fn close_viewer(commands: &mut Commands, viewer: &ShotViewer, clock: &mut BedClock, camera: &mut CameraMode) {
    clock.paused = viewer.bed_was_paused;
    *camera = viewer.camera_before;
    commands.remove_resource::<ShotViewer>();
}

pub fn plugin(app: &mut App) {
    // Nobody shoots while a shot is being watched: the player's and the computer's turns wait.
    // The view exists headless too (the tests' app has no camera), so opening and closing work.
    app.init_resource::<CameraMode>()
        .configure_sets(Update, TurnSystems::Input.run_if(not(resource_exists::<ShotViewer>)))
        .add_systems(Update, play_and_show.after(BedSystems::Sync).run_if(resource_exists::<ShotViewer>))
        .add_systems(OnExit(Screen::Playing), close_on_exit);
}

/// Leaving the table (Esc to the menu) closes the viewer, so the next match is not held.
fn close_on_exit(
    mut commands: Commands,
    viewer: Option<Res<ShotViewer>>,
    mut clock: ResMut<BedClock>,
    mut camera: ResMut<CameraMode>,
) {
    if let Some(viewer) = viewer {
        close_viewer(&mut commands, &viewer, &mut clock, &mut camera);
    }
}

/// Advances the playback and puts the balls where they were at that moment (after the bed's
/// own sync, which the next frame without the viewer puts back).
fn play_and_show(time: Res<Time>, mut viewer: ResMut<ShotViewer>, mut balls: Query<BallView>) {
    viewer.play(time.delta_secs_f64());
    show_snapshots(&viewer.balls_now(), &mut balls);
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use biljardi_physics::{Strike, Table};
    use biljardi_record::PlayerInfo;
    use biljardi_record::match_record::one_shot_record;
    use biljardi_rules::{Call, Game, GameState};

    /// A 9-ball shot: the cue ball into the 1, which runs into the foot rail.
    fn viewer() -> ShotViewer {
        ShotViewer::open(&MatchLog { record: record() }).expect("a shot to view")
    }

    /// The same shot as if recorded by a version whose physics left the 1 a millimetre further
    /// on (a match saved before an update).
    pub(crate) fn nudged_viewer() -> ShotViewer {
        let mut record = record();
        let shot = record.shots.last_mut().expect("a shot");
        let one = shot.finals.iter_mut().find(|b| b.id.number() == 1).expect("the 1's final");
        let biljardi_physics::BallFate::OnTable { pos } = &mut one.fate else { panic!("the 1 stays on the bed") };
        pos[0] += 1e-3;
        ShotViewer::open(&MatchLog { record }).expect("a shot to view")
    }

    fn record() -> biljardi_record::MatchRecord {
        let settings = Settings::single_rack(Game::NineBall, Table::default(), "practice", 120.0);
        let mut state = GameState::new_rack(0);
        state.is_break = false;
        state.ball_in_hand = biljardi_rules::BallInHand::None;
        let cue = BallId::CUE;
        let one = BallId::object(1).expect("ball 1");
        let nine = BallId::object(9).expect("ball 9");
        let balls = [(cue, [-0.6, 0.0]), (one, [0.3, 0.0]), (nine, [0.9, 0.35])];
        let strike = Strike { speed_mps: 2.5, phi_rad: 0.0, theta_rad: 0.0, a: 0.0, b: 0.0 };
        let players = [PlayerInfo::human("A"), PlayerInfo::human("B")];
        one_shot_record(settings, players, &state, &balls, Call::default(), strike)
    }

    #[test]
    fn a_shot_that_plays_differently_from_its_record_is_flagged() {
        assert_eq!(viewer().differs, None, "this version's own record plays the same");
        let field = nudged_viewer().differs.expect("flagged");
        assert!(field.starts_with(".final"), "{field}");
    }

    #[test]
    fn plays_steps_and_seeks_back_to_the_same_positions() {
        let mut v = viewer();
        assert!(v.end_s > 0.5, "the shot lasts ({} s)", v.end_s);
        let first = v.marks.first().copied().expect("marks");
        assert!(matches!(first.kind, MarkKind::FirstContact(b) if b.number() == 1), "{first:?}");
        assert!(v.marks.iter().any(|m| matches!(m.kind, MarkKind::Cushion(..))), "the 1 reaches a cushion");
        // Stepping stops at each mark in turn, paused.
        v.next_mark();
        assert!(v.paused && (v.t - first.t).abs() < 1e-12);
        assert_eq!(v.marks_shown().count(), 1);
        let at_contact = v.balls_now();
        // On to the end at a quarter speed, then back to the contact: the same balls there.
        v.toggle_rate();
        v.toggle_pause();
        for _ in 0..4000 {
            v.play(1.0 / 60.0);
        }
        assert!((v.t - v.end_s).abs() < 1e-12, "played to the end");
        v.previous_mark();
        while v.t > first.t + 1e-9 {
            v.previous_mark();
        }
        assert_eq!(v.balls_now(), at_contact);
        // At the end only lasting marks are labelled; a cushion's label has gone.
        v.seek(v.end_s);
        assert!(v.marks_shown().all(|m| m.kind.lasts() || v.end_s - m.t <= MARK_LINGER_S));
        assert!(v.marks_shown().any(|m| matches!(m.kind, MarkKind::FirstContact(_))));
        // The shot's ruling is judged again: the 1 was hit first, so no foul.
        assert!(!v.decision.foul, "{:?}", v.decision);
    }
}
