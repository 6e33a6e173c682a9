//! Names of balls, pockets and rail segments, spelled as in the JSON contract
//! (`../shared/contracts.md`, "Frame, units, names").

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A ball: 0 is the cue ball, 1..=15 the object balls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BallId(u8);

impl BallId {
    pub const CUE: BallId = BallId(0);
    pub const MAX_NUMBER: u8 = 15;

    /// Object ball `n` (1..=15), or `None` outside that range.
    pub fn object(n: u8) -> Option<BallId> {
        (1..=Self::MAX_NUMBER).contains(&n).then_some(BallId(n))
    }

    /// Every ball, cue first then 1..=15.
    pub fn all() -> impl Iterator<Item = BallId> {
        (0..=Self::MAX_NUMBER).map(BallId)
    }

    pub fn is_cue(self) -> bool {
        self.0 == 0
    }

    /// The number on the ball (0 for the cue ball).
    pub fn number(self) -> u8 {
        self.0
    }

    /// Parses the contract's spelling: `"cue"` or `"1"`..`"15"`.
    pub fn parse(s: &str) -> Option<BallId> {
        if s == "cue" {
            return Some(BallId::CUE);
        }
        // Reject "01", "+1" and similar: only the canonical spelling is a ball id.
        let n: u8 = s.parse().ok()?;
        (n.to_string() == s).then_some(())?;
        BallId::object(n)
    }
}

impl fmt::Display for BallId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_cue() { f.write_str("cue") } else { write!(f, "{}", self.0) }
    }
}

impl Serialize for BallId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for BallId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        BallId::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!("unknown ball id {s:?} (expected \"cue\" or \"1\"..\"15\")"))
        })
    }
}

/// The six pockets. `left` is the `y = +W/2` side seen from the head.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PocketId {
    HeadLeft,
    HeadRight,
    SideLeft,
    SideRight,
    FootLeft,
    FootRight,
}

impl PocketId {
    pub const ALL: [PocketId; 6] = [
        PocketId::HeadLeft,
        PocketId::HeadRight,
        PocketId::SideLeft,
        PocketId::SideRight,
        PocketId::FootLeft,
        PocketId::FootRight,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PocketId::HeadLeft => "head_left",
            PocketId::HeadRight => "head_right",
            PocketId::SideLeft => "side_left",
            PocketId::SideRight => "side_right",
            PocketId::FootLeft => "foot_left",
            PocketId::FootRight => "foot_right",
        }
    }

    pub fn parse(s: &str) -> Option<PocketId> {
        PocketId::ALL.into_iter().find(|p| p.name() == s)
    }

    pub fn is_side(self) -> bool {
        matches!(self, PocketId::SideLeft | PocketId::SideRight)
    }
}

impl fmt::Display for PocketId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The six cushion segments between pockets. `left_*` is the `y = +W/2` side,
/// `*_head` the half with `x < 0`. A hit on a pocket jaw counts for the segment the jaw ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RailId {
    Head,
    Foot,
    LeftHead,
    LeftFoot,
    RightHead,
    RightFoot,
}

impl RailId {
    pub const ALL: [RailId; 6] =
        [RailId::Head, RailId::Foot, RailId::LeftHead, RailId::LeftFoot, RailId::RightHead, RailId::RightFoot];

    pub fn name(self) -> &'static str {
        match self {
            RailId::Head => "head",
            RailId::Foot => "foot",
            RailId::LeftHead => "left_head",
            RailId::LeftFoot => "left_foot",
            RailId::RightHead => "right_head",
            RailId::RightFoot => "right_foot",
        }
    }

    pub fn parse(s: &str) -> Option<RailId> {
        RailId::ALL.into_iter().find(|r| r.name() == s)
    }
}

impl fmt::Display for RailId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ball_ids_round_trip_through_their_contract_spelling() {
        for id in BallId::all() {
            assert_eq!(BallId::parse(&id.to_string()), Some(id));
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(serde_json::from_str::<BallId>(&json).unwrap(), id);
        }
        assert_eq!(BallId::parse("16"), None);
        assert_eq!(BallId::parse("0"), None);
        assert_eq!(BallId::parse("01"), None);
        assert_eq!(BallId::parse("Cue"), None);
        assert!(serde_json::from_str::<BallId>("\"17\"").is_err());
    }

    #[test]
    fn pocket_and_rail_names_match_the_contract() {
        for p in PocketId::ALL {
            assert_eq!(PocketId::parse(p.name()), Some(p));
            assert_eq!(serde_json::to_string(&p).unwrap(), format!("\"{}\"", p.name()));
        }
        for r in RailId::ALL {
            assert_eq!(RailId::parse(r.name()), Some(r));
            assert_eq!(serde_json::to_string(&r).unwrap(), format!("\"{}\"", r.name()));
        }
    }
}
