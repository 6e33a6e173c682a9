//! Nine-ball (section 2): balls 1-9 in rotation; the 9 on a legal shot wins; calls don't matter.

use crate::fouls;
use crate::rotation::{self, Rules};
use crate::verdict::{Ctx, Verdict};

pub(crate) fn judge(ctx: &Ctx) -> Verdict {
    rotation::judge(ctx, &RULES)
}

pub(crate) const RULES: Rules = Rules {
    game_ball: 9,
    break_rule: "2.3",
    illegal_break: fouls::ILLEGAL_BREAK_9,
    push_out_rule: "2.4",
    continue_rule: "2.5",
    spot_rule: "2.6",
    fouls_rule: "2.7",
    serious_rule: "2.8",
    called: false,
};
