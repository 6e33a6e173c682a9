//! Ten-ball (section 9): balls 1-10 in rotation, every shot called (9.5); the called 10 on a
//! legal shot wins (9.8); the 10 on the break is spotted (section 9 introduction).

use crate::fouls;
use crate::rotation::{self, Rules};
use crate::verdict::{Ctx, Verdict};

pub(crate) fn judge(ctx: &Ctx) -> Verdict {
    rotation::judge(ctx, &RULES)
}

pub(crate) const RULES: Rules = Rules {
    game_ball: 10,
    break_rule: "9.3",
    illegal_break: fouls::ILLEGAL_BREAK_10,
    push_out_rule: "9.4",
    continue_rule: "9.8",
    spot_rule: "9.9",
    fouls_rule: "9.10",
    serious_rule: "9.11",
    called: true,
};
