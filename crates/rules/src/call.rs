//! What the shooter announced before the shot (1.6, 3.6, 4.5, 9.5, 8.17, 2.4).

use biljardi_physics::{BallId, PocketId};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Call {
    /// Nothing called (`null`).
    #[default]
    None,
    /// A ball and a pocket (1.6). A missing pocket means the pocket was obvious: any pocket.
    Ball {
        ball: BallId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pocket: Option<PocketId>,
    },
    /// `{"safety": true}` (1.6, 8.17).
    Safety { safety: bool },
    /// `{"push_out": true}` (2.4, 9.4).
    PushOut { push_out: bool },
}

impl Call {
    pub fn ball(ball: BallId, pocket: PocketId) -> Call {
        Call::Ball { ball, pocket: Some(pocket) }
    }

    pub fn safety() -> Call {
        Call::Safety { safety: true }
    }

    pub fn push_out() -> Call {
        Call::PushOut { push_out: true }
    }

    pub fn is_safety(&self) -> bool {
        matches!(self, Call::Safety { safety: true })
    }

    pub fn is_push_out(&self) -> bool {
        matches!(self, Call::PushOut { push_out: true })
    }

    /// The called ball, if a ball was called.
    pub fn called_ball(&self) -> Option<BallId> {
        match *self {
            Call::Ball { ball, .. } => Some(ball),
            _ => None,
        }
    }

    /// 1.6: an obvious ball and pocket left unnamed. The ball the cue ball hits first and the
    /// pocket it drops in count as called; with no contact nothing was called.
    pub fn obvious(rec: &crate::record::ShotRecord) -> Call {
        match rec.first_contact {
            Some(ball) => Call::Ball { ball, pocket: rec.pocket_of(ball) },
            None => Call::None,
        }
    }

    /// True when `ball` dropping into `pocket` is what was called (1.6).
    pub fn matches(&self, ball: BallId, pocket: PocketId) -> bool {
        match *self {
            Call::Ball { ball: b, pocket: p } => b == ball && p.is_none_or(|p| p == pocket),
            _ => false,
        }
    }
}
