//! Shah's restarted probes (`solver.shah.probe_order`, `depth_first.restarts`) and the
//! search that finishes the beam's kept positions: depth-first searches for a win, each
//! in its own order, cut off early (`Shah::dive`).

use std::time::Instant;

use super::{circle, is_outer, keeps_dead_end, raises_foundation, Shah, FOUND0, RAYS, SLOT0, STOCK, TALON};
use crate::cards::{rank, suit, Card};
use crate::engine::{Board, Move, Rules, State};
use crate::hash::HashedSet;
use crate::search::{self, probe_cutoff, ProbeSpend};

/// Nodes of the shortest probe (`probes.PROBE_UNIT`).
const PROBE_UNIT: u64 = 256;
/// How far a probe's random draw may move a move past others, in guide ranks
/// (`solver.shah.GUIDE_NOISE`).
const GUIDE_NOISE: f64 = 3.0;
/// Chance, at a position, that a probe tries `deal`/`draw` before the card moves
/// (`solver.shah.EARLY_ACTION`).
const EARLY_ACTION: f64 = 0.05;

/// A small generator (splitmix64) seeding each probe's order; which order a probe
/// tries changes no answer.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5851_F42D_4C95_7F2D)
    }

    /// A draw in [0, 1).
    fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Restarted probes (`Shah::dive`), numbered on from one run to the next.
pub(super) struct Probes {
    pub(super) next: u64,    // the next probe's number
    pub(super) nodes: u64,   // moves played by the whole dive so far
    pub(super) probe: Probe, // each probe in turn, its buffers reused
}

impl Probes {
    /// Probes until the dive has played `limit` moves or `until` passes: a won line from
    /// `state` or None.
    pub(super) fn run(
        &mut self,
        rules: &Shah,
        state: &mut State,
        limit: u64,
        until: Instant,
    ) -> Option<Vec<Move>> {
        while self.nodes < limit && !search::past(until) {
            let cutoff = probe_cutoff(self.next, PROBE_UNIT).min(limit - self.nodes);
            let probing = &mut self.probe;
            probing.start(Some(Rng::new(self.next)), cutoff, until);
            let won = probing.search(rules, state);
            self.nodes += probing.spend.nodes;
            self.next += 1;
            if won {
                return Some(std::mem::take(&mut probing.line));
            }
        }
        None
    }
}

/// A search for a win from `state` in `shah_order` (the beam dive's finish, as
/// `shah_search.first_probe`, which looks for the win alone): the line from there or
/// None, and the moves it played.
pub(super) fn finish(
    rules: &Shah,
    probing: &mut Probe,
    state: &mut State,
    cutoff: u64,
    until: Instant,
) -> (Option<Vec<Move>>, u64) {
    probing.start(None, cutoff, until);
    let won = probing.search(rules, state);
    (won.then(|| std::mem::take(&mut probing.line)), probing.spend.nodes)
}

/// The largest set of positions a probe's successor reuses (clearing a larger one's
/// control bytes would cost more than a short probe).
const REUSED_SEEN: usize = 1 << 14;

/// One probe: a depth-first search for a win in its own order (`shah_order` without a
/// generator), positions met once (by `solver_key`), cut off after `cutoff` nodes. Its
/// buffers serve probe after probe.
pub(super) struct Probe {
    rng: Option<Rng>,
    seen: HashedSet,
    keyed: Vec<(f64, usize, Move)>, // moves while they are ordered
    spare: Vec<Vec<Move>>,          // move lists of the positions on the line, for reuse
    line: Vec<Move>,
    spend: ProbeSpend,
}

impl Default for Probe {
    fn default() -> Probe {
        Probe {
            rng: None,
            seen: HashedSet::default(),
            keyed: Vec::new(),
            spare: Vec::new(),
            line: Vec::new(),
            spend: ProbeSpend::new(0, Instant::now()),
        }
    }
}

impl Probe {
    /// Ready for a new probe: nothing met, no move played.
    fn start(&mut self, rng: Option<Rng>, cutoff: u64, until: Instant) {
        if self.seen.capacity() > REUSED_SEEN {
            self.seen = HashedSet::default();
        } else {
            self.seen.clear();
        }
        self.line.clear();
        self.rng = rng;
        self.spend = ProbeSpend::new(cutoff, until);
    }

    /// Whether a win lies below `state` within the cut-off; the won line is `line`.
    /// `state` is left as given.
    fn search(&mut self, rules: &Shah, state: &mut State) -> bool {
        let founds = rules.foundations_item(&state.board.piles);
        !rules.dead_end(&state.board) && self.search_on(rules, state, founds)
    }

    /// `search` from a position the dead end lets through, `founds` its
    /// `Shah::foundations_item`.
    fn search_on(&mut self, rules: &Shah, state: &mut State, founds: u128) -> bool {
        let mut legal = self.spare.pop().unwrap_or_default();
        state.legal_into(&mut legal);
        self.arrange(rules, &state.board, &mut legal);
        let won = self.search_moves(rules, state, &legal, founds);
        self.spare.push(legal);
        won
    }

    /// `search` on, through `legal` in turn.
    fn search_moves(&mut self, rules: &Shah, state: &mut State, legal: &[Move], founds: u128) -> bool {
        for &mv in legal {
            if !self.spend.step() {
                return false;
            }
            state.play_raw(mv);
            self.line.push(mv);
            if state.is_won() {
                state.pop();
                return true;
            }
            // what the move leaves as it was is not read again
            let founds =
                if raises_foundation(mv) { rules.foundations_item(&state.board.piles) } else { founds };
            let key = rules.table_key_with(&state.board, founds);
            let lets_through = |state: &State| keeps_dead_end(mv) || !rules.dead_end(&state.board);
            if self.seen.insert(key) && lets_through(state) && self.search_on(rules, state, founds) {
                state.pop();
                return true;
            }
            self.line.pop();
            state.pop();
        }
        false
    }

    /// `probe_order`: `guide_rank` plus a draw of up to `GUIDE_NOISE` (`noisy_order`),
    /// and by a small chance the actions first (`actions_first_sometimes`).
    fn arrange(&mut self, rules: &Shah, board: &Board, legal: &mut Vec<Move>) {
        let Some(rng) = self.rng.as_mut() else {
            rules.order(board, legal);
            return;
        };
        let keyed = &mut self.keyed;
        keyed.clear();
        keyed.extend(
            legal.iter().enumerate().map(|(i, &m)| (guide_rank(board, m) + GUIDE_NOISE * rng.unit(), i, m)),
        );
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        legal.clear();
        legal.extend(keyed.iter().map(|&(_, _, m)| m));
        if rng.unit() < EARLY_ACTION && legal.iter().any(Move::is_action) {
            legal.sort_by_key(|m| !m.is_action()); // stable: the actions, then the card moves
        }
    }
}

/// Some foundation takes `card` next (SHA-2: up in suit).
fn fits(piles: &[Vec<Card>], card: Card) -> bool {
    piles[FOUND0..FOUND0 + RAYS].iter().any(|f| f[f.len() - 1] + 4 == card)
}

/// Some outer slot's top takes `card` as a marriage (SHA-6: down in suit).
fn marries(piles: &[Vec<Card>], card: Card) -> bool {
    circle(2).any(|o| piles[o].last() == Some(&(card + 4)))
}

/// Both foundations of `card`'s suit hold its predecessor: no copy of that can ever want
/// `card` as a marriage target (SHA-6).
fn home_for_good(piles: &[Vec<Card>], card: Card) -> bool {
    let below = usize::from(rank(card)) - 1;
    piles[FOUND0..FOUND0 + RAYS].iter().filter(|f| suit(f[0]) == suit(card) && f.len() >= below).count() == 2
}

/// `solver.shah.guide_rank`: how promising a move looks, lowest first (its docstring
/// gives the ranks' reasons: SHA-5, SHA-6, SHA-8, SHA-9).
fn guide_rank(board: &Board, mv: Move) -> f64 {
    let piles = &board.piles;
    if mv.is_action() {
        return 5.0;
    }
    let (src, dst, index) = (mv.src, mv.dst, mv.index);
    if dst < RAYS {
        let inner_middle = (SLOT0..STOCK).contains(&src) && !is_outer(src);
        return if inner_middle || home_for_good(piles, piles[src][index]) { 0.0 } else { 1.2 };
    }
    if src == STOCK && piles[dst].is_empty() {
        let card = piles[src][index];
        if fits(piles, card) {
            return 0.5;
        }
        if marries(piles, card) {
            return 1.5;
        }
    }
    let mut rank = plain_rank(piles, mv);
    if src == TALON && index > 0 {
        let bared = piles[src][index - 1];
        if fits(piles, bared)
            || marries(piles, bared)
            || (is_outer(dst) && piles[dst].is_empty() && bared + 4 == piles[src][index])
        {
            rank -= 1.5;
        }
    }
    rank
}

/// `guide_rank` of a card move before the look at the stock and the bared card.
fn plain_rank(piles: &[Vec<Card>], mv: Move) -> f64 {
    let (src, dst, index) = (mv.src, mv.dst, mv.index);
    if let Some(&target) = piles[dst].last() {
        // a marriage onto an outer slot (SHA-6)
        if src == TALON || src == STOCK {
            return 1.0;
        }
        if index > 0 {
            let below = piles[src][index - 1];
            if below == target {
                return 7.0;
            }
            return if fits(piles, below) { 2.0 } else { 6.0 };
        }
        let middle = piles[src - 1].last();
        return if middle.is_some_and(|&m| fits(piles, m)) { 2.0 } else { 6.0 };
    }
    if !is_outer(dst) {
        // SHA-8: an inner or middle gap, by how far the card is from its foundation
        let card = piles[src][index];
        let r = usize::from(rank(card));
        let steps = piles[FOUND0..FOUND0 + RAYS]
            .iter()
            .filter(|f| suit(f[0]) == suit(card) && f.len() < r)
            .map(|f| r - f.len())
            .fold(6, usize::min);
        return 3.0 + (6 - steps) as f64 / 3.0;
    }
    if src == TALON {
        3.0
    } else {
        4.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::deals::{chance_source, deal_order, SplitMix64};
    use crate::games;

    /// Along random lines, every legal move that `keeps_dead_end` says leaves the dead
    /// end's reading as it was gives the same answer after as before, and every move
    /// that `raises_foundation` leaves out keeps the foundations' part of the table key:
    /// the probes read neither again after such a move.
    #[test]
    fn what_a_move_leaves_is_not_read_again() {
        let rules = Shah::new(games::shah::build(&Vec::new()).expect("shah plays").layout().to_vec());
        let mut rng = SplitMix64::new(3);
        let (mut kept, mut dead) = (0, 0);
        for deal in 1..=200 {
            let (shared, decks) = games::rules("shah", &Vec::new()).expect("shah plays");
            let deck = deal_order(deal, decks);
            let mut state = State::new(shared, &deck, chance_source(Some(deal), &deck));
            while !state.legal_raw().is_empty() && state.moves_played() < 400 {
                let legal = state.legal_raw().to_vec();
                let (dead_before, founds) =
                    (rules.dead_end(&state.board), rules.foundations_item(&state.board.piles));
                dead += usize::from(dead_before);
                for &mv in &legal {
                    state.play_raw(mv);
                    if keeps_dead_end(mv) {
                        assert_eq!(rules.dead_end(&state.board), dead_before, "deal {deal}, {mv:?}");
                        kept += 1;
                    }
                    if !raises_foundation(mv) {
                        assert_eq!(rules.foundations_item(&state.board.piles), founds, "deal {deal}, {mv:?}");
                    }
                    state.pop();
                }
                state.play_raw(legal[rng.below(legal.len() as u64) as usize]);
            }
        }
        assert!(kept > 1000 && dead > 100, "{kept} moves kept the dead end, {dead} dead ends");
    }
}
