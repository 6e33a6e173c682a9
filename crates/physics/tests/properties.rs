//! Property tests over random layouts and strikes (design.md's "any shot" row).

use biljardi_physics::{Ball, BallId, Params, Simulation, Strike, Table, rack};
use proptest::prelude::*;

/// Random non-overlapping balls on the bed from a seed (SplitMix64, rejection sampling).
fn layout(seed: u64, n: usize, table: &Table) -> Vec<Ball> {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    };
    let r = Params::default().ball_radius_m;
    let (hx, hy) = (table.half_length() - r, table.half_width() - r);
    let mut balls: Vec<Ball> = Vec::new();
    let ids: Vec<BallId> = BallId::all().collect();
    let mut tries = 0;
    while balls.len() < n && tries < 10_000 {
        tries += 1;
        let p = [(2.0 * next() - 1.0) * hx, (2.0 * next() - 1.0) * hy];
        let ok =
            balls.iter().all(|b| ((b.state.pos.x - p[0]).powi(2) + (b.state.pos.y - p[1]).powi(2)).sqrt() >= 2.0 * r);
        if ok {
            balls.push(Ball::at_rest(ids[balls.len()], p));
        }
    }
    balls
}

/// Kinetic plus potential energy of the balls in play (a ball in flight trades one for the
/// other, so only the sum must never rise), plus the cue's while it follows through (a second
/// strike hands some of it to the ball).
fn energy(sim: &Simulation, t: f64) -> f64 {
    let p = sim.params();
    sim.snapshot(t)
        .iter()
        .filter(|b| b.on_table())
        .map(|b| b.state.mechanical_energy(p.ball_mass_kg, p.inertia(), p.g, p.ball_radius_m))
        .sum::<f64>()
        + sim.cue_energy(t)
}

/// 96 cases from a fixed seed, so CI runs the same cases every time; `PROPTEST_CASES` and
/// `PROPTEST_RNG_SEED` widen or move the search by hand (a rare 1e-7 J energy rise at an
/// object-ball contact is known from searches of thousands of cases, see the physics README).
fn config() -> ProptestConfig {
    let env = |k: &str| std::env::var(k).ok().and_then(|s| s.parse::<u64>().ok());
    ProptestConfig {
        cases: env("PROPTEST_CASES").map_or(96, |n| n as u32),
        rng_seed: proptest::test_runner::RngSeed::Fixed(env("PROPTEST_RNG_SEED").unwrap_or(20_261_203)),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_shot_keeps_balls_apart_loses_energy_ends_at_rest_on_the_bed_and_repeats(
        seed in any::<u64>(),
        n in 2usize..=16,
        speed in 0.2f64..12.0,
        phi in 0.0f64..std::f64::consts::TAU,
        theta in 0.0f64..0.5,
        a in -0.5f64..0.5,
        b in -0.5f64..0.5,
    ) {
        let table = Table::default();
        let balls = layout(seed, n, &table);
        let strike = Strike { speed_mps: speed, phi_rad: phi, theta_rad: theta, a, b };
        check_shot(table, balls, strike)?;
    }

    #[test]
    fn any_elevated_strike_jumps_flies_and_lands_and_still_behaves(
        seed in any::<u64>(),
        n in 2usize..=16,
        speed in 1.0f64..12.0,
        phi in 0.0f64..std::f64::consts::TAU,
        theta in 0.2f64..1.3,
        a in -0.4f64..0.4,
        b in -0.4f64..0.4,
    ) {
        let table = Table::default();
        let balls = layout(seed, n, &table);
        let strike = Strike { speed_mps: speed, phi_rad: phi, theta_rad: theta, a, b };
        check_shot(table, balls, strike)?;
    }

    #[test]
    fn any_elevated_break_or_jump_into_a_rack_behaves_too(
        rack_kind in 0usize..4,
        x in -1.2f64..-0.7,
        y in -0.55f64..0.55,
        speed in 1.0f64..12.0,
        aim in -0.04f64..0.04,
        theta in 0.0f64..1.0,
        b in -0.4f64..0.4,
    ) {
        let table = Table::default();
        let mut balls = match rack_kind {
            0 => rack::nine_ball(&table),
            1 => rack::ten_ball(&table),
            2 => rack::eight_ball(&table),
            _ => rack::straight_pool(&table),
        };
        balls.insert(0, rack::cue_at([x, y]));
        let [fx, fy] = table.foot_spot();
        let phi = (fy - y).atan2(fx - x) + aim;
        check_shot(table, balls, Strike { speed_mps: speed, phi_rad: phi, theta_rad: theta, a: 0.0, b })?;
    }

    #[test]
    fn any_break_or_shot_into_a_rack_behaves_too(
        rack_kind in 0usize..4,
        x in -1.2f64..-0.7,
        y in -0.55f64..0.55,
        speed in 0.5f64..12.0,
        aim in -0.04f64..0.04,
        a in -0.4f64..0.4,
        b in -0.4f64..0.4,
    ) {
        let table = Table::default();
        let mut balls = match rack_kind {
            0 => rack::nine_ball(&table),
            1 => rack::ten_ball(&table),
            2 => rack::eight_ball(&table),
            _ => rack::straight_pool(&table),
        };
        balls.insert(0, rack::cue_at([x, y]));
        let [fx, fy] = table.foot_spot();
        let phi = (fy - y).atan2(fx - x) + aim;
        check_shot(table, balls, Strike { speed_mps: speed, phi_rad: phi, theta_rad: 0.0, a, b })?;
    }

    #[test]
    fn any_strike_at_a_near_ball_catches_a_few_times_at_most_and_behaves(
        gap in 0.0f64..0.02,
        angle in -0.9f64..0.9,
        speed in 0.3f64..10.0,
        aim in -0.2f64..0.2,
        theta in 0.0f64..0.3,
        a in -0.45f64..0.45,
        b in -0.45f64..0.45,
    ) {
        let table = Table::default();
        let d = 2.0 * biljardi_physics::BALL_RADIUS_M + gap;
        let balls = vec![
            Ball::at_rest(BallId::CUE, [0.0, 0.0]),
            Ball::at_rest(BallId::object(1).unwrap(), [d * angle.cos(), d * angle.sin()]),
        ];
        check_shot(table, balls, Strike { speed_mps: speed, phi_rad: aim, theta_rad: theta, a, b })?;
    }
}

fn check_shot(table: Table, balls: Vec<Ball>, strike: Strike) -> Result<(), TestCaseError> {
    check_shot_with(Params::default(), table, balls, strike)
}

fn check_shot_with(params: Params, table: Table, balls: Vec<Ball>, strike: Strike) -> Result<(), TestCaseError> {
    {
        let r = params.ball_radius_m;
        let mut sim = Simulation::new(table, params, balls.clone());
        sim.strike(BallId::CUE, strike).unwrap();
        let mut events = Vec::new();
        let mut steps = 0;
        // Energy at the last event: friction and contacts only ever take it away.
        let mut last = energy(&sim, sim.time());
        while let Some(t) = sim.next_event_time() {
            steps += 1;
            prop_assert!(steps < 5_000, "too many events");
            // Halfway to the next event nothing overlaps either.
            let mid = 0.5 * (sim.time() + t);
            let before = energy(&sim, t);
            prop_assert!(before <= last * (1.0 + 1e-9) + 1e-12, "energy rose before {t}: {last} -> {before}");
            let snap = sim.snapshot(mid);
            for (i, x) in snap.iter().enumerate() {
                for y in &snap[i + 1..] {
                    if x.on_table() && y.on_table() {
                        prop_assert!((x.state.pos - y.state.pos).norm() >= 2.0 * r - 1e-9);
                    }
                }
            }
            let new = sim.advance_to(t);
            let after = energy(&sim, t);
            prop_assert!(after <= before * (1.0 + 1e-9) + 1e-12, "energy rose at {t}: {before} -> {after} ({new:?})");
            last = after;
            let snap = sim.snapshot(t);
            for (i, x) in snap.iter().enumerate() {
                for y in &snap[i + 1..] {
                    if x.on_table() && y.on_table() {
                        let d = (x.state.pos - y.state.pos).norm();
                        prop_assert!(d >= 2.0 * r - 1e-9, "{} {} overlap {} at {t}", x.id, y.id, 2.0 * r - d);
                    }
                }
            }
            events.extend(new);
        }
        prop_assert!(sim.is_at_rest() && sim.time() < 600.0);
        for b in sim.snapshot(sim.time()) {
            if b.on_table() {
                prop_assert!(
                    sim.fits_on_bed([b.state.pos.x, b.state.pos.y], 1e-9),
                    "{} ends off the bed at {:?}",
                    b.id,
                    b.state.pos
                );
            }
        }
        // A second, uninterrupted run gives the very same events and ending.
        let mut again = Simulation::new(table, params, balls);
        again.strike(BallId::CUE, strike).unwrap();
        prop_assert_eq!(again.run_to_rest(), events);
        prop_assert_eq!(again.final_balls(), sim.final_balls());
    }
    Ok(())
}

/// The energy rise at a graze found by the property search (`PROPTEST_CASES=20000`,
/// `PROPTEST_RNG_SEED=3`): an 8-ball rack, and balls 6 and 13 touching at 1.2219 s closing at
/// 4.9e-5 m/s (a graze), 13 rolling. The graze split the approach evenly and kept the rolling
/// ball rolling, so its spin grew with its speed unpaid: 3.9e-9 J gained (on 0.24 J). Now the
/// split follows the effective masses (7/5 m rolling): 1.2e-10 J lost.
#[test]
fn a_graze_of_a_rolling_ball_never_adds_energy() {
    let table = Table::default();
    let (x, y) = (-0.8915429363806998, -0.3892725669644678);
    let mut balls = rack::eight_ball(&table);
    balls.insert(0, rack::cue_at([x, y]));
    let [fx, fy] = table.foot_spot();
    let phi = (fy - y).atan2(fx - x) - 0.012726721693922157;
    let strike = Strike {
        speed_mps: 2.136897203426136,
        phi_rad: phi,
        theta_rad: 0.0,
        a: -0.37430514127361464,
        b: -0.037395109202906555,
    };
    check_shot(table, balls, strike).unwrap();
}

/// The same search, `PROPTEST_RNG_SEED=2`, with the slate's friction (`ball_table_model`
/// `"frictional_inelastic"`, the default when it was found): a 10-ball rack broken with the cue
/// elevated 14.6 degrees; balls 2 and 4 graze at 3.1135 s: 6.1e-10 J gained on 0.078 J, same
/// cause.
#[test]
fn a_graze_after_an_elevated_break_never_adds_energy() {
    let table = Table::default();
    let (x, y) = (-1.1166933093778348, 0.2584290849433621);
    let mut balls = rack::ten_ball(&table);
    balls.insert(0, rack::cue_at([x, y]));
    let [fx, fy] = table.foot_spot();
    let phi = (fy - y).atan2(fx - x) - 0.020492252141590468;
    let strike = Strike {
        speed_mps: 4.6860098252566225,
        phi_rad: phi,
        theta_rad: 0.2543769927253584,
        a: 0.0,
        b: -0.2938696749896124,
    };
    let rough = Params { ball_table_model: biljardi_physics::BallTableModel::FrictionalInelastic, ..Params::default() };
    check_shot_with(rough, table, balls, strike).unwrap();
}

/// With Mathavan 2014's ball-ball model (`ball_ball_model` `"frictional_mathavan"`), a search
/// (`PROPTEST_CASES=3000`, `PROPTEST_RNG_SEED=7`, that model as the default) found contacts
/// gaining energy: here an 8-ball rack, balls 1 and 2 at 1.084 s, +2.2e-6 J on 0.074 J. The cause
/// was pooltool's sign of the spin's part of the cloth slip in its `frictional_mathavan` step
/// (`v_x + R w_y` for `v_x - R w_y`); with the slip as `evolve::slip_velocity` takes it, all 3000
/// cases of each property pass.
#[test]
fn mathavan_contacts_in_a_rack_never_add_energy() {
    let table = Table::default();
    let (x, y) = (-0.7, 0.0826344326847522);
    let mut balls = rack::eight_ball(&table);
    balls.insert(0, rack::cue_at([x, y]));
    let [fx, fy] = table.foot_spot();
    let phi = (fy - y).atan2(fx - x) + 0.009596222156339172;
    let strike = Strike {
        speed_mps: 1.3536520687858085,
        phi_rad: phi,
        theta_rad: 0.0,
        a: -0.16415110623139437,
        b: 0.3893625441837429,
    };
    let mathavan = Params { ball_ball_model: biljardi_physics::BallBallModel::FrictionalMathavan, ..Params::default() };
    check_shot_with(mathavan, table, balls, strike).unwrap();
}
