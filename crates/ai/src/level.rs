//! The four playing strengths: how precisely the AI strikes (execution noise) and how widely it
//! searches (budget).

use std::fmt;
use std::str::FromStr;

/// A playing strength. Parse from `"beginner"`, `"amateur"`, `"pro"`, `"master"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Beginner,
    Amateur,
    Pro,
    Master,
}

/// Gaussian execution noise (standard deviations) applied to every strike the AI plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Noise {
    /// Aim (stroke direction), degrees.
    pub aim_deg: f64,
    /// Cue speed, m/s.
    pub speed_mps: f64,
    /// Tip offset, each of `a` and `b`, metres.
    pub tip_m: f64,
    /// Cue elevation, degrees.
    pub elevation_deg: f64,
}

/// How much the AI searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Noisy rollouts per candidate shot in the first pass.
    pub samples: usize,
    /// Candidates re-evaluated with `deep_samples` rollouts in the second pass.
    pub finalists: usize,
    /// Rollouts per finalist.
    pub deep_samples: usize,
    /// Cue speeds tried per pot (taken from a fixed ladder: 1, 2, 3, 4 or 6 steps).
    pub speeds: usize,
    /// Tip offsets tried per pot: 1 centre only, 3 centre, follow, draw; 5 adds left and right
    /// with a little follow; 8 adds a deep draw and left and right with draw.
    pub spins: usize,
    /// Bank shots and combinations.
    pub banks_and_combos: bool,
    /// Kicks (cue ball off a rail first) when the direct way is blocked.
    pub kicks: bool,
    /// Plays safeties when no pot is good enough (beginner: never).
    pub safeties: bool,
    /// Weighs where the cue ball ends (the next shot's chance); beginner only looks at the pot.
    pub position_play: bool,
    /// Ball-in-hand spots searched in full.
    pub placements: usize,
    /// At most this many of them for one pot (ball and pocket) while spots for other pots are
    /// left (`None`: the best by rank, whatever their pot).
    pub placements_per_pot: Option<usize>,
    /// Aim refinement passes against the physics (throw, squirt, swerve, cut-induced spin).
    pub refine_passes: usize,
    /// Second ply: for the finalists, the next shot's chance is searched with the physics
    /// (this many rollouts for each of `lookahead_plans` plans) instead of estimated.
    pub lookahead_samples: usize,
    pub lookahead_plans: usize,
    /// Strokes per plan in the second ply at depth 2: 3 stun, follow and draw at the softest
    /// speed that gets there with some to spare; 5 adds a firmer stun and a firmer draw.
    pub lookahead_strokes: usize,
    /// Depth of the position value: 1 the best next shot's chance; 2 also where the cue ball
    /// can go from that shot for the ball after next (and follow and draw in the second ply).
    pub position_depth: u8,
    /// The best finalists (pots) also tried a little softer and firmer, deep-sampled.
    pub speed_search: usize,
    /// The best few after all that rolled out `deep_samples` times more on fresh execution
    /// errors before one is chosen (the best of many noisy means is biased upwards).
    pub confirm: usize,
    /// Rollouts of each confirmed stroke (three times as many on two fouls, as the finalists').
    pub confirm_samples: usize,
    /// What a stroke's chance of a foul costs in the ranking beyond the value of the position
    /// it leaves (0 for `pro` and `master`, whose position value prices ball in hand). The
    /// amateur's coarse value undercounts ball in hand for the opponent, and its soft
    /// safeties and kicks fouled 4 to 9 times a rack (session 10).
    pub foul_weight: f64,
    /// Goes for the pot, safeties left out, when a direct pot's geometric chance is at least
    /// this (`None`: the rollouts alone decide). An amateur plays the shot he sees; at depth 1
    /// the rollouts' value hardly tells a made ball from a safety early in a rack, and amateurs
    /// traded safeties for 36 shots a rack, fouling on one in eleven (session 10, 9-ball).
    pub shoot_above: Option<f64>,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Amateur, Level::Pro, Level::Master];

    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Amateur => "amateur",
            Level::Pro => "pro",
            Level::Master => "master",
        }
    }

    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s.trim().to_ascii_lowercase())
    }

    /// Execution noise. `master` is the ICGA computational pool tournament's (0.125 deg of aim,
    /// 0.075 m/s of speed, 0.5 mm of tip offset, 0.1 deg of elevation).
    pub fn noise(self) -> Noise {
        match self {
            Level::Beginner => Noise { aim_deg: 1.2, speed_mps: 0.3, tip_m: 0.004, elevation_deg: 1.0 },
            Level::Amateur => Noise { aim_deg: 0.5, speed_mps: 0.15, tip_m: 0.002, elevation_deg: 0.5 },
            Level::Pro => Noise { aim_deg: 0.22, speed_mps: 0.1, tip_m: 0.001, elevation_deg: 0.2 },
            Level::Master => Noise { aim_deg: 0.125, speed_mps: 0.075, tip_m: 0.0005, elevation_deg: 0.1 },
        }
    }

    pub fn budget(self) -> Budget {
        match self {
            Level::Beginner => Budget {
                samples: 3,
                finalists: 2,
                deep_samples: 4,
                speeds: 2,
                spins: 1,
                banks_and_combos: false,
                kicks: false,
                safeties: false,
                position_play: false,
                placements: 2,
                placements_per_pot: None,
                refine_passes: 0,
                lookahead_samples: 0,
                lookahead_plans: 0,
                lookahead_strokes: 0,
                position_depth: 1,
                speed_search: 0,
                confirm: 0,
                confirm_samples: 0,
                foul_weight: 0.3,
                shoot_above: None,
            },
            Level::Amateur => Budget {
                samples: 5,
                finalists: 3,
                deep_samples: 16,
                speeds: 2,
                spins: 3,
                banks_and_combos: false,
                kicks: true,
                safeties: true,
                position_play: true,
                placements: 3,
                placements_per_pot: None,
                refine_passes: 1,
                lookahead_samples: 0,
                lookahead_plans: 0,
                lookahead_strokes: 0,
                position_depth: 1,
                speed_search: 0,
                confirm: 3,
                confirm_samples: 32,
                foul_weight: 5.0,
                shoot_above: Some(0.2),
            },
            Level::Pro => Budget {
                samples: 6,
                finalists: 5,
                deep_samples: 16,
                speeds: 3,
                spins: 3,
                banks_and_combos: true,
                kicks: true,
                safeties: true,
                position_play: true,
                placements: 4,
                placements_per_pot: None,
                refine_passes: 2,
                lookahead_samples: 3,
                lookahead_plans: 3,
                lookahead_strokes: 3,
                position_depth: 2,
                speed_search: 0,
                confirm: 0,
                confirm_samples: 0,
                foul_weight: 0.0,
                shoot_above: None,
            },
            // Eight tip offsets on a six-step speed ladder (48 strokes a pot, 20 before): the
            // first pass is cheap next to the finalists' second ply, and the run-out from ball
            // in hand rose from 46 to 62 of 100 9-ball tables (seed 2) for a decision p95 of
            // 1.10 s against 1.03, and from 131 to 173 of 300 over seeds 1-6 (issue 23,
            // session 18; crates/ai/README.md).
            Level::Master => Budget {
                samples: 8,
                finalists: 10,
                deep_samples: 24,
                speeds: 6,
                spins: 8,
                banks_and_combos: true,
                kicks: true,
                safeties: true,
                position_play: true,
                placements: 6,
                // Two spots a pot at most while other pots have spots (session 22).
                placements_per_pot: Some(2),
                refine_passes: 2,
                lookahead_samples: 5,
                lookahead_plans: 3,
                lookahead_strokes: 5,
                position_depth: 2,
                speed_search: 3,
                confirm: 4,
                confirm_samples: 24,
                foul_weight: 0.0,
                shoot_above: None,
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::parse(s).ok_or_else(|| format!("unknown level {s:?} (expected beginner, amateur, pro or master)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_from_their_names_and_get_steadier() {
        for l in Level::ALL {
            assert_eq!(Level::parse(l.name()), Some(l));
            assert_eq!(l.name().parse::<Level>(), Ok(l));
        }
        assert_eq!(Level::parse("Master"), Some(Level::Master));
        assert!(Level::parse("god").is_none());
        let n: Vec<f64> = Level::ALL.iter().map(|l| l.noise().aim_deg).collect();
        assert!(n.windows(2).all(|w| w[0] > w[1]));
        assert!(!Level::Beginner.budget().safeties);
        let m = Level::Master.noise();
        assert!((0.1..=0.2).contains(&m.aim_deg) && m.speed_mps == 0.075 && m.tip_m == 0.0005);
    }
}
