//! The title menu: game, mode, AI level, race length, table size, language, the aiming aid, who
//! breaks first (the lag or player 1), the order of later breaks (R15) and the graphics preset;
//! Start, Training, Quit. Mouse (click a value to change it) or keyboard (Up/Down to pick a row,
//! Left/Right to change it, Enter to start). Every change is saved at once.

use crate::game::autosave::{Autosave, MatchLog, ResumedMatch};
use crate::game::lag::FirstBreak;
use crate::game::rack::RackKind;
use crate::game::session::SessionRes;
use crate::game::session::{Mode, Session};
use crate::game::table::{StartingRack, TableSpec};
use crate::shared::lang::Lang;
use crate::shared::screen::Screen;
use crate::shared::settings::{
    self, BREAK_ORDERS, FIRST_BREAKS, GAMES, GRAPHICS, LEVELS, MODES, POINTS, RACES, Settings, TABLES, cycle,
};
use crate::view::graphics::Graphics;
use bevy::prelude::*;
use biljardi_physics::Table;
use biljardi_record::{Lang as RecordLang, MatchRecord, store};
use biljardi_rules::Game;
use biljardi_rules::match_play::BreakOrder;

/// The rows of the menu, top to bottom.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// "Continue match", shown when a saved match can be resumed.
    Continue,
    Game,
    Mode,
    Level,
    Race,
    Table,
    Language,
    AimAid,
    FirstBreak,
    BreakOrder,
    Graphics,
    Start,
    Training,
    Quit,
}

const ROWS: [Row; 14] = [
    Row::Continue,
    Row::Game,
    Row::Mode,
    Row::Level,
    Row::Race,
    Row::Table,
    Row::Language,
    Row::AimAid,
    Row::FirstBreak,
    Row::BreakOrder,
    Row::Graphics,
    Row::Start,
    Row::Training,
    Row::Quit,
];

/// The highlighted row.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selected(pub Row);

#[derive(Component)]
struct RowLabel(Row);

pub fn plugin(app: &mut App) {
    app.insert_resource(Selected(Row::Start))
        .add_systems(OnEnter(Screen::Title), (end_match, load_saved_match, spawn_menu).chain())
        .add_systems(Update, (menu_keys, menu_clicks, refresh_labels).chain().run_if(in_state(Screen::Title)))
        .add_systems(Update, back_to_menu.run_if(not(in_state(Screen::Title))))
        .add_systems(Update, apply_settings);
}

fn end_match(mut commands: Commands) {
    commands.remove_resource::<SessionRes>();
}

/// The saved match the title menu offers to continue, and what to tell about a damaged save.
#[derive(Resource, Clone, Debug, Default)]
pub struct SavedMatch {
    pub record: Option<MatchRecord>,
    /// The line for "Continue match" (game, score, date) in English and Finnish.
    pub summary: Option<[String; 2]>,
    /// A damaged or newer save was moved aside: what to say, in English and Finnish.
    pub notice: Option<[String; 2]>,
}

/// Reads the autosave each time the menu opens (a match just left is offered at once).
fn load_saved_match(mut commands: Commands, autosave: Option<Res<Autosave>>, mut selected: ResMut<Selected>) {
    if autosave.is_none() {
        return;
    }
    let outcome = store::load_autosave();
    let notice = match (outcome.message(RecordLang::En), outcome.message(RecordLang::Fi)) {
        (Some(en), Some(fi)) => Some([en, fi]),
        _ => None,
    };
    if let Some(n) = &notice {
        warn!("{}", n[0]);
    }
    let record = outcome.record().filter(|r| Session::resume(r).is_some()).cloned();
    let summary = record.as_ref().map(|r| {
        let s = r.summary();
        [s.text(RecordLang::En), s.text(RecordLang::Fi)]
    });
    // A match to continue is what Enter does first; without one, "Continue" is not there.
    if record.is_some() {
        selected.0 = Row::Continue;
    } else if selected.0 == Row::Continue {
        selected.0 = Row::Start;
    }
    commands.insert_resource(SavedMatch { record, summary, notice });
}

/// The rows the keys move through: "Continue match" only with a match to continue.
fn shown_rows(saved: Option<&SavedMatch>) -> Vec<Row> {
    let can_continue = saved.is_some_and(|s| s.record.is_some());
    ROWS.into_iter().filter(|r| *r != Row::Continue || can_continue).collect()
}

/// The session the settings ask for.
pub fn session_from(settings: &Settings) -> Session {
    let table = Table::preset(settings.table_size());
    let mode = Mode::from_setting(&settings.mode, settings.level());
    let order = if settings.break_order == "winner" { BreakOrder::WinnerBreaks } else { BreakOrder::Alternating };
    let first = FirstBreak::from_setting(&settings.first_break);
    Session::start(settings.game(), table, mode, settings.target(), first, order)
}

fn spawn_menu(mut commands: Commands, saved: Option<Res<SavedMatch>>) {
    let rows = shown_rows(saved.as_deref());
    commands
        .spawn((
            DespawnOnExit(Screen::Title),
            Name::new("title menu"),
            Node {
                width: percent(100.0),
                height: percent(100.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
        ))
        .with_children(|root| {
            root.spawn((
                BackgroundColor(Color::srgba(0.02, 0.04, 0.03, 0.82)),
                Node {
                    flex_direction: FlexDirection::Column,
                    padding: UiRect::all(px(22.0)),
                    row_gap: px(6.0),
                    min_width: px(460.0),
                    ..default()
                },
            ))
            .with_children(|panel| {
                panel.spawn((
                    Text::new("Biljardi"),
                    TextFont { font_size: FontSize::Px(46.0), ..default() },
                    TextColor(Color::srgb(0.95, 0.86, 0.55)),
                ));
                panel.spawn((
                    RowLabel(Row::Quit),
                    Name::new("subtitle"),
                    Text::new(""),
                    TextFont { font_size: FontSize::Px(15.0), ..default() },
                    TextColor(Color::srgb(0.7, 0.75, 0.7)),
                    Node { margin: UiRect::bottom(px(10.0)), ..default() },
                    Subtitle,
                ));
                for row in rows {
                    panel
                        .spawn((
                            row,
                            Button,
                            BackgroundColor(Color::NONE),
                            Node { padding: UiRect::axes(px(10.0), px(5.0)), ..default() },
                        ))
                        .with_children(|b| {
                            b.spawn((
                                RowLabel(row),
                                Text::new(""),
                                TextFont { font_size: FontSize::Px(21.0), ..default() },
                                TextColor(Color::srgb(0.93, 0.91, 0.84)),
                            ));
                        });
                }
            });
        });
}

#[derive(Component)]
struct Subtitle;

fn on_off(v: bool, lang: Lang) -> &'static str {
    if v { lang.t("on", "päällä") } else { lang.t("off", "pois") }
}

/// The text of a row in the menu.
pub fn row_text(row: Row, s: &Settings, lang: Lang) -> String {
    match row {
        Row::Game => format!("{}: < {} >", lang.t("Game", "Peli"), crate::shared::names::game_name(s.game(), lang)),
        Row::Mode => {
            let m = match s.mode.as_str() {
                "hotseat" => lang.t("two players (hotseat)", "kaksi pelaajaa (vuorotellen)"),
                "ai" => lang.t("against the computer", "tietokonetta vastaan"),
                _ => lang.t("practice alone", "harjoittelu yksin"),
            };
            format!("{}: < {m} >", lang.t("Mode", "Tila"))
        }
        Row::Level => {
            format!(
                "{}: < {} >",
                lang.t("Computer level", "Tietokoneen taso"),
                crate::shared::names::level_name(s.level(), lang)
            )
        }
        Row::Race => {
            if s.game() == Game::StraightPool {
                format!("{}: < {} >", lang.t("Points to win", "Voittoon pisteitä"), s.points_to)
            } else {
                format!("{}: < {} >", lang.t("Racks to win", "Voittoon eriä"), s.race_to)
            }
        }
        Row::Table => format!("{}: < {} >", lang.t("Table", "Pöytä"), s.table),
        Row::Language => format!("{}: < {} >", lang.t("Language", "Kieli"), lang.t("English", "suomi")),
        Row::AimAid => format!("{}: < {} >", lang.t("Aiming aid", "Tähtäysapu"), on_off(s.aim_aid, lang)),
        Row::FirstBreak => {
            let v = if s.first_break == "player1" {
                lang.t("player 1", "pelaaja 1")
            } else {
                lang.t("the lag (1.2)", "teikkaus (1.2)")
            };
            format!("{}: < {v} >", lang.t("First break", "Ensimmäinen aloitus"))
        }
        Row::BreakOrder => {
            let v = if s.break_order == "winner" {
                lang.t("winner breaks", "voittaja aloittaa")
            } else {
                lang.t("alternating", "vuorotellen")
            };
            format!("{}: < {v} >", lang.t("Later breaks (R15)", "Seuraavat aloitukset (S15)"))
        }
        Row::Graphics => {
            let v = match s.graphics.as_str() {
                "low" => lang.t("low", "matala"),
                "medium" => lang.t("medium", "keskitaso"),
                "high" => lang.t("high", "korkea"),
                _ => lang.t("auto", "automaattinen"),
            };
            format!("{}: < {v} >", lang.t("Graphics", "Grafiikka"))
        }
        Row::Continue => lang.t("Continue match", "Jatka ottelua").into(),
        Row::Start => lang.t("Start", "Aloita").into(),
        Row::Training => lang.t("Rules training", "Sääntökoulutus").into(),
        Row::Quit => lang.t("Quit", "Lopeta").into(),
    }
}

/// What `auto` chose and why, after the graphics row.
fn graphics_note(graphics: Option<&Graphics>, lang: Lang) -> String {
    match graphics {
        Some(g) if g.auto_low() => format!(
            "  {} ({})",
            lang.t("low: software renderer", "matala: ohjelmistorenderöinti"),
            g.adapter.as_ref().map_or("", |a| a.name.as_str())
        ),
        Some(g) if g.choice.is_none() && g.adapter.is_some() => format!("  {}", lang.t("high", "korkea")),
        _ => String::new(),
    }
}

/// Changes a setting row by one step.
pub fn change(row: Row, s: &mut Settings, step: i32) {
    match row {
        Row::Game => s.game = cycle(&GAMES, s.game.as_str(), step).to_string(),
        Row::Mode => s.mode = cycle(&MODES, s.mode.as_str(), step).to_string(),
        Row::Level => s.ai_level = cycle(&LEVELS, s.ai_level.as_str(), step).to_string(),
        Row::Race if s.game() == Game::StraightPool => s.points_to = cycle(&POINTS, s.points_to, step),
        Row::Race => s.race_to = cycle(&RACES, s.race_to, step),
        Row::Table => s.table = cycle(&TABLES, s.table.as_str(), step).to_string(),
        Row::Language => s.lang = if s.lang == "fi" { "en".into() } else { "fi".into() },
        Row::AimAid => s.aim_aid = !s.aim_aid,
        Row::FirstBreak => s.first_break = cycle(&FIRST_BREAKS, s.first_break.as_str(), step).to_string(),
        Row::BreakOrder => s.break_order = cycle(&BREAK_ORDERS, s.break_order.as_str(), step).to_string(),
        Row::Graphics => s.graphics = cycle(&GRAPHICS, s.graphics.as_str(), step).to_string(),
        _ => {}
    }
}

fn activate(
    row: Row,
    settings: &mut Settings,
    saved: Option<&SavedMatch>,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
    exit: &mut MessageWriter<AppExit>,
) {
    match row {
        Row::Continue => {
            let Some(record) = saved.and_then(|s| s.record.clone()) else { return };
            if let Some(session) = Session::resume(&record) {
                commands.insert_resource(SessionRes(session));
                commands.insert_resource(MatchLog { record });
                commands.insert_resource(ResumedMatch);
                next.set(Screen::Playing);
            }
        }
        Row::Start => {
            commands.insert_resource(SessionRes(session_from(settings)));
            next.set(Screen::Playing);
        }
        Row::Training => next.set(Screen::Training),
        Row::Quit => {
            exit.write(AppExit::Success);
        }
        other => change(other, settings, 1),
    }
}

fn menu_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut selected: ResMut<Selected>,
    mut settings: ResMut<Settings>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    saved: Option<Res<SavedMatch>>,
) {
    let rows = shown_rows(saved.as_deref());
    let i = rows.iter().position(|r| *r == selected.0).unwrap_or(0) as i32;
    if keys.just_pressed(KeyCode::ArrowDown) {
        selected.0 = rows[((i + 1).rem_euclid(rows.len() as i32)) as usize];
    }
    if keys.just_pressed(KeyCode::ArrowUp) {
        selected.0 = rows[((i - 1).rem_euclid(rows.len() as i32)) as usize];
    }
    if keys.just_pressed(KeyCode::ArrowRight) {
        change(selected.0, &mut settings, 1);
    }
    if keys.just_pressed(KeyCode::ArrowLeft) {
        change(selected.0, &mut settings, -1);
    }
    if keys.just_pressed(KeyCode::Enter) {
        let row = if matches!(selected.0, Row::Training | Row::Quit | Row::Continue) { selected.0 } else { Row::Start };
        activate(row, &mut settings, saved.as_deref(), &mut commands, &mut next, &mut exit);
    }
}

fn menu_clicks(
    rows: Query<(&Interaction, &Row), Changed<Interaction>>,
    mut selected: ResMut<Selected>,
    mut settings: ResMut<Settings>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    saved: Option<Res<SavedMatch>>,
    mut moved: MessageReader<bevy::window::CursorMoved>,
    mut pointer_moved: Local<bool>,
) {
    // A pointer that has not moved since the window opened selects nothing by hovering: the
    // window opens under wherever it rests, and Enter must do what the highlight says.
    *pointer_moved |= moved.read().count() > 0;
    for (interaction, row) in &rows {
        if *interaction == Interaction::Hovered && !*pointer_moved {
            continue;
        }
        match interaction {
            Interaction::Pressed => {
                selected.0 = *row;
                activate(*row, &mut settings, saved.as_deref(), &mut commands, &mut next, &mut exit);
            }
            Interaction::Hovered => selected.0 = *row,
            Interaction::None => {}
        }
    }
}

fn refresh_labels(
    settings: Res<Settings>,
    selected: Res<Selected>,
    lang: Res<Lang>,
    graphics: Option<Res<Graphics>>,
    saved: Option<Res<SavedMatch>>,
    mut labels: Query<(&RowLabel, &mut Text, Option<&Subtitle>)>,
    mut buttons: Query<(&Row, &mut BackgroundColor)>,
) {
    for (label, mut text, subtitle) in &mut labels {
        let pick = |two: &[String; 2]| if *lang == Lang::Fi { two[1].clone() } else { two[0].clone() };
        text.0 = if subtitle.is_some()
            && let Some(notice) = saved.as_ref().and_then(|s| s.notice.as_ref())
        {
            pick(notice)
        } else if label.0 == Row::Continue
            && let Some(summary) = saved.as_ref().and_then(|s| s.summary.as_ref())
        {
            format!("{}: {}", row_text(Row::Continue, &settings, *lang), pick(summary))
        } else if subtitle.is_some() {
            lang.t(
                "Pool by the rules of the Finnish Billiards Association (WPA)",
                "Poolia Suomen Biljardiliiton (WPA) sääntöjen mukaan",
            )
            .into()
        } else if label.0 == Row::Graphics {
            row_text(label.0, &settings, *lang) + &graphics_note(graphics.as_deref(), *lang)
        } else {
            row_text(label.0, &settings, *lang)
        };
    }
    for (row, mut bg) in &mut buttons {
        bg.0 = if *row == selected.0 { Color::srgba(0.2, 0.45, 0.3, 0.9) } else { Color::NONE };
    }
}

/// Esc leaves a match or the training for the menu.
fn back_to_menu(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Title);
    }
}

/// Settings changed: save them and let the table, the rack and the language follow.
fn apply_settings(
    settings: Res<Settings>,
    mut lang: ResMut<Lang>,
    mut spec: ResMut<TableSpec>,
    mut rack: ResMut<StartingRack>,
    save_enabled: Option<Res<SaveSettings>>,
) {
    if !settings.is_changed() || settings.is_added() {
        return;
    }
    lang.set_if_neq(settings.lang());
    let table = Table::preset(settings.table_size());
    if spec.0 != table {
        spec.0 = table;
    }
    rack.set_if_neq(StartingRack(RackKind::from_game(settings.game())));
    if save_enabled.is_some_and(|s| s.0)
        && let Err(e) = settings::save(&settings)
    {
        warn!("could not save the settings: {e}");
    }
}

/// Whether menu changes are written to the config folder (off for screenshots and tests).
#[derive(Resource, Clone, Copy, Debug)]
pub struct SaveSettings(pub bool);
