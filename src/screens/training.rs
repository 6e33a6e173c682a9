//! Rules training: the scripted scenarios of `biljardi-training` played with the real physics on
//! the table, a guided (overhead) camera, a pause at the key moment, then the referee's decision
//! with the rule's text. Quiz mode asks the player to predict the ruling first and keeps score.
//!
//! Keys: Left/Right game, Up/Down scenario, Enter play / next, Q quiz on or off, number keys
//! answer, Esc back to the menu.

use crate::game::bed::{Bed, BedClock, StrikeCue};
use crate::game::table::TableSpec;
use crate::shared::camera_mode::CameraMode;
use crate::shared::lang::Lang;
use crate::shared::screen::Screen;
use crate::view::camera::SnapCamera;
use bevy::prelude::*;
use biljardi_physics::{BallId, Params, Simulation};
use biljardi_rules::Game;
use biljardi_training::quiz::{self, Question, Score};
use biljardi_training::runner::{Replay, replay};
use biljardi_training::scenario::Scenario;

/// Seconds the key moment holds still.
const PAUSE_S: f32 = 2.5;

/// Where a scenario is in its telling.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// Choosing from the list.
    Browse,
    /// The narration before the shot; Enter plays it.
    Before,
    /// Balls rolling towards the key moment.
    Rolling,
    /// Held at the key moment for a while.
    Paused(f32),
    /// Rolling on to rest after the key moment.
    Finishing,
    /// Quiz: answering question `n`; `Some(choice)` once answered.
    Asking(usize, Option<usize>),
    /// The referee's decision and the narration after.
    Verdict,
}

/// The training's state.
#[derive(Resource, Clone, Debug)]
pub struct Training {
    pub game: Game,
    pub selected: usize,
    pub quiz: bool,
    pub score: Score,
    pub stage: Stage,
    pub scenario: Option<Scenario>,
    pub replay: Option<Replay>,
    pub questions: Vec<Question>,
}

impl Default for Training {
    fn default() -> Self {
        Training {
            game: Game::NineBall,
            selected: 0,
            quiz: false,
            score: Score::default(),
            stage: Stage::Browse,
            scenario: None,
            replay: None,
            questions: Vec::new(),
        }
    }
}

/// A scenario to open on entering the training (`--demo ID`).
#[derive(Resource, Clone, Debug)]
pub struct OpenDemo(pub String);

#[derive(Component)]
struct ListText;
#[derive(Component)]
struct StoryText;

pub fn plugin(app: &mut App) {
    app.init_resource::<Training>()
        .add_systems(OnEnter(Screen::Training), (enter, spawn_ui))
        .add_systems(OnExit(Screen::Training), leave)
        .add_systems(Update, (keys, run_stage, refresh).chain().run_if(in_state(Screen::Training)));
}

/// The scenarios of `game`, in the training's order.
pub fn of_game(game: Game) -> Vec<Scenario> {
    biljardi_training::scenarios().into_iter().filter(|s| s.game == game).collect()
}

fn enter(
    mut training: ResMut<Training>,
    mut mode: ResMut<CameraMode>,
    mut snap: ResMut<SnapCamera>,
    open: Option<Res<OpenDemo>>,
    mut spec: ResMut<TableSpec>,
    mut bed: ResMut<Bed>,
) {
    *mode = CameraMode::Overhead;
    snap.0 = true;
    training.stage = Stage::Browse;
    if let Some(open) = open
        && let Some(s) = biljardi_training::find(&open.0)
    {
        training.game = s.game;
        training.selected = of_game(s.game).iter().position(|x| x.id == s.id).unwrap_or(0);
        start(&mut training, s, &mut spec, &mut bed);
    }
}

fn leave(mut mode: ResMut<CameraMode>, mut clock: ResMut<BedClock>) {
    *mode = CameraMode::Aim;
    clock.paused = false;
}

fn start(training: &mut Training, s: Scenario, spec: &mut TableSpec, bed: &mut Bed) {
    let table = s.table();
    if spec.0 != table {
        spec.0 = table;
    }
    *bed = Bed::new(Simulation::new(table, Params::default(), s.balls()));
    training.replay = Some(replay(&s));
    training.scenario = Some(s);
    training.stage = Stage::Before;
}

fn spawn_ui(mut commands: Commands) {
    let panel = Color::srgba(0.02, 0.03, 0.03, 0.78);
    let font = |size: f32| TextFont { font_size: FontSize::Px(size), ..default() };
    commands.spawn((
        DespawnOnExit(Screen::Training),
        ListText,
        Text::new(""),
        font(16.0),
        TextColor(Color::srgb(0.93, 0.91, 0.84)),
        BackgroundColor(panel),
        Node {
            position_type: PositionType::Absolute,
            top: px(10.0),
            left: px(10.0),
            max_width: px(470.0),
            padding: UiRect::all(px(8.0)),
            ..default()
        },
    ));
    commands.spawn((
        DespawnOnExit(Screen::Training),
        StoryText,
        Text::new(""),
        font(17.0),
        TextColor(Color::srgb(0.95, 0.93, 0.86)),
        BackgroundColor(panel),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(10.0),
            left: px(10.0),
            right: px(10.0),
            padding: UiRect::all(px(10.0)),
            ..default()
        },
    ));
}

fn digit(keys: &ButtonInput<KeyCode>) -> Option<usize> {
    let d = [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3, KeyCode::Digit4, KeyCode::Digit5, KeyCode::Digit6];
    d.iter().position(|k| keys.just_pressed(*k))
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    lang: Res<Lang>,
    mut training: ResMut<Training>,
    mut spec: ResMut<TableSpec>,
    mut bed: ResMut<Bed>,
) {
    let list = of_game(training.game);
    if keys.just_pressed(KeyCode::KeyQ) {
        training.quiz = !training.quiz;
    }
    match training.stage.clone() {
        Stage::Browse => {
            if keys.just_pressed(KeyCode::ArrowRight) || keys.just_pressed(KeyCode::ArrowLeft) {
                let step = if keys.just_pressed(KeyCode::ArrowRight) { 1 } else { -1 };
                training.game = crate::shared::settings::cycle(&Game::ALL, training.game, step);
                training.selected = 0;
            }
            let n = list.len().max(1);
            if keys.just_pressed(KeyCode::ArrowDown) {
                training.selected = (training.selected + 1) % n;
            }
            if keys.just_pressed(KeyCode::ArrowUp) {
                training.selected = (training.selected + n - 1) % n;
            }
            if keys.just_pressed(KeyCode::Enter)
                && let Some(s) = list.get(training.selected).cloned()
            {
                start(&mut training, s, &mut spec, &mut bed);
            }
        }
        Stage::Asking(i, None) => {
            if let Some(choice) = digit(&keys)
                && let Some(q) = training.questions.get(i).cloned()
                && choice < q.choices.len()
            {
                training.score.answer(&q, choice);
                training.stage = Stage::Asking(i, Some(choice));
            }
        }
        Stage::Asking(i, Some(_)) if keys.just_pressed(KeyCode::Enter) => {
            training.stage = if i + 1 < training.questions.len() { Stage::Asking(i + 1, None) } else { Stage::Verdict };
        }
        Stage::Verdict if keys.just_pressed(KeyCode::Enter) => {
            // On to the next scenario of the game.
            training.selected = (training.selected + 1) % list.len().max(1);
            training.stage = Stage::Browse;
        }
        Stage::Verdict if keys.just_pressed(KeyCode::Backspace) => training.stage = Stage::Browse,
        _ => {}
    }
    let _ = *lang;
}

fn run_stage(
    mut training: ResMut<Training>,
    keys: Res<ButtonInput<KeyCode>>,
    lang: Res<Lang>,
    time: Res<Time>,
    mut bed: ResMut<Bed>,
    mut clock: ResMut<BedClock>,
    mut strikes: MessageWriter<StrikeCue>,
    screenshot: Option<Res<crate::view::screenshot::ScreenshotRequest>>,
) {
    let Some(s) = training.scenario.clone() else { return };
    let key_t = training.replay.as_ref().map(|r| r.timeline.key).unwrap_or(0.0);
    match training.stage.clone() {
        // A screenshot plays on by itself; a person presses Enter when ready.
        Stage::Before
            if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space) || screenshot.is_some() =>
        {
            {
                if s.scripted_events {
                    // The physics cannot play this one (airborne, off the table, a double hit):
                    // the balls are shown where the script leaves them.
                    let finals: Vec<biljardi_physics::Ball> = training
                        .replay
                        .as_ref()
                        .map(|r| {
                            r.final_balls
                                .iter()
                                .filter_map(|f| match f.fate {
                                    biljardi_physics::BallFate::OnTable { pos } => {
                                        Some(biljardi_physics::Ball::at_rest(f.id, pos))
                                    }
                                    _ => None,
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    *bed = Bed::new(Simulation::new(s.table(), Params::default(), finals));
                    training.stage = Stage::Paused(PAUSE_S);
                } else {
                    strikes.write(StrikeCue { ball: BallId::CUE, strike: s.strike.to_strike() });
                    training.stage = Stage::Rolling;
                }
            }
        }
        Stage::Rolling if bed.sim.time() >= key_t || (!bed.shot_running && bed.sim.time() > 0.0) => {
            clock.paused = true;
            training.stage = Stage::Paused(PAUSE_S);
        }
        Stage::Paused(left) => {
            let left = left - time.delta_secs();
            if left <= 0.0 {
                clock.paused = false;
                training.stage = Stage::Finishing;
            } else {
                training.stage = Stage::Paused(left);
            }
        }
        Stage::Finishing if !bed.shot_running => {
            let l = if *lang == Lang::Fi { quiz::Lang::Fi } else { quiz::Lang::En };
            training.questions = if training.quiz { quiz::questions(&s, l) } else { Vec::new() };
            training.stage = if training.questions.is_empty() { Stage::Verdict } else { Stage::Asking(0, None) };
        }
        _ => {}
    }
}

fn key_caption(training: &Training, lang: Lang) -> String {
    let Some(s) = &training.scenario else { return String::new() };
    use biljardi_training::scenario::PauseAt;
    let what = match s.pause_at {
        PauseAt::FirstContact => lang.t("First contact", "Ensimmäinen osuma"),
        PauseAt::Rail => lang.t("The rail after contact", "Valliosuma osuman jälkeen"),
        PauseAt::Pocket => lang.t("Into the pocket", "Pussiin"),
        PauseAt::OffTable => lang.t("Off the table", "Pois pöydältä"),
        PauseAt::End => lang.t("All balls at rest", "Kaikki pallot pysähtyneet"),
    };
    let mut out = format!("|| {what}");
    if s.scripted_events {
        out.push_str(lang.t(
            "  (scripted: the physics does not model this motion yet, the balls show where it ends)",
            "  (käsikirjoitettu: fysiikka ei vielä mallinna tätä liikettä, pallot näkyvät lopputilanteessa)",
        ));
    }
    out
}

fn refresh(
    training: Res<Training>,
    lang: Res<Lang>,
    mut list_text: Query<&mut Text, (With<ListText>, Without<StoryText>)>,
    mut story: Query<&mut Text, (With<StoryText>, Without<ListText>)>,
) {
    let lang = *lang;
    let pick = |t: &biljardi_rules::Text| if lang == Lang::Fi { t.fi.clone() } else { t.en.clone() };
    if let Ok(mut t) = list_text.single_mut() {
        let mut out = format!(
            "{}: < {} >   {} {}\n",
            lang.t("Rules training", "Sääntökoulutus"),
            crate::shared::names::game_name(training.game, lang),
            lang.t("quiz (Q):", "tietovisa (Q):"),
            if training.quiz { format!("{}/{}", training.score.correct, training.score.asked) } else { "-".into() }
        );
        let mut group = String::new();
        for (i, s) in of_game(training.game).iter().enumerate() {
            if s.group != group {
                group = s.group.clone();
                out.push_str(&format!("  [{}]\n", group_title(&group, lang)));
            }
            let mark = if i == training.selected { ">" } else { " " };
            out.push_str(&format!("{mark} {} ({})\n", pick(&s.title), s.rules.join(", ")));
        }
        t.0 = out.trim_end().to_string();
    }
    let Ok(mut t) = story.single_mut() else { return };
    let Some(s) = &training.scenario else {
        t.0 = lang
            .t(
                "Up/Down choose a scenario, Left/Right the game, Enter to watch it, Q for the quiz, Esc menu.",
                "Ylös/Alas valitse tilanne, Vasen/Oikea peli, Enter katso, Q tietovisa, Esc valikko.",
            )
            .into();
        return;
    };
    t.0 = match &training.stage {
        Stage::Browse => lang
            .t(
                "Up/Down choose a scenario, Left/Right the game, Enter to watch it, Q for the quiz, Esc menu.",
                "Ylös/Alas valitse tilanne, Vasen/Oikea peli, Enter katso, Q tietovisa, Esc valikko.",
            )
            .into(),
        Stage::Before => format!(
            "{}\n\n{}  {}",
            pick(&s.title),
            pick(&s.narration.before),
            lang.t("Enter: play the shot.", "Enter: pelaa lyönti.")
        ),
        Stage::Rolling | Stage::Finishing => pick(&s.narration.before),
        Stage::Paused(_) => format!("{}\n{}", key_caption(&training, lang), pick(&s.narration.before)),
        Stage::Asking(i, answered) => match training.questions.get(*i) {
            Some(q) => {
                let mut out = format!("{}\n", q.prompt);
                for (k, c) in q.choices.iter().enumerate() {
                    out.push_str(&format!("  {}. {c}\n", k + 1));
                }
                if let Some(c) = answered {
                    let right = q.is_correct(*c);
                    out.push_str(&format!(
                        "{} {}  {}",
                        if right { lang.t("Right.", "Oikein.") } else { lang.t("Not quite.", "Ei aivan.") },
                        q.explanation,
                        lang.t("Enter: next.", "Enter: seuraava.")
                    ));
                } else {
                    out.push_str(lang.t("Answer with the number keys.", "Vastaa numeronäppäimillä."));
                }
                out
            }
            None => String::new(),
        },
        Stage::Verdict => {
            let decision = training
                .replay
                .as_ref()
                .map(|r| crate::view::hud::decision_text(&r.decision, lang))
                .unwrap_or_default();
            format!(
                "{}\n{}\n\n{}\n{}",
                lang.t("The referee:", "Tuomari:"),
                decision,
                pick(&s.narration.after),
                lang.t(
                    "Enter: next scenario.  Backspace: the list.",
                    "Enter: seuraava tilanne.  Askelpalautin: lista."
                )
            )
        }
    };
}

/// The heading of a scenario group (the `group` field of `assets/demos/*.json`) in the language.
pub fn group_title(group: &str, lang: Lang) -> String {
    match group_titles(group) {
        Some((en, fi)) => lang.t(en, fi).to_string(),
        None => group.replace('_', " "),
    }
}

/// The English and Finnish headings of the known groups.
fn group_titles(group: &str) -> Option<(&'static str, &'static str)> {
    Some(match group {
        "ball_in_hand" => ("ball in hand", "käsipallo"),
        "break" => ("the break", "aloituslyönti"),
        "calling" => ("calling the shot", "pussin ja pallon ilmoittaminen"),
        "fouls" => ("fouls", "virheet"),
        "game_ball" => ("the game ball", "voittopallo"),
        "general" => ("general rules", "yleiset säännöt"),
        "groups" => ("groups", "pallojen värit"),
        "jump" => ("jump shots", "hyppylyönnit"),
        "losing" => ("losing the rack", "pelin häviäminen"),
        "push_out" => ("push out", "push out -lyönti"),
        "racking" => ("reracking", "uudelleenladonta"),
        "safety" => ("safeties", "turvalyönnit"),
        "scoring" => ("scoring", "pisteiden lasku"),
        _ => return None,
    })
}

#[cfg(test)]
mod group_title_tests {
    use super::*;

    #[test]
    fn every_scenario_group_has_a_title_in_both_languages() {
        for s in biljardi_training::scenarios() {
            let titles = group_titles(&s.group);
            assert!(titles.is_some_and(|(en, fi)| en != fi), "{}: group {} has no titles", s.id, s.group);
        }
    }
}
