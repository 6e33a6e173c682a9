//! What happened during a shot, as the contract's `sim` output spells it
//! (`../shared/contracts.md`, `biljardi sim`). The referee reads these back, so both
//! directions of serde live here.

use crate::ids::{BallId, PocketId, RailId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Position, velocity and angular velocity of one ball just after an event.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Kinematics {
    /// Centre of the ball, m.
    pub pos: [f64; 3],
    /// Linear velocity, m/s.
    pub v: [f64; 3],
    /// Angular velocity, rad/s.
    pub w: [f64; 3],
}

/// One event: its time, what it was and the state of the balls it involves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Seconds since the shot began.
    pub t: f64,
    #[serde(flatten)]
    pub kind: EventKind,
    /// The involved balls just after the event. Ordered by ball id so output is byte-stable.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub state: BTreeMap<BallId, Kinematics>,
}

/// The kinds of event, with the `type` names of the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// The cue tip struck `ball`.
    Strike { ball: BallId },
    /// The tip slid off `ball` (offset beyond the miscue limit).
    Miscue { ball: BallId },
    /// Two balls touched.
    BallBall { balls: [BallId; 2] },
    /// `ball` hit the cushion (or a jaw of) `rail`.
    Cushion { ball: BallId, rail: RailId },
    /// `ball` dropped into `pocket`.
    Pocket { ball: BallId, pocket: PocketId },
    /// `ball` left the table and landed elsewhere.
    OffTable { ball: BallId },
    /// `ball` left the cloth.
    Airborne { ball: BallId },
    /// `ball` came back down onto the cloth.
    Land { ball: BallId },
    /// `ball` reached natural roll.
    Rolling { ball: BallId },
    /// `ball` only spins in place.
    Spinning { ball: BallId },
    /// `ball` came to rest.
    Stop { ball: BallId },
}

impl EventKind {
    /// The balls this event involves, first ball first.
    pub fn balls(&self) -> Vec<BallId> {
        match *self {
            EventKind::BallBall { balls } => balls.to_vec(),
            EventKind::Strike { ball }
            | EventKind::Miscue { ball }
            | EventKind::Cushion { ball, .. }
            | EventKind::Pocket { ball, .. }
            | EventKind::OffTable { ball }
            | EventKind::Airborne { ball }
            | EventKind::Land { ball }
            | EventKind::Rolling { ball }
            | EventKind::Spinning { ball }
            | EventKind::Stop { ball } => vec![ball],
        }
    }
}

/// Where a ball ended the shot (`balls` of the `sim` output, `final` of the referee's input).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinalBall {
    pub id: BallId,
    #[serde(flatten)]
    pub fate: BallFate,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum BallFate {
    /// At rest on the bed, centre at `pos` [x, y] in metres.
    OnTable {
        pos: [f64; 2],
    },
    Pocketed {
        pocket: PocketId,
    },
    OffTable,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_and_write_the_contract_json() {
        let text = r#"[
            {"t": 0.0, "type": "strike", "ball": "cue"},
            {"t": 0.512, "type": "ball_ball", "balls": ["cue", "1"],
             "state": {"cue": {"pos": [0, 0, 0.028575], "v": [0.1, 0, 0], "w": [0, 0, 0]},
                       "1": {"pos": [0.1, 0, 0.028575], "v": [1, 0, 0], "w": [0, 0, 0]}}},
            {"t": 1.034, "type": "cushion", "ball": "1", "rail": "foot"},
            {"t": 1.73, "type": "pocket", "ball": "1", "pocket": "foot_left"},
            {"t": 2.208, "type": "stop", "ball": "cue", "extra": "ignored"}
        ]"#;
        let events: Vec<Event> = serde_json::from_str(text).unwrap();
        assert_eq!(events.len(), 5);
        assert_eq!(events[1].kind, EventKind::BallBall { balls: [BallId::CUE, BallId::object(1).unwrap()] });
        assert_eq!(events[1].state.len(), 2);
        assert_eq!(events[3].kind, EventKind::Pocket { ball: BallId::object(1).unwrap(), pocket: PocketId::FootLeft });
        let again: Vec<Event> = serde_json::from_str(&serde_json::to_string(&events).unwrap()).unwrap();
        assert_eq!(again, events);
        let json = serde_json::to_value(&events[2]).unwrap();
        assert_eq!(json["type"], "cushion");
        assert_eq!(json["rail"], "foot");
    }

    #[test]
    fn final_balls_read_and_write_the_contract_json() {
        let text = r#"[{"id": "cue", "state": "on_table", "pos": [0.301, -0.022]},
                       {"id": "1", "state": "pocketed", "pocket": "foot_left"},
                       {"id": "2", "state": "off_table"}]"#;
        let balls: Vec<FinalBall> = serde_json::from_str(text).unwrap();
        assert_eq!(balls[0].fate, BallFate::OnTable { pos: [0.301, -0.022] });
        assert_eq!(balls[2].fate, BallFate::OffTable);
        let json = serde_json::to_value(balls[1]).unwrap();
        assert_eq!(json, serde_json::json!({"id": "1", "state": "pocketed", "pocket": "foot_left"}));
        assert!(serde_json::from_str::<Vec<FinalBall>>(r#"[{"id": "1", "state": "gone"}]"#).is_err());
    }
}
