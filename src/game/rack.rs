//! Which rack the table starts with: the physics crate's racks (apex on the foot spot,
//! interpretations 2.2, 9.2) and the cue ball behind the head string.

use biljardi_physics::{Ball, BallId, Table, rack};

/// The racks of the four games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RackKind {
    /// 15 balls, the 8 in the middle, a solid and a stripe on the back corners (3.2).
    #[default]
    EightBall,
    /// Diamond of 9: the 1 at the apex, the 9 in the middle (2.2).
    NineBall,
    /// Triangle of 10: the 1 at the apex, the 10 in the middle of the third row (9.2).
    TenBall,
    /// 15 balls in a triangle (4.2).
    StraightPool,
}

impl RackKind {
    /// The referee's game of this rack.
    pub fn game(self) -> biljardi_rules::Game {
        use biljardi_rules::Game;
        match self {
            RackKind::EightBall => Game::EightBall,
            RackKind::NineBall => Game::NineBall,
            RackKind::TenBall => Game::TenBall,
            RackKind::StraightPool => Game::StraightPool,
        }
    }

    pub fn from_game(game: biljardi_rules::Game) -> RackKind {
        use biljardi_rules::Game;
        match game {
            Game::EightBall => RackKind::EightBall,
            Game::NineBall => RackKind::NineBall,
            Game::TenBall => RackKind::TenBall,
            Game::StraightPool => RackKind::StraightPool,
        }
    }

    /// The contract's game name (`8ball`, `9ball`, `10ball`, `14.1`).
    pub fn parse(game: &str) -> Option<RackKind> {
        match game {
            "8ball" => Some(RackKind::EightBall),
            "9ball" => Some(RackKind::NineBall),
            "10ball" => Some(RackKind::TenBall),
            "14.1" => Some(RackKind::StraightPool),
            _ => None,
        }
    }
}

/// Where the cue ball waits for the break: behind the head string, a little off the long string.
pub fn cue_start(table: &Table) -> [f64; 2] {
    [table.head_string_x() - 0.1, 0.0]
}

/// The cue ball and the racked object balls, at rest.
pub fn balls(table: &Table, kind: RackKind) -> Vec<Ball> {
    let mut balls = vec![rack::cue_at(cue_start(table))];
    balls.extend(match kind {
        RackKind::EightBall => rack::eight_ball(table),
        RackKind::NineBall => rack::nine_ball(table),
        RackKind::TenBall => rack::ten_ball(table),
        RackKind::StraightPool => rack::straight_pool(table),
    });
    balls
}

/// Ball ids and bed positions, for building entities.
pub fn layout(table: &Table, kind: RackKind) -> Vec<(BallId, [f64; 2])> {
    balls(table, kind).iter().map(|b| (b.id, [b.state.pos.x, b.state.pos.y])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use biljardi_physics::BALL_RADIUS_M;

    #[test]
    fn every_rack_has_the_cue_ball_behind_the_head_string_and_its_object_balls_once() {
        let table = Table::default();
        for (kind, count) in
            [(RackKind::EightBall, 16), (RackKind::StraightPool, 16), (RackKind::NineBall, 10), (RackKind::TenBall, 11)]
        {
            let balls = layout(&table, kind);
            assert_eq!(balls.len(), count, "{kind:?}");
            let mut ids: Vec<_> = balls.iter().map(|b| b.0).collect();
            ids.sort();
            ids.dedup();
            assert_eq!(ids.len(), count, "{kind:?} ids unique");
            let cue = balls.iter().find(|b| b.0.is_cue()).map(|b| b.1);
            assert!(cue.is_some_and(|c| c[0] < table.head_string_x() && table.contains_ball(c, BALL_RADIUS_M)));
        }
    }

    #[test]
    fn game_names_follow_the_contract() {
        assert_eq!(RackKind::parse("14.1"), Some(RackKind::StraightPool));
        assert_eq!(RackKind::parse("9ball"), Some(RackKind::NineBall));
        assert_eq!(RackKind::parse("9-ball"), None);
    }
}
