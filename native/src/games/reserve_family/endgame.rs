//! The reserve family's last pass with the stock and hand as a pool
//! (`patience.solver.reserve_endgame`): an exact search of a relaxed game that proves lost
//! what the dead end's rules leave open.
//!
//! Once no redeal is left (RBW-7; DST-4, OPS-1, TOD-6: one pass) the cards still to come
//! are known. The pool game keeps the foundations, reserves and waste piles and puts the
//! cards to come in a pool, each free at any time to go to a foundation that takes it or
//! onto a reserve whose top is one above it (RBW-4, TOD-4, DST-3); nothing goes onto a
//! waste pile. Every winning line of the position gives one of its pool game (leave out
//! the draws and the placements of cards to come on waste piles, and play each card to
//! come from the pool where the line plays it from the hand or a waste top: every move
//! kept reads the same reserve tops and foundation counts), so a position whose pool game
//! is lost is lost. The Python module's docstring gives the argument in full.
//!
//! The search runs depth-first with the family's dead end (`dead_end_of`, which reads the
//! cards to come only as cards free to move at any time, so it holds here too) and keeps
//! its answers by key: every move raises twice the cards home plus the cards on reserves,
//! so the positions form no cycle and an answer holds whatever budget a later call has.
//! Its moves are chained: a reserve or waste top to a foundation with the pool first
//! filling the slots below it, or a waste top onto a reserve with the pool first laying
//! the ranks between, at every depth the pool allows. No win is lost so: a pool card's
//! play can be moved to just before the next card laid on the same pile, or to the end,
//! where the pool holds exactly what the foundations still want.

use std::collections::HashMap;

use super::{dead_end_of, Form, Found, PileInfo};

const MEMO_LIMIT: usize = 500_000; // answers kept; the table is emptied past this

/// When the beams ask the pool game: with at most `cards` cards to come, and for at most
/// `budget` of its positions a call.
#[derive(Clone, Copy, Debug)]
pub struct PoolLimits {
    pub cards: usize,
    pub budget: u64,
}

/// A slot a card can reach on a foundation, and the ranks of the slots between.
type Route = (usize, Vec<u8>);

/// The search ran out of its positions: nothing proved.
struct OutOfBudget;

/// The pool game of one deal (its capacity, base rank and reserves' building down), with
/// its answers kept by key.
pub(super) struct PoolGame {
    form: Form,
    below: [u8; 14],
    /// count -> rank -> (slot, ranks of the slots between): where a card of the rank
    /// goes on a foundation of that count, lowest first
    routes: Vec<[Vec<Route>; 14]>,
    memo: HashMap<Vec<u8>, bool>,
    /// Positions expanded by the last call.
    pub nodes: u64,
    budget: u64,
    counts: Vec<usize>,
    reserves: Vec<Vec<u8>>,
    wastes: Vec<Vec<u8>>,
    pool: [i32; 14],
}

impl PoolGame {
    pub(super) fn new(capacity: usize, base: u8, wrap: bool, below: [u8; 14]) -> PoolGame {
        let next_rank: Vec<u8> =
            (0..=capacity).map(|n| ((base as usize - 1 + n % 13) % 13 + 1) as u8).collect();
        let routes = (0..=capacity)
            .map(|count| {
                std::array::from_fn(|r| {
                    (count..capacity)
                        .filter(|&slot| usize::from(next_rank[slot]) == r)
                        .map(|slot| (slot, next_rank[count..slot].to_vec()))
                        .collect()
                })
            })
            .collect();
        PoolGame {
            form: Form { capacity, base, wrap },
            below,
            routes,
            memo: HashMap::new(),
            nodes: 0,
            budget: 0,
            counts: Vec::new(),
            reserves: Vec::new(),
            wastes: Vec::new(),
            pool: [0; 14],
        }
    }

    /// Whether the pool game of these parts (every foundation's count; reserves and
    /// waste piles as ranks, bottom first; the ranks to come) is lost, found within
    /// `budget` positions expanded (`nodes` then says how many).
    pub(super) fn proves_lost(
        &mut self,
        counts: Vec<usize>,
        reserves: Vec<Vec<u8>>,
        wastes: Vec<Vec<u8>>,
        to_come: &[u8],
        budget: u64,
    ) -> bool {
        if self.memo.len() > MEMO_LIMIT {
            self.memo.clear();
        }
        self.counts = counts;
        self.reserves = reserves;
        self.wastes = wastes.into_iter().filter(|w| !w.is_empty()).collect();
        self.pool = [0; 14];
        for &r in to_come {
            self.pool[usize::from(r)] += 1;
        }
        self.nodes = 0;
        self.budget = budget;
        matches!(self.won(), Ok(false))
    }

    fn key(&self) -> Vec<u8> {
        let mut counts: Vec<u8> = self.counts.iter().map(|&n| n as u8).collect();
        counts.sort_unstable();
        let mut out = counts;
        out.extend(self.pool.iter().map(|&n| n as u8));
        for cards in &self.reserves {
            out.push(cards.len() as u8);
            out.extend_from_slice(cards);
        }
        out.push(0xff);
        let mut wastes: Vec<Vec<u8>> = self
            .wastes
            .iter()
            .map(|cards| {
                let mut bytes = vec![cards.len() as u8];
                bytes.extend_from_slice(cards);
                bytes
            })
            .collect();
        wastes.sort_unstable();
        out.extend(wastes.concat());
        out
    }

    fn dead(&self) -> bool {
        let base = self.form.base;
        let info = |piles: &[Vec<u8>]| -> Vec<PileInfo> {
            piles
                .iter()
                .filter(|cards| !cards.is_empty())
                .map(|cards| PileInfo::of_ranks(cards.iter().rev().copied().collect(), base))
                .collect()
        };
        let (reserves, wastes) = (info(&self.reserves), info(&self.wastes));
        let to_come = (1..14).filter(|&r| self.pool[r] > 0).fold(0u32, |m, r| m | 1 << r);
        let mut counts = self.counts.clone();
        counts.sort_unstable();
        let found = Found::new(&counts, &self.form);
        dead_end_of(&self.form, &found, &reserves, &wastes, to_come, true)
    }

    fn won(&mut self) -> Result<bool, OutOfBudget> {
        if self.reserves.iter().all(Vec::is_empty) && self.wastes.iter().all(Vec::is_empty) {
            return Ok(true); // the pool completes the foundations
        }
        let key = self.key();
        if let Some(&known) = self.memo.get(&key) {
            return Ok(known);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        let won = !self.dead() && self.any_move_wins()?;
        self.memo.insert(key, won);
        Ok(won)
    }

    /// Each reserve or waste top to a foundation, then each waste top onto a reserve,
    /// each with the pool cards it needs first. An answer out of budget leaves the parts
    /// as they are: the next call sets them afresh.
    fn any_move_wins(&mut self) -> Result<bool, OutOfBudget> {
        let reserves = self.reserves.len();
        for pile in 0..reserves + self.wastes.len() {
            let Some(r) = self.pile(pile).pop() else {
                continue;
            };
            let won = self.chained_home(r)?;
            self.pile(pile).push(r);
            if won {
                return Ok(true);
            }
        }
        for reserve in 0..reserves {
            if self.reserves[reserve].is_empty() {
                continue; // RBW-4, TOD-4, DST-3: an emptied reserve is gone
            }
            for waste in 0..self.wastes.len() {
                let Some(r) = self.wastes[waste].pop() else {
                    continue;
                };
                let won = self.chained_build(reserve, r)?;
                self.wastes[waste].push(r);
                if won {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    fn pile(&mut self, pile: usize) -> &mut Vec<u8> {
        let reserves = self.reserves.len();
        if pile < reserves {
            &mut self.reserves[pile]
        } else {
            &mut self.wastes[pile - reserves]
        }
    }

    /// The card of rank `r`, taken from its pile, onto a foundation at each slot of its
    /// place it can reach with pool cards filling the slots between; of foundations with
    /// equal counts only one (the key sorts the counts).
    fn chained_home(&mut self, r: u8) -> Result<bool, OutOfBudget> {
        let mut tried: Vec<usize> = Vec::new();
        for j in 0..self.counts.len() {
            let n = self.counts[j];
            if tried.contains(&n) {
                continue;
            }
            tried.push(n);
            for k in 0..self.routes[n][usize::from(r)].len() {
                let (slot, between) = &self.routes[n][usize::from(r)][k];
                let slot = *slot;
                let between = between.clone();
                for &b in &between {
                    self.pool[usize::from(b)] -= 1;
                }
                let won = if self.pool.iter().all(|&c| c >= 0) {
                    self.counts[j] = slot + 1;
                    let won = self.won();
                    self.counts[j] = n;
                    won?
                } else {
                    false
                };
                for &b in &between {
                    self.pool[usize::from(b)] += 1;
                }
                if won {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The card of rank `r`, taken from its waste pile, onto reserve `reserve` at each
    /// depth of pool cards it can reach: the pool lays the ranks down from the one below
    /// the top, as the reserve takes them (RBW-4, TOD-4, DST-3).
    fn chained_build(&mut self, reserve: usize, r: u8) -> Result<bool, OutOfBudget> {
        let size = self.reserves[reserve].len();
        let mut won = false;
        loop {
            let top = *self.reserves[reserve].last().expect("a reserve with cards");
            let under = self.below[usize::from(top)];
            if under == 0 {
                break;
            }
            if under == r {
                self.reserves[reserve].push(r);
                let answer = self.won();
                self.reserves[reserve].pop();
                won = answer?;
                if won {
                    break;
                }
            }
            if self.pool[usize::from(under)] == 0 {
                break;
            }
            self.pool[usize::from(under)] -= 1;
            self.reserves[reserve].push(under);
        }
        while self.reserves[reserve].len() > size {
            let laid = self.reserves[reserve].pop().expect("a pool card laid");
            self.pool[usize::from(laid)] += 1;
        }
        Ok(won)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::cards::rank;
    use crate::deals::{chance_source, deal_order, SplitMix64};
    use crate::engine::{Rules, State};
    use crate::games::reserve_family::{ReserveRules, BASE_RANK};
    use crate::search::{solve, Budget, Outcome};

    fn double_star() -> ReserveRules {
        let shape = crate::games::double_star::shape(8, 5);
        ReserveRules::new("double-star", shape, 0, false)
    }

    /// Whether the pool game of the position proves it lost, given all its parts.
    fn pool_lost(rules: &ReserveRules, game: &mut PoolGame, state: &State) -> bool {
        let piles = &state.board.piles;
        let ranks = |p: usize| piles[p].iter().map(|&c| rank(c)).collect::<Vec<u8>>();
        let to_come: Vec<u8> =
            piles[rules.stock].iter().chain(&piles[rules.hand]).map(|&c| rank(c)).collect();
        game.proves_lost(
            rules.found_piles().map(|f| piles[f].len()).collect(),
            (0..rules.reserves).map(ranks).collect(),
            rules.waste_piles().map(ranks).collect(),
            &to_come,
            100_000,
        )
    }

    /// The pool game never proves lost a position the exact search wins (its proof,
    /// module note), and it proves lost some the family's dead end leaves open. Two-deck
    /// Star (DST-4) deals to 12 cards to come: along a won line (every position on it
    /// winnable) and along random playouts (each asked of the exact search too).
    #[test]
    fn a_position_the_pool_game_proves_lost_is_never_won() {
        let rules = Arc::new(double_star());
        let budget = Budget { max_nodes: 200_000, max_seconds: 20.0, max_table_bytes: 1 << 26 };
        let (mut proved, mut winnable) = (0, 0);
        for deal in 1..40u64 {
            let deck = deal_order(deal, 2);
            let start = State::new(rules.clone(), &deck, chance_source(Some(deal), &deck));
            let base = start.board.vars[BASE_RANK] as u8;
            let mut game = PoolGame::new(13, base, true, rules.below);
            let to_come = |s: &State| s.board.piles[rules.stock].len() + s.board.piles[rules.hand].len();
            let mut state = State::new(rules.clone(), &deck, chance_source(Some(deal), &deck));
            let won = solve(&mut state, budget);
            if won.outcome == Outcome::Won {
                for mv in won.line {
                    state.play_raw(mv);
                    if to_come(&state) <= 12 {
                        assert!(!pool_lost(&rules, &mut game, &state), "deal {deal} on its won line");
                        winnable += 1;
                    }
                }
            }
            let mut state = start;
            let mut rng = SplitMix64::new(deal);
            while to_come(&state) > 12 && !state.legal_raw().is_empty() {
                let legal = state.legal_raw().to_vec();
                state.play_raw(legal[rng.below(legal.len() as u64) as usize]);
            }
            if to_come(&state) > 12 || rules.dead_end(&state.board) {
                continue;
            }
            let lost = pool_lost(&rules, &mut game, &state);
            assert!(!(lost && solve(&mut state, budget).outcome == Outcome::Won), "deal {deal}");
            proved += usize::from(lost);
        }
        assert!(proved > 0 && winnable > 0, "proved {proved}, winnable {winnable}");
    }

    /// With nothing left but the pool the foundations complete; the pool fills the slots
    /// below a waste card (chained plays); two kings over the queen a foundation needs
    /// first are lost, the queen over them is not.
    #[test]
    fn small_pool_games() {
        let rules = double_star();
        let mut game = PoolGame::new(13, 1, true, rules.below);
        assert!(!game.proves_lost(vec![12; 8], vec![vec![]], vec![], &[13; 8], 1000));
        let mut pool = vec![12; 8];
        pool.extend([13; 7]);
        assert!(!game.proves_lost(vec![11; 8], vec![vec![]], vec![vec![13]], &pool, 1000));
        let mut counts = vec![13; 6];
        counts.extend([12, 11]);
        assert!(game.proves_lost(counts.clone(), vec![vec![]], vec![vec![12, 13, 13]], &[], 1000));
        assert!(!game.proves_lost(counts, vec![vec![]], vec![vec![13, 13, 12]], &[], 1000));
    }
}
