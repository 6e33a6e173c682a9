//! Turning a referee's decision into the next table: spotted and placed balls, reracks, new
//! racks, the cue ball taken in hand. The self-play loop, the AI's look-ahead and the game all
//! use these so they agree on what the table looks like next.

use biljardi_physics::{BALL_RADIUS_M, Ball, BallId, Table, rack};
use biljardi_rules::{BallInHand, Decision, Game, GameOption, GameState, rack as rules_rack, spot};

/// The balls of a fresh rack of `game` (no cue ball: the breaker has it in hand).
pub fn fresh_rack(game: Game, table: &Table) -> Vec<(BallId, [f64; 2])> {
    let balls: Vec<Ball> = match game {
        Game::NineBall => rack::nine_ball(table),
        Game::TenBall => rack::ten_ball(table),
        Game::EightBall => rack::eight_ball(table),
        Game::StraightPool => rack::straight_pool(table),
    };
    balls.iter().map(|b| (b.id, [b.state.pos.x, b.state.pos.y])).collect()
}

/// The state and the balls for the next shot after `option` (or the decision's default when
/// `None` or not offered). `resting` are the balls at rest after the judged shot.
pub fn apply(
    game: Game,
    table: &Table,
    d: &Decision,
    resting: &[(BallId, [f64; 2])],
    option: Option<GameOption>,
) -> (GameState, Vec<(BallId, [f64; 2])>) {
    let state = option.and_then(|o| d.state_after(o)).unwrap_or(&d.state).clone();
    if state.is_break {
        // A new rack (game over, rerack and break, rebreak, 14.1's third foul).
        let mut balls = fresh_rack(game, table);
        balls.sort_by_key(|b| b.0);
        return (state, balls);
    }
    let mut balls: Vec<(BallId, [f64; 2])> = resting.to_vec();
    if d.rerack {
        balls.retain(|(b, _)| !d.rerack_balls.contains(b));
        let pos = rules_rack::rerack_positions(table, d.rerack_balls.len());
        for (b, p) in d.rerack_balls.iter().zip(pos) {
            balls.push((*b, p));
        }
    }
    for p in &d.placed {
        balls.retain(|(b, _)| *b != p.id);
        balls.push((p.id, p.pos));
    }
    for p in &d.placed {
        respot_if_overlapping(table, &mut balls, p.id);
    }
    if state.ball_in_hand != BallInHand::None || (d.rerack && cue_in_rack_overlap(&balls)) {
        balls.retain(|(b, _)| !b.is_cue());
    }
    balls.sort_by_key(|b| b.0);
    (state, balls)
}

/// True if the ball `id` in `balls` overlaps another ball.
pub fn overlaps(balls: &[(BallId, [f64; 2])], id: BallId) -> bool {
    let Some(p) = balls.iter().find(|b| b.0 == id).map(|b| b.1) else { return false };
    balls.iter().any(|(b, q)| *b != id && dist(p, *q) < 2.0 * BALL_RADIUS_M - 1e-9)
}

/// Guards against a placement that overlaps a ball (`rules::spot::spot_one` can return the
/// foot spot when a ball and the cue ball lie close around it): moves the ball to the first
/// free point of the long string from the foot spot towards the foot rail, then towards the
/// head rail (1.4), 0.1 mm steps, with a small gap to the cue ball.
pub fn respot_if_overlapping(table: &Table, balls: &mut [(BallId, [f64; 2])], id: BallId) {
    if !overlaps(balls, id) {
        return;
    }
    let r = BALL_RADIUS_M;
    let foot = table.foot_spot()[0];
    let free = |x: f64| {
        balls
            .iter()
            .all(|(b, q)| *b == id || dist([x, 0.0], *q) >= 2.0 * r + if b.is_cue() { spot::CUE_GAP_M } else { 1e-7 })
    };
    let mut found = None;
    for dir in [1.0, -1.0] {
        let mut x = foot;
        while x.abs() <= table.half_length() - r {
            if free(x) {
                found = Some(x);
                break;
            }
            x += dir * 1e-4;
        }
        if found.is_some() {
            break;
        }
    }
    if let (Some(x), Some(slot)) = (found, balls.iter_mut().find(|b| b.0 == id)) {
        slot.1 = [x, 0.0];
    }
}

/// True when the cue ball overlaps a reracked ball (it must then be taken in hand).
fn cue_in_rack_overlap(balls: &[(BallId, [f64; 2])]) -> bool {
    let Some(c) = balls.iter().find(|b| b.0.is_cue()) else { return false };
    balls.iter().any(|(b, p)| !b.is_cue() && dist(*p, c.1) < 2.0 * BALL_RADIUS_M - 1e-9)
}

/// 1.5: spots `ball` as the rules spot a ball (on the foot spot or the long string).
pub fn request_spot(table: &Table, balls: &[(BallId, [f64; 2])], ball: BallId) -> Vec<(BallId, [f64; 2])> {
    let others: Vec<(BallId, [f64; 2])> = balls.iter().copied().filter(|(b, _)| *b != ball).collect();
    let placed = spot::spot_balls(table, &others, &[ball]);
    let mut out = others;
    for p in placed {
        out.push((p.id, p.pos));
        respot_if_overlapping(table, &mut out, p.id);
    }
    out.sort_by_key(|b| b.0);
    out
}

pub(crate) fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
}

/// The unit vector from `a` to `b` (any direction when they coincide).
pub(crate) fn unit(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    let d = dist(a, b).max(1e-12);
    [(b[0] - a[0]) / d, (b[1] - a[1]) / d]
}

/// True if the cue ball may be placed at `p`: on the bed, clear of every ball, and behind the
/// head string when `bih` asks.
pub fn placement_ok(table: &Table, balls: &[(BallId, [f64; 2])], bih: BallInHand, p: [f64; 2]) -> bool {
    let r = BALL_RADIUS_M;
    if !table.contains_ball(p, r + 1e-4) {
        return false;
    }
    if bih == BallInHand::BehindHeadString && p[0] >= table.head_string_x() {
        return false;
    }
    balls.iter().all(|(b, q)| b.is_cue() || dist(p, *q) >= 2.0 * r + 1e-4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spotted_ball_never_overlaps_even_when_the_referee_places_it_on_a_ball() {
        // Seen in 14.1 self-play: the 9 and the cue ball close around the foot spot, and
        // `rules::spot` put the 2 on the foot spot on top of both.
        let t = Table::default();
        let b = |n| BallId::object(n).unwrap();
        let mut balls = vec![
            (b(9), [0.60061205009995, 0.0046524176864450595]),
            (BallId::CUE, [0.6758846872849268, -0.03171012884142205]),
            (b(2), t.foot_spot()),
        ];
        assert!(overlaps(&balls, b(2)));
        respot_if_overlapping(&t, &mut balls, b(2));
        assert!(!overlaps(&balls, b(2)));
        let p = balls[2].1;
        assert_eq!(p[1], 0.0);
        assert!(dist(p, balls[1].1) >= 2.0 * BALL_RADIUS_M + spot::CUE_GAP_M);
        let again = request_spot(&t, &balls, b(9));
        for (id, _) in &again {
            assert!(!overlaps(&again, *id));
        }
    }
}
