//! Text over the table: both players (name, racks or points, group, fouls standing), whose turn,
//! the balls left, the referee's last decision with its rule numbers, what to do now, the stroke
//! (tip offset, elevation, power), the referee's options as buttons, and the rack and match ends.

use crate::game::ai_turn::AiTurn;
use crate::game::rack::RackKind;
use crate::game::session::SessionRes;
use crate::game::session::{Mode, Phase, Refusal, Seat, Session};
use crate::game::turn::{PlayerCommand, Refused};
use crate::input::aim::{Aim, CallChoice, POWER_MARKS};
use crate::input::coach::Coach;
use crate::shared::lang::Lang;
use crate::shared::names::{game_name, level_name};
use crate::shared::screen::Screen;
use crate::shared::settings::Settings;
use crate::view::lag_text::{break_text, lag_banner, lag_hint};
use bevy::prelude::*;
use biljardi_ai::coach::Advice;
use biljardi_rules::{BallInHand, Call, Decision, Game, GameOption, Group};

pub fn plugin(app: &mut App) {
    app.init_resource::<Lang>().init_resource::<Notice>().add_systems(OnEnter(Screen::Playing), spawn_hud).add_systems(
        Update,
        (collect_notices, update_texts, update_stroke_panel, rebuild_options, option_buttons)
            .chain()
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<SessionRes>)),
    );
}

/// The game's name in English and Finnish.
pub fn game_title(rack: RackKind, lang: Lang) -> &'static str {
    game_name(rack.game(), lang)
}

/// A short message for a refused command, shown for a few seconds.
#[derive(Resource, Default, Debug)]
pub struct Notice {
    pub text: String,
    pub seconds_left: f32,
}

#[derive(Component)]
struct ScoreText;
#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct BannerText;
#[derive(Component)]
struct HintText;
#[derive(Component)]
struct StrokeText;
#[derive(Component)]
struct TipDot;
#[derive(Component)]
struct PowerFill;
/// The marks' names under the power bar, placed at their speeds.
#[derive(Component)]
struct PowerScaleText;
#[derive(Component)]
struct OptionsPanel;
#[derive(Component)]
struct OptionButton(GameOption);
#[derive(Component)]
struct NextRackButton;

pub const PANEL: Color = Color::srgba(0.02, 0.03, 0.03, 0.72);
const INK: Color = Color::srgb(0.93, 0.91, 0.84);
const TIP_WIDGET_PX: f32 = 84.0;

pub fn text(s: &str, size: f32) -> (Text, TextFont, TextColor) {
    (Text::new(s), TextFont { font_size: FontSize::Px(size), ..default() }, TextColor(INK))
}

fn spawn_hud(mut commands: Commands) {
    let screen = DespawnOnExit(Screen::Playing);
    commands.spawn((
        screen.clone(),
        ScoreText,
        text("", 19.0),
        BackgroundColor(PANEL),
        Node {
            position_type: PositionType::Absolute,
            top: px(10.0),
            left: px(10.0),
            padding: UiRect::all(px(8.0)),
            ..default()
        },
    ));
    commands.spawn((
        screen.clone(),
        StatusText,
        text("", 17.0),
        BackgroundColor(PANEL),
        Node {
            position_type: PositionType::Absolute,
            top: px(10.0),
            right: px(10.0),
            padding: UiRect::all(px(8.0)),
            max_width: px(420.0),
            ..default()
        },
    ));
    commands.spawn((
        screen.clone(),
        BannerText,
        text("", 17.0),
        BackgroundColor(PANEL),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(86.0),
            left: px(10.0),
            right: px(230.0),
            padding: UiRect::all(px(8.0)),
            ..default()
        },
    ));
    commands.spawn((
        screen.clone(),
        HintText,
        text("", 15.0),
        BackgroundColor(PANEL),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(10.0),
            left: px(10.0),
            right: px(230.0),
            padding: UiRect::all(px(6.0)),
            ..default()
        },
    ));
    // The stroke: the cue ball seen from behind with the tip's spot, elevation, power bar.
    commands
        .spawn((
            screen.clone(),
            BackgroundColor(PANEL),
            Node {
                position_type: PositionType::Absolute,
                bottom: px(10.0),
                right: px(10.0),
                width: px(210.0),
                padding: UiRect::all(px(8.0)),
                flex_direction: FlexDirection::Column,
                row_gap: px(6.0),
                align_items: AlignItems::Center,
                ..default()
            },
        ))
        .with_children(|p| {
            p.spawn((
                BackgroundColor(Color::srgb(0.96, 0.95, 0.9)),
                Node {
                    width: px(TIP_WIDGET_PX),
                    height: px(TIP_WIDGET_PX),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
            ))
            .with_children(|ball| {
                ball.spawn((
                    TipDot,
                    BackgroundColor(Color::srgb(0.15, 0.3, 0.85)),
                    Node {
                        position_type: PositionType::Absolute,
                        width: px(12.0),
                        height: px(12.0),
                        left: px(TIP_WIDGET_PX / 2.0 - 6.0),
                        top: px(TIP_WIDGET_PX / 2.0 - 6.0),
                        border_radius: BorderRadius::MAX,
                        ..default()
                    },
                ));
            });
            p.spawn((StrokeText, text("", 14.0)));
            p.spawn((
                BackgroundColor(Color::srgb(0.2, 0.2, 0.2)),
                Node { width: px(190.0), height: px(12.0), ..default() },
            ))
            .with_children(|bar| {
                bar.spawn((
                    PowerFill,
                    BackgroundColor(Color::srgb(0.95, 0.55, 0.15)),
                    Node { width: percent(30.0), height: percent(100.0), ..default() },
                ));
                // The soft / medium / hard marks of the scale.
                for (v, _, _) in POWER_MARKS {
                    bar.spawn((
                        BackgroundColor(Color::srgb(0.95, 0.95, 0.95)),
                        Node {
                            position_type: PositionType::Absolute,
                            left: percent(Aim::power_for_speed(v) as f32 * 100.0),
                            width: px(2.0),
                            height: percent(100.0),
                            ..default()
                        },
                    ));
                }
            });
            p.spawn((PowerScaleText, text("", 12.0), Node { width: px(190.0), height: px(16.0), ..default() }));
        });
    commands.spawn((
        screen,
        OptionsPanel,
        BackgroundColor(PANEL),
        Visibility::Hidden,
        Node {
            position_type: PositionType::Absolute,
            top: percent(24.0),
            left: percent(25.0),
            right: percent(25.0),
            padding: UiRect::all(px(12.0)),
            flex_direction: FlexDirection::Column,
            row_gap: px(8.0),
            ..default()
        },
    ));
}

fn collect_notices(mut refused: MessageReader<Refused>, mut notice: ResMut<Notice>, lang: Res<Lang>, time: Res<Time>) {
    for r in refused.read() {
        notice.text = refusal_text(&r.0, *lang).to_string();
        notice.seconds_left = 3.0;
    }
    notice.seconds_left -= time.delta_secs();
}

pub fn refusal_text(r: &Refusal, lang: Lang) -> &'static str {
    match r {
        Refusal::NotNow => lang.t("Not now.", "Ei nyt."),
        Refusal::IllegalPlacement => {
            lang.t("The cue ball cannot go there (1.5).", "Lyöntipalloa ei voi asettaa siihen (1.5).")
        }
        Refusal::NotOffered => lang.t("That choice is not offered.", "Sitä vaihtoehtoa ei ole tarjolla."),
        Refusal::NothingToUndo => lang.t("Nothing to take back.", "Ei mitään peruttavaa."),
    }
}

fn group_name(g: Group, lang: Lang) -> &'static str {
    match g {
        Group::Solids => lang.t("solids (1-7)", "täydet (1-7)"),
        Group::Stripes => lang.t("stripes (9-15)", "raidalliset (9-15)"),
    }
}

pub fn player_name(session: &Session, settings: &Settings, p: usize, lang: Lang) -> String {
    match session.seats[p] {
        Seat::Ai(level) => format!("{} ({})", lang.t("Computer", "Tietokone"), level_name(level, lang)),
        Seat::Human if session.mode == Mode::Practice => {
            format!("{} {}", lang.t("Practice", "Harjoitus"), if p == 0 { "A" } else { "B" })
        }
        Seat::Human => settings.names[p].clone(),
    }
}

/// The scoreboard: one line per player.
pub fn score_lines(session: &Session, settings: &Settings, lang: Lang) -> String {
    let s = session;
    let target = s.match_.settings.race_to;
    let mut out = format!(
        "{}  -  {} {}\n",
        game_name(s.game, lang),
        if s.game == Game::StraightPool { lang.t("to", "tavoite") } else { lang.t("race to", "voittoon") },
        target
    );
    for p in 0..2 {
        let turn = if s.to_act() as usize == p && !matches!(s.phase, Phase::MatchOver { .. }) { "> " } else { "   " };
        let score = if s.game == Game::StraightPool {
            format!("{} {}", s.state.score[p], lang.t("pts", "p"))
        } else {
            format!("{} {}", s.match_.racks_won[p], lang.t("racks", "erää"))
        };
        let mut line = format!("{turn}{}   {score}", player_name(s, settings, p, lang));
        if let Some(g) = s.state.groups[p] {
            line.push_str(&format!("   {}", group_name(g, lang)));
        }
        let fouls = s.state.fouls[p];
        if fouls > 0 && s.game.three_foul_rule() {
            line.push_str(&format!("   {}: {fouls}", lang.t("fouls", "virheet")));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.trim_end().to_string()
}

/// The decision as a banner: the explanation, each foul with its rule, the rules applied.
pub fn decision_text(d: &Decision, lang: Lang) -> String {
    let pick = |t: &biljardi_rules::Text| if lang == Lang::Fi { t.fi.clone() } else { t.en.clone() };
    let mut out = String::new();
    if d.foul {
        out.push_str(lang.t("FOUL. ", "VIRHE. "));
    }
    out.push_str(&pick(&d.explanation));
    for f in &d.fouls {
        let clause = f.clause.map(|c| format!(" {c}")).unwrap_or_default();
        let title = crate::shared::rule_text::title(f.rule, lang).map(|t| format!(" {t}:")).unwrap_or_default();
        out.push_str(&format!("\n[{}{clause}]{title} {}", f.rule, lang.t(f.en, f.fi)));
    }
    if let Some(w) = &d.warning {
        out.push_str(&format!("\n{}", pick(w)));
    }
    if !d.rules.is_empty() {
        let cited: Vec<String> = d
            .rules
            .iter()
            .map(|r| match crate::shared::rule_text::title(r, lang) {
                Some(t) => format!("{r} {t}"),
                None => r.to_string(),
            })
            .collect();
        out.push_str(&format!("\n{} {}", lang.t("Rules:", "Säännöt:"), cited.join("; ")));
    }
    out
}

/// The coach's advice: its sentence and the chances it measured.
pub fn coach_text(a: &Advice, lang: Lang) -> String {
    let sentence = if lang == Lang::Fi { &a.sentence_fi } else { &a.sentence_en };
    let pct = |x: f64| format!("{:.0} %", 100.0 * x);
    let mut out = format!("{} {sentence}", lang.t("Coach:", "Valmentaja:"));
    if let Some(c) = &a.chances {
        out.push_str(&format!("\n{} {}", lang.t("success", "onnistuu"), pct(c.success)));
        if let Some(p) = c.position {
            out.push_str(&format!(", {} {}", lang.t("next shot", "seuraava lyönti"), pct(p)));
        }
        if let Some(o) = c.opponent {
            out.push_str(&format!(", {} {}", lang.t("opponent's best", "vastustajan paras"), pct(o)));
        }
        out.push_str(&format!(", {} {}", lang.t("foul", "virhe"), pct(c.foul)));
    }
    out.push_str(lang.t("  (the aim is set: strike it or change it)", "  (tähtäys asetettu: lyö tai muuta)"));
    out
}

/// The computer's own decision, said the way the coach says it.
pub fn computer_says(a: &Advice, lang: Lang) -> String {
    let sentence = if lang == Lang::Fi { &a.sentence_fi } else { &a.sentence_en };
    let mut out = format!("{} {sentence}", lang.t("Computer:", "Tietokone:"));
    if let Some(c) = &a.chances {
        out.push_str(&format!(
            "\n{} {:.0} %, {} {:.0} %",
            lang.t("success", "onnistuu"),
            100.0 * c.success,
            lang.t("foul", "virhe"),
            100.0 * c.foul
        ));
    }
    out
}

/// What the player to act should do now.
pub fn hint(session: &Session, aim: &Aim, thinking: bool, lang: Lang) -> String {
    if let Seat::Ai(_) = session.seat_to_act()
        && !matches!(session.phase, Phase::Shooting | Phase::RackOver { .. } | Phase::MatchOver { .. })
    {
        return if thinking {
            lang.t("The computer is thinking...", "Tietokone miettii...").into()
        } else {
            lang.t("The computer aims.", "Tietokone tähtää.").into()
        };
    }
    let practice = session.mode == Mode::Practice;
    let extra = if practice {
        lang.t("  M move balls, Backspace undo, R replay.", "  M siirrä palloja, Askelpalautin peru, R uusinta.")
    } else {
        ""
    };
    match &session.phase {
        Phase::PlaceCue { zone } => {
            let where_ = if *zone == BallInHand::BehindHeadString {
                lang.t("behind the head string", "aloituslinjan taakse")
            } else {
                lang.t("anywhere on the table", "mihin tahansa pöydälle")
            };
            format!(
                "{} {where_}: {}",
                lang.t("Cue ball in hand", "Lyöntipallo kädessä"),
                lang.t(
                    "drag it with the left mouse button, Enter to place it (1.5).",
                    "vedä sitä vasemmalla hiiren napilla, Enter asettaa (1.5)."
                )
            )
        }
        Phase::Aim if aim.move_mode => {
            lang.t("Move balls: drag a ball with the left button. M to aim again.", "Siirrä palloja: vedä palloa vasemmalla napilla. M palaa tähtäämään.").into()
        }
        Phase::Aim => format!(
            "{}{extra}",
            lang.t(
                "Aim: right-drag or Left/Right (Shift fine). Up/Down elevation, IJKL tip, C centre. [ ] speed, Space tap (or hold) or left-drag back and push to shoot. Click ball then pocket to call, S safety, P push out. Tab camera, H aid, G coach, V watch shots again.",
                "Tähtää: oikea veto tai Vasen/Oikea (Shift tarkka). Ylös/Alas korotus, IJKL kärki, C keskelle. [ ] nopeus, välilyönti napautus (tai pito) tai vasen veto taakse ja työntö lyö. Klikkaa pallo ja pussi maalataksesi, S turvalyönti, P push out. Tab kamera, H apu, G valmentaja, V katso lyöntejä uudelleen."
            )
        ),
        Phase::Shooting => String::new(),
        Phase::Options => lang.t("Choose with the buttons or the number keys.", "Valitse napeilla tai numeronäppäimillä.").into(),
        Phase::RackOver { .. } => lang.t("Enter: next rack.  Esc: menu.", "Enter: seuraava erä.  Esc: valikko.").into(),
        Phase::MatchOver { .. } => lang.t("Esc: back to the menu.", "Esc: takaisin valikkoon.").into(),
        Phase::LagWon { .. } => lang.t("1: break.  2: let the other player break.", "1: aloitan itse.  2: toinen aloittaa.").into(),
    }
}

/// Balls left and what is called, top right.
pub fn status_text(session: &Session, aim: &Aim, implied: Call, lang: Lang) -> String {
    let mut out = String::new();
    let balls: Vec<String> = session.object_balls().iter().map(|b| b.number().to_string()).collect();
    match session.game {
        Game::NineBall | Game::TenBall => {
            if let Some(low) = session.lowest_ball() {
                out.push_str(&format!("{} {}\n", lang.t("Ball on:", "Vuorossa:"), low.number()));
            }
            out.push_str(&format!("{} {}", lang.t("On the table:", "Pöydällä:"), balls.join(" ")));
        }
        Game::StraightPool | Game::EightBall => {
            out.push_str(&format!("{} {}", lang.t("Balls on the table:", "Palloja pöydällä:"), balls.len()));
        }
    }
    if session.phase == Phase::Aim {
        let call = match aim.call {
            CallChoice::Safety => lang.t("safety", "turvalyönti").to_string(),
            CallChoice::PushOut => "push out".to_string(),
            CallChoice::Ball { ball, pocket } => call_text(Call::Ball { ball, pocket }, lang),
            CallChoice::Auto if session.calls_shots() => call_text(implied, lang),
            CallChoice::Auto => lang.t("none needed", "ei tarvita").to_string(),
        };
        out.push_str(&format!("\n{} {call}", lang.t("Call:", "Maalaus:")));
        if session.push_out_allowed() {
            out.push_str(lang.t("\nPush out allowed (P).", "\nPush out sallittu (P)."));
        }
    }
    out
}

fn call_text(call: Call, lang: Lang) -> String {
    match call {
        Call::Ball { ball, pocket } => {
            let p = pocket
                .map(|p| pocket_name(p, lang))
                .unwrap_or_else(|| lang.t("any pocket", "mikä tahansa pussi").into());
            format!("{} -> {p}", ball.number())
        }
        Call::Safety { .. } => lang.t("safety", "turvalyönti").into(),
        Call::PushOut { .. } => "push out".into(),
        Call::None => "-".into(),
    }
}

pub fn pocket_name(p: biljardi_physics::PocketId, lang: Lang) -> String {
    use biljardi_physics::PocketId::*;
    let (en, fi) = match p {
        HeadLeft => ("head left", "alapää vasen"),
        HeadRight => ("head right", "alapää oikea"),
        SideLeft => ("side left", "keski vasen"),
        SideRight => ("side right", "keski oikea"),
        FootLeft => ("foot left", "yläpää vasen"),
        FootRight => ("foot right", "yläpää oikea"),
    };
    lang.t(en, fi).to_string()
}

fn update_texts(
    session: Res<SessionRes>,
    settings: Res<Settings>,
    lang: Res<Lang>,
    aim: Res<Aim>,
    ai: Res<AiTurn>,
    notice: Res<Notice>,
    coach: Res<Coach>,
    prediction: Res<crate::input::prediction::AimPrediction>,
    mut q: ParamSet<(
        Query<&mut Text, With<ScoreText>>,
        Query<&mut Text, With<StatusText>>,
        Query<&mut Text, With<BannerText>>,
        Query<&mut Text, With<HintText>>,
    )>,
) {
    let lang = *lang;
    if let Ok(mut t) = q.p0().single_mut() {
        t.0 = score_lines(&session, &settings, lang);
    }
    if let Ok(mut t) = q.p1().single_mut() {
        t.0 = status_text(&session, &aim, prediction.0.implied_call(), lang);
    }
    if let Ok(mut t) = q.p2().single_mut() {
        let mut s = match &session.phase {
            Phase::RackOver { winner } | Phase::MatchOver { winner } => {
                let who = player_name(&session, &settings, *winner as usize, lang);
                let what = if matches!(session.phase, Phase::MatchOver { .. }) {
                    lang.t("wins the match!", "voittaa ottelun!")
                } else {
                    lang.t("wins the rack.", "voittaa erän.")
                };
                format!("{who} {what}\n")
            }
            _ => String::new(),
        };
        let names = [player_name(&session, &settings, 0, lang), player_name(&session, &settings, 1, lang)];
        let computer_acts = matches!(session.seat_to_act(), Seat::Ai(_))
            && !matches!(session.phase, Phase::Shooting | Phase::RackOver { .. } | Phase::MatchOver { .. });
        if let Some(advice) = coach.current(session.shots) {
            s = coach_text(advice, lang);
        } else if let Some(said) = ai.said(session.shots).filter(|_| computer_acts) {
            s = computer_says(said, lang);
        } else if coach.thinking() {
            s = lang.t("The coach is thinking...", "Valmentaja miettii...").into();
        } else if let Some(lag) = lag_banner(&session, &names, lang) {
            s = lag;
        } else if let Some(d) = session.last.as_ref() {
            s.push_str(&decision_text(d, lang));
        } else if s.is_empty() {
            s = break_text(&session, &names, lang);
        }
        t.0 = s;
    }
    if let Ok(mut t) = q.p3().single_mut() {
        let names = [player_name(&session, &settings, 0, lang), player_name(&session, &settings, 1, lang)];
        let lag = if session.seat_to_act() == Seat::Human { lag_hint(&session, &names, lang) } else { None };
        let mut s = lag.unwrap_or_else(|| hint(&session, &aim, ai.thinking(), lang));
        if notice.seconds_left > 0.0 {
            s = format!("{}  {s}", notice.text);
        }
        t.0 = s;
    }
}

fn update_stroke_panel(
    session: Res<SessionRes>,
    aim: Res<Aim>,
    lang: Res<Lang>,
    mut dot: Query<&mut Node, (With<TipDot>, Without<PowerFill>)>,
    mut fill: Query<&mut Node, (With<PowerFill>, Without<TipDot>)>,
    mut label: Query<&mut Text, (With<StrokeText>, Without<PowerScaleText>)>,
    mut scale: Query<&mut Text, (With<PowerScaleText>, Without<StrokeText>)>,
) {
    let half = TIP_WIDGET_PX / 2.0;
    if let Ok(mut n) = dot.single_mut() {
        n.left = px(half - 6.0 + aim.a as f32 * half);
        n.top = px(half - 6.0 - aim.b as f32 * half);
    }
    if let Ok(mut n) = fill.single_mut() {
        n.width = percent(aim.power as f32 * 100.0);
    }
    if let Ok(mut t) = label.single_mut() {
        let strike = aim.strike(&session, aim.power);
        let feel = POWER_MARKS
            .iter()
            .rev()
            .find(|m| strike.speed_mps >= m.0 - 1e-9)
            .map_or(lang.t("very soft", "hyvin pehmeä"), |m| lang.t(m.1, m.2));
        t.0 = format!(
            "{} {:.0} {}\n{} {:.2} m/s ({feel})",
            lang.t("elevation", "korotus"),
            strike.theta_rad.to_degrees(),
            lang.t("deg", "ast"),
            lang.t("speed", "nopeus"),
            strike.speed_mps
        );
    }
    if let Ok(mut t) = scale.single_mut() {
        // Monospaced font: each mark's name starts under its tick (190 px, about 26 columns).
        let mut line = vec![' '; 34];
        let mut free = 0;
        for (v, en, fi) in POWER_MARKS {
            // Under its tick, or one space after the name before it.
            let col = ((Aim::power_for_speed(v) * 26.0).round() as usize).max(free);
            free = col + lang.t(en, fi).chars().count() + 1;
            for (i, ch) in lang.t(en, fi).chars().enumerate() {
                if let Some(slot) = line.get_mut(col + i) {
                    *slot = ch;
                }
            }
        }
        t.0 = line.into_iter().collect::<String>().trim_end().to_string();
    }
}

fn option_label(o: GameOption, d: &Decision, lang: Lang) -> String {
    match d.option_details.iter().find(|x| x.option == o) {
        Some(x) => format!("{} ({})", lang.t(x.en, x.fi), x.rule),
        None => o.name().to_string(),
    }
}

fn rebuild_options(
    mut commands: Commands,
    session: Res<SessionRes>,
    settings: Res<Settings>,
    lang: Res<Lang>,
    panel: Query<(Entity, Option<&Children>), With<OptionsPanel>>,
    mut vis: Query<&mut Visibility, With<OptionsPanel>>,
    mut shown: Local<Option<(u32, bool)>>,
) {
    let human_options = session.phase == Phase::Options && session.seat_to_act() == Seat::Human;
    let over = matches!(session.phase, Phase::RackOver { .. });
    let key = (session.shots, human_options || over);
    if *shown == Some(key) && !session.is_changed() {
        return;
    }
    *shown = Some(key);
    let Ok((panel, children)) = panel.single() else { return };
    if let Some(children) = children {
        for c in children.iter() {
            commands.entity(c).despawn();
        }
    }
    if let Ok(mut v) = vis.single_mut() {
        *v = if key.1 { Visibility::Inherited } else { Visibility::Hidden };
    }
    if !key.1 {
        return;
    }
    let lang = *lang;
    commands.entity(panel).with_children(|p| {
        if over {
            p.spawn(text(lang.t("Rack over.", "Erä päättyi."), 20.0));
            button(p, NextRackButton, lang.t("Next rack (Enter)", "Seuraava erä (Enter)"));
            return;
        }
        let Some(d) = &session.last else { return };
        let who = player_name(&session, &settings, d.next_shooter as usize, lang);
        p.spawn(text(&format!("{who}: {}", lang.t("your choice", "valintasi")), 20.0));
        for (i, o) in d.options.iter().enumerate() {
            button(p, OptionButton(*o), &format!("{}. {}", i + 1, option_label(*o, d, lang)));
        }
    });
}

fn button(p: &mut ChildSpawnerCommands, marker: impl Component, label: &str) {
    p.spawn((
        marker,
        Button,
        BackgroundColor(Color::srgb(0.16, 0.32, 0.22)),
        Node { padding: UiRect::axes(px(10.0), px(6.0)), ..default() },
    ))
    .with_children(|b| {
        b.spawn(text(label, 17.0));
    });
}

fn option_buttons(
    options: Query<(&Interaction, &OptionButton), Changed<Interaction>>,
    next: Query<&Interaction, (Changed<Interaction>, With<NextRackButton>)>,
    mut out: MessageWriter<PlayerCommand>,
) {
    for (i, o) in &options {
        if *i == Interaction::Pressed {
            out.write(PlayerCommand::Choose(o.0));
        }
    }
    for i in &next {
        if *i == Interaction::Pressed {
            out.write(PlayerCommand::NextRack);
        }
    }
}
