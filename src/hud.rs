//! Text over the table. For now the title line: which game is racked, in the player's language.

use crate::cli::Lang;
use crate::table::{RackKind, StartingRack};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<Lang>().add_systems(Startup, spawn_title);
}

/// The game's name in English and Finnish.
pub fn game_title(rack: RackKind, lang: Lang) -> &'static str {
    match (rack, lang) {
        (RackKind::EightBall, Lang::En) => "8-ball",
        (RackKind::EightBall, Lang::Fi) => "Kasipallo",
        (RackKind::NineBall, Lang::En) => "9-ball",
        (RackKind::NineBall, Lang::Fi) => "Ysipallo",
        (RackKind::TenBall, Lang::En) => "10-ball",
        (RackKind::TenBall, Lang::Fi) => "Kymppipallo",
        (RackKind::StraightPool, Lang::En) => "14.1 straight pool",
        (RackKind::StraightPool, Lang::Fi) => "14.1 jatkuva",
    }
}

fn spawn_title(mut commands: Commands, rack: Res<StartingRack>, lang: Res<Lang>) {
    commands.spawn((
        Name::new("title"),
        Text::new(format!("Biljardi - {}", game_title(rack.0, *lang))),
        TextFont { font_size: FontSize::Px(22.0), ..default() },
        TextColor(Color::srgb(0.92, 0.90, 0.82)),
        Node { position_type: PositionType::Absolute, top: px(14.0), left: px(18.0), ..default() },
    ));
}
