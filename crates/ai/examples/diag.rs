use biljardi_ai::eval::{Ctx, play_and_judge};
use biljardi_ai::*;
use biljardi_physics::{BallId, Params, Table};
use biljardi_rules::{BallInHand, Game, GameState};

fn main() {
    let level = Level::parse(&std::env::args().nth(1).unwrap_or("master".into())).unwrap();
    let game = Game::NineBall;
    let table = Table::default();
    let player = Player::new(level);
    for seed in 0..20u64 {
        let s0 = seed.wrapping_mul(1_000_003);
        let mut balls = selfplay::random_open_table(game, &table, s0);
        let mut state =
            GameState { shooter: 0, ball_in_hand: BallInHand::Anywhere, breaker: Some(1), ..GameState::default() };
        let ctx = Ctx { game, table, params: Params::default(), noise: level.noise(), me: 0 };
        for step in 0..20u64 {
            let view = TableView::shot(game, table, state.clone(), balls.clone());
            let th = player.think(&view, s0 ^ step);
            let Action::Shoot { call, strike, cue_ball_placement } = th.action.clone() else { break };
            if let Some(p) = cue_ball_placement {
                balls.retain(|b| !b.0.is_cue());
                balls.push((BallId::CUE, p));
            }
            let (played, d) = play_and_judge(&ctx, &state, &balls, strike, &call);
            if d.game_over || d.next_shooter != 0 || d.foul {
                println!(
                    "trial {seed} step {step}: {:?} est success {:.2} value {:.2} cands {} -> over {} foul {} {:?}",
                    th.kind,
                    th.success,
                    th.value,
                    th.candidates,
                    d.game_over,
                    d.foul,
                    d.fouls.iter().map(|f| f.rule).collect::<Vec<_>>()
                );
                break;
            }
            let (s, b) = table_ops::apply(game, &table, &d, &played.resting(), None);
            state = s;
            balls = b;
        }
    }
}
