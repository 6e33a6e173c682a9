//! `judge`: one shot in, one [`Decision`] out. The table of games is built here, in one place:
//! each game module fills a [`Verdict`] from the shared core (`verdict`), which never names a
//! game, so no two modules import each other.

use crate::call::Call;
use crate::decision::Decision;
use crate::game::Game;
use crate::record::ShotRecord;
use crate::state::GameState;
use crate::verdict::{Ctx, Verdict};
use crate::{eight_ball, nine_ball, straight_pool, ten_ball};
use biljardi_physics::Table;

/// The table of games: the function that rules on each game's shots (exhaustive, so a new
/// game cannot be forgotten).
fn rules_of(game: Game) -> fn(&Ctx) -> Verdict {
    match game {
        Game::EightBall => eight_ball::judge,
        Game::NineBall => nine_ball::judge,
        Game::TenBall => ten_ball::judge,
        Game::StraightPool => straight_pool::judge,
    }
}

/// Judges one shot of `game` on `table`. `state` is the state before the shot, `rec` what
/// happened (with where every ball stood before and after), `call` what was announced.
/// Pure and allocation-light: the AI calls it for every candidate shot.
pub fn judge(game: Game, table: &Table, state: &GameState, rec: &ShotRecord, call: &Call) -> Decision {
    let ctx = Ctx { game, table, state, rec, call };
    rules_of(game)(&ctx).finish(&ctx)
}
