//! A set of balls as a 16-bit mask: the referee asks "which balls did X" many times per shot and
//! the AI judges thousands of shots a second, so sets must be free to copy and test.

use biljardi_physics::BallId;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BallSet(u16);

impl BallSet {
    pub const EMPTY: BallSet = BallSet(0);

    pub fn insert(&mut self, id: BallId) {
        self.0 |= 1 << id.number();
    }

    pub fn remove(&mut self, id: BallId) {
        self.0 &= !(1 << id.number());
    }

    pub fn contains(self, id: BallId) -> bool {
        self.0 & (1 << id.number()) != 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The same set without the cue ball.
    pub fn objects(self) -> BallSet {
        BallSet(self.0 & !1)
    }

    pub fn union(self, other: BallSet) -> BallSet {
        BallSet(self.0 | other.0)
    }

    pub fn intersection(self, other: BallSet) -> BallSet {
        BallSet(self.0 & other.0)
    }

    /// Balls in ascending number, cue first.
    pub fn iter(self) -> impl Iterator<Item = BallId> {
        BallId::all().filter(move |b| self.contains(*b))
    }

    /// The lowest-numbered ball in the set.
    pub fn lowest(self) -> Option<BallId> {
        self.iter().next()
    }
}

impl FromIterator<BallId> for BallSet {
    fn from_iter<I: IntoIterator<Item = BallId>>(iter: I) -> Self {
        let mut s = BallSet::EMPTY;
        for b in iter {
            s.insert(b);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_balls_in_number_order() {
        let b = |n| BallId::object(n).unwrap();
        let s: BallSet = [b(9), BallId::CUE, b(1)].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![BallId::CUE, b(1), b(9)]);
        assert_eq!(s.objects().lowest(), Some(b(1)));
        assert_eq!(s.len(), 3);
        assert!(!s.contains(b(2)));
    }
}
