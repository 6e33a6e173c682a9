//! What the shot viewer shows: a panel with the shot, its playback and the referee's ruling, and
//! labels on the table where its events happened (first contact, cushions by name, pockets,
//! balls leaving the table or jumping), each appearing as its moment is played.

use crate::game::session::SessionRes;
use crate::game::shot_viewer::{Mark, MarkKind, Rate, ShotViewer};
use crate::shared::camera_mode::MainCamera;
use crate::shared::frame::bed_point;
use crate::shared::lang::Lang;
use crate::shared::screen::Screen;
use crate::shared::settings::Settings;
use crate::view::hud::{PANEL, decision_text, player_name, pocket_name, text};
use bevy::prelude::*;
use biljardi_physics::{BALL_RADIUS_M, BallId, RailId};

#[derive(Component)]
struct ViewerPanel;

#[derive(Component)]
struct ViewerLabel;

const LABEL_BACKGROUND: Color = Color::srgba(0.05, 0.05, 0.08, 0.8);

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (show_panel, place_labels).chain().run_if(in_state(Screen::Playing)));
}

fn show_panel(
    mut commands: Commands,
    viewer: Option<Res<ShotViewer>>,
    session: Option<Res<SessionRes>>,
    settings: Res<Settings>,
    lang: Res<Lang>,
    mut panel: Query<(Entity, &mut Text), With<ViewerPanel>>,
) {
    let (Some(viewer), Some(session)) = (viewer, session) else {
        for (e, _) in &panel {
            commands.entity(e).despawn();
        }
        return;
    };
    let shooter = player_name(&session, &settings, usize::from(viewer.shot().shooter), *lang);
    let s = panel_text(&viewer, &shooter, *lang);
    match panel.single_mut() {
        Ok((_, mut t)) => {
            if t.0 != s {
                t.0 = s;
            }
        }
        Err(_) => {
            commands.spawn((
                ViewerPanel,
                DespawnOnExit(Screen::Playing),
                text(&s, 16.0),
                BackgroundColor(PANEL),
                Node {
                    position_type: PositionType::Absolute,
                    top: px(112.0),
                    left: px(10.0),
                    max_width: px(780.0),
                    padding: UiRect::all(px(8.0)),
                    ..default()
                },
            ));
        }
    }
}

/// The panel: which shot, who played it, the playback, the ruling, the keys.
pub fn panel_text(viewer: &ShotViewer, shooter: &str, lang: Lang) -> String {
    let playback = if viewer.paused {
        lang.t("paused", "pysäytetty").to_string()
    } else if viewer.t >= viewer.end_s {
        lang.t("ended", "päättyi").to_string()
    } else {
        match viewer.rate {
            Rate::Full => "1x".to_string(),
            Rate::Quarter => "0.25x".to_string(),
        }
    };
    let head = format!(
        "{} {} / {}: {shooter}   {playback}   {:.2} s / {:.2} s",
        lang.t("Replay: shot", "Uusinta: lyönti"),
        viewer.index + 1,
        viewer.shot_count(),
        viewer.t,
        viewer.end_s
    );
    let keys = lang.t(
        "Left/Right shot, Space pause, S slow (1x / 0.25x), , . event by event, Home again, Tab camera, V close",
        "Vasen/Oikea lyönti, Väli tauko, S hidastus (1x / 0.25x), , . tapahtuma kerrallaan, Home alusta, Tab kamera, V sulje",
    );
    let ruling = decision_text(&viewer.decision, lang);
    match viewer.differs {
        Some(_) => format!("{head}\n{}\n{}\n{keys}", differs_text(lang), ruling.trim_end()),
        None => format!("{head}\n{}\n{keys}", ruling.trim_end()),
    }
}

/// Said when the shot played again is not the recorded one (`ShotViewer::differs`).
pub fn differs_text(lang: Lang) -> &'static str {
    lang.t(
        "This version's physics plays the shot differently from its record (made by an older version); shown and ruled as played now.",
        "Tämän version fysiikka pelaa lyönnin toisin kuin tallenne (tehty vanhemmalla versiolla); näytetään ja tuomitaan nyt pelattuna.",
    )
}

/// A mark's label, as a player would say it.
pub fn mark_text(mark: &Mark, lang: Lang) -> String {
    let ball = |b: BallId| {
        if b.is_cue() { lang.t("cue ball", "lyöntipallo").to_string() } else { b.to_string() }
    };
    match mark.kind {
        MarkKind::FirstContact(b) => format!("{} {}", lang.t("first contact:", "ensikosketus:"), ball(b)),
        MarkKind::Cushion(b, rail) => format!("{}: {}", ball(b), rail_name(rail, lang)),
        MarkKind::Pocketed(b, p) => format!("{} {} {}", ball(b), lang.t("in", "pussiin"), pocket_name(p, lang)),
        MarkKind::OffTable(b) => format!("{} {}", ball(b), lang.t("off the table", "pois pöydältä")),
        MarkKind::Airborne(b) => format!("{} {}", ball(b), lang.t("jumps", "hyppää")),
    }
}

/// A cushion by name: the head and foot rails, and the long rails' halves by side and end.
pub fn rail_name(rail: RailId, lang: Lang) -> &'static str {
    match rail {
        RailId::Head => lang.t("head cushion", "alapäädyn valli"),
        RailId::Foot => lang.t("foot cushion", "yläpäädyn valli"),
        RailId::LeftHead => lang.t("left cushion, head half", "vasen valli, alapää"),
        RailId::LeftFoot => lang.t("left cushion, foot half", "vasen valli, yläpää"),
        RailId::RightHead => lang.t("right cushion, head half", "oikea valli, alapää"),
        RailId::RightFoot => lang.t("right cushion, foot half", "oikea valli, yläpää"),
    }
}

/// One label per mark played so far, at the mark's place on the screen.
fn place_labels(
    mut commands: Commands,
    viewer: Option<Res<ShotViewer>>,
    lang: Res<Lang>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut labels: Query<(Entity, &mut Text, &mut Node, &mut Visibility), With<ViewerLabel>>,
) {
    let Some(viewer) = viewer else {
        for (e, ..) in &labels {
            commands.entity(e).despawn();
        }
        return;
    };
    let Ok((camera, cam_t)) = camera.single() else { return };
    let mut shown: Vec<(String, Vec2)> = Vec::new();
    for mark in viewer.marks_shown() {
        let world = bed_point(mark.at, 2.5 * BALL_RADIUS_M);
        if let Ok(screen) = camera.world_to_viewport(cam_t, world) {
            shown.push((mark_text(mark, *lang), screen));
        }
    }
    let mut existing = labels.iter_mut();
    for (s, at) in &shown {
        // Up and right of the point, so the ball itself stays visible.
        let (left, top) = (px(at.x + 6.0), px(at.y - 24.0));
        match existing.next() {
            Some((_, mut t, mut node, mut vis)) => {
                if &t.0 != s {
                    t.0 = s.clone();
                }
                node.left = left;
                node.top = top;
                vis.set_if_neq(Visibility::Inherited);
            }
            None => {
                commands.spawn((
                    ViewerLabel,
                    DespawnOnExit(Screen::Playing),
                    text(s, 13.0),
                    BackgroundColor(LABEL_BACKGROUND),
                    Node {
                        position_type: PositionType::Absolute,
                        left,
                        top,
                        padding: UiRect::axes(px(4.0), px(1.0)),
                        ..default()
                    },
                ));
            }
        }
    }
    for (_, _, _, mut vis) in existing {
        vis.set_if_neq(Visibility::Hidden);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::shot_viewer::tests::nudged_viewer;

    #[test]
    fn the_panel_says_when_the_shot_is_not_the_recorded_one() {
        let v = nudged_viewer();
        for lang in [Lang::En, Lang::Fi] {
            let text = panel_text(&v, "A", lang);
            assert!(text.contains(differs_text(lang)), "{text}");
        }
    }
}
