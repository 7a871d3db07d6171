//! Clock: which open place each walled-in copy of a card can take
//! (`solver/clock_copies.py` before the Python strategies were removed).
//!
//! Two copies exist of every card and all 104 end on the hours, each copy on its own place
//! in the fixed run of an hour (CLK-2); so the copies of a card off the hours and the
//! places still open for it are equally many, and every winning line gives each copy one
//! of those places, no place to two copies. An hour fills its places in order.
//!
//! A *walled-in* card lies at or under the topmost *stuck* card of its pile (every talon
//! card is stuck; a packet card is stuck when it has nothing left to marry onto, for good:
//! `Clock::walls`). A talon or packet only grows on top and loses its top card first, and
//! a stuck card leaves it only for an hour; so a walled-in card reaches an hour only after
//! every stuck card above it has. When a card b is stuck above a card a in the same pile
//! and both go to one hour, b takes the earlier place of the two.
//!
//! Every winning line thus chooses, for each walled-in copy, one of its one or two open
//! places, no place twice and no such pair out of order; the other copies take the places
//! left over, which asks nothing of them. These conditions are clauses over two-valued
//! choices (2-SAT), decided exactly (`forced_choices`); when none meets them all, no line
//! wins. The relaxation of `Clock::relaxation_stalls` misses this when one free copy
//! serves two hours while the other copy stays walled in.
//!
//! Where unit propagation from the copies with one open place gives a copy with two the
//! same place in every choice that meets the conditions, every winning line gives that
//! copy that place: the relaxation runs again with the place waiting for the copy
//! (`Bound`: the hour passes it only once no stuck card lies above the copy, and the copy,
//! if stuck, counts as gone only once that place is passed), and every real line still
//! plays within it step by step. A free copy no longer stands in for the bound copy at
//! that place, so waits through several walls can close a cycle and stall it.

use super::{highest, Clock, Walls, HOURS};
use crate::cards::Card;

/// At most this many copies lie off the hours: 104 cards less the twelve bases (CLK-1).
const OFF_HOURS: usize = 104 - HOURS;
/// At most this many choices name one hour: eight open places at most (CLK-2: runs of 8
/// or 9 with the base laid), each open to the two copies of its card.
const PER_HOUR: usize = 16;

/// A walled-in copy: its wall (its number in `Walls`), its place in that wall's pile,
/// whether it is stuck, and its one or two open places (hour pile, index).
#[derive(Clone, Copy, Default)]
struct Walled {
    wall: u8,
    pos: u8,
    stuck: bool,
    places: [(u8, u8); 2],
    choices: u8,
}

/// The places every choice meeting the conditions gives to the same walled-in copy with
/// two open places, each with that copy.
pub(super) struct Bound {
    /// Per hour, bit i: its place i waits for a bound copy.
    waits: [u16; HOURS],
    /// (hour pile, index, wall number, place in that wall's pile).
    bindings: [(u8, u8, u8, u8); OFF_HOURS],
    len: usize,
}

impl Bound {
    fn new() -> Bound {
        Bound { waits: [0; HOURS], bindings: [(0, 0, 0, 0); OFF_HOURS], len: 0 }
    }

    fn bind(&mut self, (hour, index): (u8, u8), wall: u8, pos: u8) {
        self.waits[usize::from(hour)] |= 1 << index;
        self.bindings[self.len] = (hour, index, wall, pos);
        self.len += 1;
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The copy (wall number, place in its pile) bound for place `index` of `hour`.
    pub(super) fn copy_for(&self, hour: usize, index: usize) -> Option<(usize, usize)> {
        if self.waits[hour] >> index & 1 == 0 {
            return None;
        }
        let found =
            self.bindings[..self.len].iter().find(|b| (usize::from(b.0), usize::from(b.1)) == (hour, index));
        found.map(|&(_, _, wall, pos)| (usize::from(wall), usize::from(pos)))
    }

    /// The place (hour pile, index) bound to the copy at `pos` of wall `wall`.
    pub(super) fn place_of(&self, wall: usize, pos: usize) -> Option<(usize, usize)> {
        let found =
            self.bindings[..self.len].iter().find(|b| (usize::from(b.2), usize::from(b.3)) == (wall, pos));
        found.map(|&(hour, index, _, _)| (usize::from(hour), usize::from(index)))
    }
}

/// None when the walled-in copies cannot all take open places in an order their walls
/// allow (the position is lost); else the places propagation binds to walled-in copies.
pub(super) fn bound_places(clock: &Clock, piles: &[Vec<Card>], walls: &Walls) -> Option<Bound> {
    let mut copies = [Walled::default(); OFF_HOURS];
    let mut graph = ClashGraph::new();
    for (wall, &(pile, stuck)) in walls.walls[..walls.len].iter().enumerate() {
        let top = highest(stuck).expect("a wall holds a stuck card");
        for (pos, &card) in piles[pile][..=top].iter().enumerate() {
            if graph.copies == OFF_HOURS {
                return Some(Bound::new()); // not a position of the game: claim nothing
            }
            let mut copy = Walled {
                wall: wall as u8,
                pos: pos as u8,
                stuck: stuck >> pos & 1 == 1,
                ..Walled::default()
            };
            for &(hour, index) in &clock.places[usize::from(card)] {
                if piles[hour].len() > index {
                    continue; // taken
                }
                if !graph.add_literal(hour) {
                    return Some(Bound::new()); // not a position of the game
                }
                copy.places[usize::from(copy.choices)] = (hour as u8, index as u8);
                copy.choices += 1;
            }
            if copy.choices == 0 {
                return Some(Bound::new()); // not a position of the game: no place is open
            }
            copies[graph.copies] = copy;
            graph.add_copy();
        }
    }
    let place = |literal: usize| copies[literal >> 1].places[literal & 1];
    for hour in 0..HOURS {
        let (literals, len) = (graph.at_hour[hour], usize::from(graph.at_hour_len[hour]));
        for (i, &first) in literals[..len].iter().enumerate() {
            for &second in &literals[i + 1..len] {
                let (first, second) = (usize::from(first), usize::from(second));
                if first >> 1 == second >> 1 {
                    continue;
                }
                let ((_, a_index), (_, b_index)) = (place(first), place(second));
                let (low, high) = if a_index <= b_index { (first, second) } else { (second, first) };
                let (a, b) = (copies[low >> 1], copies[high >> 1]);
                // one place for two copies, or the copy for the later place must reach an
                // hour first (stuck above the other in the same pile)
                if a_index == b_index || (b.stuck && b.wall == a.wall && b.pos > a.pos) {
                    graph.clash(first, second);
                }
            }
        }
    }
    let forced = forced_choices(&graph)?;
    let mut bound = Bound::new();
    for (copy, &choice) in copies[..graph.copies].iter().zip(&forced) {
        if copy.choices == 2 && choice >= 0 {
            bound.bind(copy.places[choice as usize], copy.wall, copy.pos);
        }
    }
    Some(bound)
}

/// Per copy its number of choices (one or two); literal `2 * copy + choice` chooses
/// `choice`, and names one hour; two literals that clash (not both may be chosen) name
/// the same hour.
struct ClashGraph {
    copies: usize,
    choices: [u8; OFF_HOURS],
    /// Per hour, its literals.
    at_hour: [[u8; PER_HOUR]; HOURS],
    at_hour_len: [u8; HOURS],
    /// Per literal, its hour and its slot among that hour's literals.
    slot: [(u8, u8); 2 * OFF_HOURS],
    /// Per literal, bit j: it clashes with its hour's literal in slot j.
    clashes: [u16; 2 * OFF_HOURS],
}

impl ClashGraph {
    fn new() -> ClashGraph {
        ClashGraph {
            copies: 0,
            choices: [0; OFF_HOURS],
            at_hour: [[0; PER_HOUR]; HOURS],
            at_hour_len: [0; HOURS],
            slot: [(0, 0); 2 * OFF_HOURS],
            clashes: [0; 2 * OFF_HOURS],
        }
    }

    /// The next choice of the copy being added names `hour`; false when the hour has no
    /// slot left.
    fn add_literal(&mut self, hour: usize) -> bool {
        let len = self.at_hour_len[hour];
        if usize::from(len) == PER_HOUR {
            return false;
        }
        let literal = 2 * self.copies + usize::from(self.choices[self.copies]);
        self.at_hour[hour][usize::from(len)] = literal as u8;
        self.slot[literal] = (hour as u8, len);
        self.at_hour_len[hour] += 1;
        self.choices[self.copies] += 1;
        true
    }

    /// The copy whose literals were added is complete.
    fn add_copy(&mut self) {
        self.copies += 1;
    }

    /// Literals `a` and `b` (of different copies, naming the same hour) clash.
    fn clash(&mut self, a: usize, b: usize) {
        self.clashes[a] |= 1 << self.slot[b].1;
        self.clashes[b] |= 1 << self.slot[a].1;
    }

    /// The literals that clash with `literal`.
    fn clashing(&self, literal: usize) -> impl Iterator<Item = usize> + '_ {
        let (hour, mut bits) = (usize::from(self.slot[literal].0), self.clashes[literal]);
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let slot = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                usize::from(self.at_hour[hour][slot])
            })
        })
    }
}

/// A partial choice per copy (-1: none yet), the literals chosen and not yet propagated,
/// and the copies chosen since the last trial began.
struct Assignment {
    value: [i8; OFF_HOURS],
    pending: [u8; OFF_HOURS],
    pending_len: usize,
    trail: [u8; OFF_HOURS],
    trail_len: usize,
}

impl Assignment {
    fn choose(&mut self, copy: usize, choice: usize) {
        self.value[copy] = choice as i8;
        self.trail[self.trail_len] = copy as u8;
        self.trail_len += 1;
        self.pending[self.pending_len] = (2 * copy + choice) as u8;
        self.pending_len += 1;
    }

    /// Unit propagation: a chosen literal rules out those it clashes with, which forces
    /// the other choice of their copies. False on a contradiction.
    fn propagate(&mut self, graph: &ClashGraph) -> bool {
        while self.pending_len > 0 {
            self.pending_len -= 1;
            for other in graph.clashing(usize::from(self.pending[self.pending_len])) {
                let (copy, choice) = (other >> 1, other & 1);
                if self.value[copy] == choice as i8 {
                    self.pending_len = 0;
                    return false;
                }
                if self.value[copy] < 0 {
                    self.choose(copy, 1 - choice); // a copy with one choice has it already
                }
            }
        }
        true
    }

    /// Forget the choices made since the last trial began.
    fn undo_trial(&mut self) {
        for &copy in &self.trail[..self.trail_len] {
            self.value[usize::from(copy)] = -1;
        }
        self.trail_len = 0;
    }
}

/// None when no copy can take one of its choices with no two clashing literals both
/// chosen (2-SAT); else per copy the choice every solution makes, as far as propagation
/// from the copies with one choice finds (-1: not found).
///
/// What propagation derives from the copies with one choice holds in every solution.
/// Then each undecided copy tries its first choice and keeps it when propagation meets
/// no contradiction: every clause it touched is then met, and what is left is a part of
/// the original clauses over the undecided copies, satisfiable if they are. Else it takes
/// the second; if that fails too, nothing satisfies the clauses.
fn forced_choices(graph: &ClashGraph) -> Option<[i8; OFF_HOURS]> {
    let mut at = Assignment {
        value: [-1; OFF_HOURS],
        pending: [0; OFF_HOURS],
        pending_len: 0,
        trail: [0; OFF_HOURS],
        trail_len: 0,
    };
    for copy in 0..graph.copies {
        if graph.choices[copy] == 1 {
            at.choose(copy, 0);
        }
    }
    if !at.propagate(graph) {
        return None;
    }
    let forced = at.value;
    at.trail_len = 0;
    for copy in 0..graph.copies {
        if at.value[copy] >= 0 {
            continue;
        }
        let kept = (0..2).any(|choice| {
            at.choose(copy, choice);
            let met = at.propagate(graph);
            if met {
                at.trail_len = 0; // kept for good
            } else {
                at.undo_trial();
            }
            met
        });
        if !kept {
            return None;
        }
    }
    Some(forced)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deals::SplitMix64;

    /// Every choice of one place per copy with no two clashing literals both chosen.
    fn every_solution(graph: &ClashGraph) -> Vec<Vec<usize>> {
        let n = graph.copies;
        let mut out = Vec::new();
        for code in 0..1usize << n {
            let picks: Vec<usize> = (0..n).map(|copy| code >> copy & 1).collect();
            if picks.iter().enumerate().any(|(copy, &pick)| pick >= usize::from(graph.choices[copy])) {
                continue;
            }
            let chosen = |literal: usize| picks[literal >> 1] == literal & 1;
            let clash = (0..n).any(|copy| {
                let literal = 2 * copy + picks[copy];
                graph.clashing(literal).any(chosen)
            });
            if !clash {
                out.push(picks);
            }
        }
        out
    }

    /// `forced_choices` against every choice on small random clause sets: it answers None
    /// exactly when nothing meets the clauses, and a choice it calls forced is made by
    /// every solution.
    #[test]
    fn two_valued_choices_decided_and_forced_as_by_trying_every_choice() {
        let mut rng = SplitMix64::new(4);
        let (mut answers, mut forced_seen) = ([false; 2], 0);
        for _ in 0..400 {
            let mut graph = ClashGraph::new();
            let n = 2 + rng.below(6) as usize;
            let mut literals = Vec::new();
            for copy in 0..n {
                for choice in 0..if rng.below(3) == 0 { 1 } else { 2 } {
                    assert!(graph.add_literal(0)); // every literal on one hour: at most 14
                    literals.push(2 * copy + choice);
                }
                graph.add_copy();
            }
            let mut pairs = Vec::new();
            for _ in 0..rng.below(2 * n as u64 + 1) {
                let a = literals[rng.below(literals.len() as u64) as usize];
                let b = literals[rng.below(literals.len() as u64) as usize];
                if a >> 1 != b >> 1 && !pairs.contains(&(a, b)) && !pairs.contains(&(b, a)) {
                    pairs.push((a, b));
                    graph.clash(a, b);
                }
            }
            let solutions = every_solution(&graph);
            let forced = forced_choices(&graph);
            assert_eq!(forced.is_some(), !solutions.is_empty());
            answers[usize::from(forced.is_some())] = true;
            for (copy, &choice) in forced.iter().flat_map(|f| f[..n].iter().enumerate()) {
                if choice >= 0 {
                    assert!(solutions.iter().all(|picks| picks[copy] == choice as usize));
                    forced_seen += usize::from(graph.choices[copy] == 2);
                }
            }
        }
        assert_eq!(answers, [true, true]);
        assert!(forced_seen > 50, "{forced_seen}");
    }
}
