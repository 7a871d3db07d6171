//! The reserve family (`patience.games.reserve_family`): the one procedure
//! of Rainbow, Open Shop, Toad and the two-deck Star, a game told from another only by its
//! `Shape`; and what the solver knows of the family (`patience.solver.reserve_family`).
//!
//! A reserve offers its last card to the foundations and is built on downward regardless
//! of suit; foundations build up regardless of suit. The stock is turned one card at a
//! time into `hand`; the hand card goes to a foundation, onto a reserve or onto a waste
//! pile, and a waste pile's top goes only to a foundation or onto a reserve. No move of
//! the family is reversible (the Python module argues it), so every move is flagged
//! irreversible and the repetition rule never looks.

use std::cell::RefCell;
use std::time::Instant;

use crate::cards::{rank, Card, RANK_CHARS};
use crate::deals::{chance_shuffle, SplitMix64};
use crate::engine::{unit_draw, Board, Kind, Move, Pile, Place, Rules, State, Value};
use crate::games::toad;
use crate::hash::{hash128, HashedMap};

mod dive;
mod endgame;

pub use dive::DiveSpec;
pub use endgame::PoolLimits;

const DRAW: usize = 0;
const REDEAL: usize = 1;
// vars shared by the family (`FAMILY_VARS`); Toad adds whether its extraction is used,
// Rainbow the cards each waste pile received this pass (RBW-6)
const BASE_RANK: usize = 0;
const FACE_DOWN: usize = 1;
const REDEALS_DONE: usize = 2;
const FAMILY_VARS: usize = 3;
pub const EXTRACTED: usize = FAMILY_VARS;

/// What tells one game of the family from another (`Shape`), built from its options.
pub struct Shape {
    pub reserves: &'static [&'static str], // pile ids; dealt to in this order
    pub reserve_size: usize,               // cards dealt to each reserve
    pub reserve_wrap: bool,                // building down on a reserve may go A -> K
    pub foundations: usize,
    pub foundation_cards: usize, // 13, or 26 where a foundation goes round twice
    pub waste_piles: usize,
    pub base_from_deal: bool, // the card after the reserves starts found1 (else aces)
    pub face_down_reserve: bool, // RBW-1: all face down but the end card
    pub ace_extraction: bool, // TOD-3: one ace may be taken out of a reserve
    pub redeals: i32,         // RBW-7
    pub even_piles: bool,     // RBW-6: the hand card only onto a pile with the fewest this pass
}

/// The family's procedure (`ReserveRules`) for one game and option set.
pub struct ReserveRules {
    game: &'static str,
    pub shape: Shape,
    layout: Vec<Pile>,
    var_count: usize,
    /// Toad's `ace_extracted` counter in `to_dict` (rules version 2 on).
    shows_extracted: bool,
    reserves: usize, // piles 0 .. reserves
    found0: usize,   // foundations found0 .. waste0
    waste0: usize,   // waste piles waste0 .. stock
    pub stock: usize,
    pub hand: usize,
    /// rank -> the rank that goes down on it (0: none; no K on A without wrap)
    below: [u8; 14],
    /// TOD-3: the extraction is the player's move, once a game (today's rules)
    pub extraction_move: bool,
    /// RBW-6: the first of the waste piles' counters, after the family's and the game's
    placed0: usize,
    /// The search's restarted probes, the shortest of this many nodes (`probed`).
    probe_unit: Option<u64>,
    /// The beams run before the search, and with what share of its budgets (`dived`).
    dive: Option<DiveSpec>,
}

impl ReserveRules {
    /// The rules of `game` of this shape; `extra_vars` counters follow the family's three,
    /// and the waste piles' counters follow those where the piles are even (RBW-6).
    pub fn new(game: &'static str, shape: Shape, extra_vars: usize, shows_extracted: bool) -> ReserveRules {
        let reserves = shape.reserves.len();
        let found0 = reserves;
        let waste0 = found0 + shape.foundations;
        let stock = waste0 + shape.waste_piles;
        let mut layout: Vec<Pile> = shape.reserves.iter().map(|r| Pile::new(r, Kind::Reserve, 0)).collect();
        layout.extend(
            (1..=shape.foundations)
                .map(|i| Pile::new(&format!("found{i}"), Kind::Foundation, shape.foundation_cards)),
        );
        layout.extend((1..=shape.waste_piles).map(|i| Pile::new(&format!("pile{i}"), Kind::Waste, 0)));
        layout.push(Pile::new("stock", Kind::Stock, 0));
        layout.push(Pile::new("hand", Kind::Hand, 0));
        let mut below = [0u8; 14];
        below[1] = if shape.reserve_wrap { 13 } else { 0 };
        for (r, slot) in below.iter_mut().enumerate().skip(2) {
            *slot = r as u8 - 1;
        }
        assert!(shape.reserves.len() <= MOST_RESERVES, "the table key reads at most two reserves");
        assert!(shape.foundations <= MOST_FOUNDATIONS, "the dead end reads at most eight foundations");
        assert!(
            shape.waste_piles <= MOST_WASTE_PILES,
            "the dead end and the key read at most eight waste piles"
        );
        let extraction_move = shape.ace_extraction;
        let placed0 = FAMILY_VARS + extra_vars;
        let placed = if shape.even_piles { shape.waste_piles } else { 0 };
        ReserveRules {
            game,
            shape,
            layout,
            var_count: placed0 + placed,
            shows_extracted,
            reserves,
            found0,
            waste0,
            stock,
            hand: stock + 1,
            below,
            extraction_move,
            placed0,
            probe_unit: None,
            dive: None,
        }
    }

    /// The same game searched by restarted probes, the shortest of `unit` nodes.
    pub fn probed(self, unit: u64) -> ReserveRules {
        ReserveRules { probe_unit: Some(unit), ..self }
    }

    /// The same game dived for a win before its search (`dive.rs`).
    pub fn dived(self, spec: DiveSpec) -> ReserveRules {
        ReserveRules { dive: Some(spec), ..self }
    }

    /// Cards each waste pile received this pass beyond the fewest (RBW-6; all 0 where the
    /// piles need not be even), `pile_marks`.
    /// Past the waste piles the array holds 0s, which zipping with the piles leaves out.
    fn pile_marks(&self, board: &Board) -> [i32; MOST_WASTE_PILES] {
        let mut marks = [0; MOST_WASTE_PILES];
        if self.shape.even_piles {
            let placed = &board.vars[self.placed0..self.placed0 + self.shape.waste_piles];
            let fewest = placed.iter().copied().min().unwrap_or(0);
            for (mark, n) in marks.iter_mut().zip(placed) {
                *mark = n - fewest;
            }
        }
        marks
    }

    fn found_piles(&self) -> std::ops::Range<usize> {
        self.found0..self.waste0
    }

    fn waste_piles(&self) -> std::ops::Range<usize> {
        self.waste0..self.stock
    }

    fn is_reserve(&self, pile: usize) -> bool {
        pile < self.reserves
    }

    /// Whether `mv` plays a waste top to a foundation (what the dive's `hold` declines).
    fn sends_waste_home(&self, mv: &Move) -> bool {
        !mv.is_action() && self.waste_piles().contains(&mv.src) && self.found_piles().contains(&mv.dst)
    }

    /// TOD-3: whether an extraction is open (`bool(rules.extractions(state))`): it needs
    /// an empty foundation, which four foundations (TOD-8) may no longer have. Once shut
    /// it stays shut: foundations never empty, and nothing is laid on an ace (TOD-4).
    pub fn extraction_open(&self, board: &Board) -> bool {
        self.extraction_move
            && board.vars[EXTRACTED] == 0
            && self.found_piles().any(|f| board.piles[f].is_empty())
            && (0..self.reserves).any(|r| {
                let cards = &board.piles[r];
                cards.len() > 1 && cards[..cards.len() - 1].iter().any(|&c| rank(c) == 1)
            })
    }

    /// Whether the search takes only the extractions now (`toad::extractions_first`):
    /// while one is open, where an ace only ever starts a foundation (TOD-2, 13 cards).
    /// Four foundations of 26 (TOD-8) also take aces on kings, and there every move is
    /// searched.
    fn extractions_only(&self, board: &Board) -> bool {
        self.shape.foundation_cards == 13 && self.extraction_open(board)
    }

    /// Whether `mv` takes an ace out from under a reserve's top (TOD-3).
    fn is_extraction(board: &Board, mv: &Move) -> bool {
        !mv.is_action() && mv.index + 1 < board.piles[mv.src].len()
    }

    /// TOD-3: each ace under the top of reserve `src` may be taken out to `found`, the
    /// lowest-numbered empty foundation; an ace on top goes up by an ordinary play.
    fn extractions_from(&self, src: usize, cards: &[Card], found: usize, out: &mut Vec<Move>) {
        for (i, &card) in cards[..cards.len() - 1].iter().enumerate() {
            if rank(card) == 1 {
                out.push(Move::card(src, found, i, false));
            }
        }
    }

    /// RBW-7: waste piles gathered in order, shuffled by chance, the first card on top.
    fn redeal(&self, board: &mut Board) {
        let mut gathered = Vec::new();
        for w in self.waste_piles() {
            gathered.extend_from_slice(&board.piles[w]);
            board.replace(w, Vec::new());
        }
        let done = board.vars[REDEALS_DONE];
        let mut shuffled = chance_shuffle(&gathered, &board.chance, done);
        shuffled.reverse();
        board.replace(self.stock, shuffled);
        board.set_var(REDEALS_DONE, done + 1);
        if self.shape.even_piles {
            for var in self.placed0..self.var_count {
                board.set_var(var, 0); // RBW-6: a new pass starts with the redeal
            }
        }
    }
}

impl Rules for ReserveRules {
    fn game_id(&self) -> &'static str {
        self.game
    }

    fn layout(&self) -> &[Pile] {
        &self.layout
    }

    fn actions(&self) -> &'static [&'static str] {
        &["draw", "redeal"]
    }

    fn var_count(&self) -> usize {
        self.var_count
    }

    fn setup(&self, board: &mut Board, deck: &[Card]) {
        let shape = &self.shape;
        let mut dealt = 0;
        for reserve in 0..self.reserves {
            // TOD-7: toad1 first, then toad2
            board.piles[reserve] = deck[dealt..dealt + shape.reserve_size].to_vec();
            dealt += shape.reserve_size;
        }
        if shape.face_down_reserve {
            board.vars[FACE_DOWN] = shape.reserve_size as i32 - 1; // RBW-1
        }
        if shape.base_from_deal {
            // RBW-2, OPS-1, DST-2: the next card is the first base
            board.piles[self.found0].push(deck[dealt]);
            board.vars[BASE_RANK] = i32::from(rank(deck[dealt]));
            dealt += 1;
        } else {
            // TOD-2: aces start the foundations (rules version 1's extraction at setup
            // is not played here: `native.supports` leaves that version to Python)
            board.vars[BASE_RANK] = 1;
        }
        let mut stock = deck[dealt..].to_vec();
        stock.reverse(); // the next card dealt is the stock's top
        board.piles[self.stock] = stock;
    }

    fn generate(&self, board: &Board, out: &mut Vec<Move>) {
        let (piles, v) = (&board.piles, &board.vars);
        let capacity = self.shape.foundation_cards;
        // rank -> foundations that take it next, as bits of foundation numbers (RBW-3,
        // TOD-2, DST-2: regardless of suit)
        let mut takes = [0u16; 14];
        let mut first_empty = usize::MAX;
        for f in self.found_piles() {
            let cards = &piles[f];
            match cards.last() {
                None => first_empty = first_empty.min(f),
                // with wrap; a Toad foundation is full at K, so it never wraps (TOD-2)
                Some(&top) if cards.len() < capacity => {
                    takes[usize::from(rank(top) % 13 + 1)] |= 1 << (f - self.found0);
                }
                Some(_) => {}
            }
        }
        // RBW-2: a starting card goes to the lowest empty foundation, after those
        // that have come round to the base rank
        let base = v[BASE_RANK] as usize;
        let takes_to = |r: usize, src: usize, index: usize, out: &mut Vec<Move>| {
            let mut bits = takes[r];
            while bits != 0 {
                let f = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out.push(Move::card(src, self.found0 + f, index, false));
            }
            if r == base && first_empty != usize::MAX {
                out.push(Move::card(src, first_empty, index, false));
            }
        };
        // rank -> reserves it may go down on, as bits (RBW-4, TOD-4, DST-3); an emptied
        // reserve is gone. TOD-7: either toad pile may be built on.
        let mut builds = [0u8; 14];
        let extract = self.extraction_move && v[EXTRACTED] == 0;
        for (src, cards) in piles.iter().enumerate().take(self.reserves) {
            if let Some(&top) = cards.last() {
                let r = usize::from(rank(top));
                takes_to(r, src, cards.len() - 1, out);
                let below = usize::from(self.below[r]);
                if below != 0 {
                    builds[below] |= 1 << src;
                }
                if extract && first_empty != usize::MAX {
                    // TOD-3, TOD-7: an ace from any depth of either toad pile, to an
                    // empty foundation (TOD-8: four may all be started)
                    self.extractions_from(src, cards, first_empty, out);
                }
            }
        }
        for src in self.waste_piles().chain([self.hand]) {
            // RBW-5, TOD-5: pile tops and the hand card
            let cards = &piles[src];
            if let Some(&top) = cards.last() {
                let r = usize::from(rank(top));
                takes_to(r, src, cards.len() - 1, out);
                let mut bits = builds[r];
                while bits != 0 {
                    let reserve = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    out.push(Move::card(src, reserve, cards.len() - 1, false));
                }
            }
        }
        if !piles[self.hand].is_empty() {
            // TOD-5, DST-4, OPS-1: the hand card onto any waste pile; RBW-5, RBW-6: onto
            // one that has received no more than the others this pass
            let marks = self.pile_marks(board);
            out.extend(
                self.waste_piles()
                    .zip(marks)
                    .filter(|&(_, mark)| mark == 0)
                    .map(|(w, _)| Move::card(self.hand, w, 0, false)),
            );
        } else if !piles[self.stock].is_empty() {
            out.push(Move::action(DRAW));
        } else if v[REDEALS_DONE] < self.shape.redeals && self.waste_piles().any(|w| !piles[w].is_empty()) {
            // RBW-7 [R]: a redeal with every waste pile empty is not offered
            out.push(Move::action(REDEAL));
        }
    }

    fn apply(&self, board: &mut Board, mv: Move) {
        if mv.is_action() {
            if mv.dst == DRAW {
                board.move_top(self.stock, self.hand, 1); // RBW-5
            } else {
                self.redeal(board);
            }
            return;
        }
        let (src, dst) = (mv.src, mv.dst);
        if mv.index != board.piles[src].len() - 1 {
            // TOD-3: the cards above the ace close up
            board.take_at(src, mv.index, dst);
            board.set_var(EXTRACTED, 1);
            return;
        }
        board.move_top(src, dst, 1);
        if src == 0 && self.shape.face_down_reserve {
            // RBW-4: turn up the next card
            let down = board.vars[FACE_DOWN];
            if down != 0 && board.piles[0].len() as i32 == down {
                board.set_var(FACE_DOWN, down - 1);
            }
        }
        if self.shape.even_piles && src == self.hand && self.waste_piles().contains(&dst) {
            // RBW-6: the placement counts for this pass
            let var = self.placed0 + dst - self.waste0;
            board.set_var(var, board.vars[var] + 1);
        }
    }

    /// All cards on the foundations; a quick no while the stock holds cards.
    fn is_won(&self, board: &Board) -> bool {
        board.piles[self.stock].is_empty()
            && self.found_piles().map(|f| board.piles[f].len()).sum::<usize>()
                == self.shape.foundations * self.shape.foundation_cards
    }

    fn face_down(&self, board: &Board) -> Vec<(usize, usize)> {
        let mut down = vec![(self.stock, board.piles[self.stock].len())];
        if self.shape.face_down_reserve {
            down.push((0, board.vars[FACE_DOWN] as usize));
        }
        down
    }

    /// `ReserveRules.unseen`: cards never seen, the stock and Rainbow's face-down rainbow
    /// (RBW-1), are one group until the first redeal; a redeal (RBW-7) shuffles cards seen
    /// on the waste piles into the stock, a group of its own from then on.
    fn unseen(&self, state: &State) -> Vec<Vec<Place>> {
        let board = &state.board;
        let down = if self.shape.face_down_reserve { board.vars[FACE_DOWN] as usize } else { 0 };
        let mut never: Vec<Place> = (0..down).map(|k| (0, k)).collect();
        let stock: Vec<Place> = (0..board.piles[self.stock].len()).map(|k| (self.stock, k)).collect();
        let groups = if board.vars[REDEALS_DONE] > 0 {
            vec![never, stock]
        } else {
            never.extend(stock);
            vec![never]
        };
        groups.into_iter().filter(|g| !g.is_empty()).collect()
    }

    fn counters(&self, board: &Board) -> Vec<(String, Value)> {
        let base = RANK_CHARS[board.vars[BASE_RANK] as usize - 1] as char;
        let mut out = vec![
            ("base_rank".into(), Value::Str(base.to_string())),
            ("redeals".into(), Value::Int(i64::from(board.vars[REDEALS_DONE]))),
            ("redeals_allowed".into(), Value::Int(i64::from(self.shape.redeals))),
        ];
        if self.shows_extracted {
            out.push(("ace_extracted".into(), Value::Bool(board.vars[EXTRACTED] != 0)));
        }
        if self.shape.even_piles {
            let placed = self
                .waste_piles()
                .map(|w| {
                    let var = self.placed0 + w - self.waste0;
                    (format!("pile{}", w - self.waste0 + 1), Value::Int(i64::from(board.vars[var])))
                })
                .collect();
            out.push(("placed_this_pass".into(), Value::Map(placed)));
        }
        out
    }

    fn probe_unit(&self) -> Option<u64> {
        self.probe_unit
    }

    /// `reserve_probe_order`: probe 0 keeps `reserve_order`; probe n > 0 shifts each
    /// waste-pile choice's score by a random draw of up to `PROBE_NOISE[n % 3]` eighths
    /// of a card, so successive probes try the hand card on different piles near the top
    /// of the tree (TOD-5, DST-4, OPS-1, RBW-5: the placements are what decides a deal).
    /// While Toad's extraction is open (TOD-3) with foundations of 13 the extractions
    /// alone are searched (`toad::extractions_first`), shuffled after probe 0 so that the
    /// probes spread over them as `search_after_extractions`'s rounds do. An order never
    /// changes what a complete search answers.
    fn probe_order(&self, board: &Board, legal: &mut Vec<Move>, probe: u64, rng: &mut SplitMix64) {
        if self.extractions_only(board) {
            self.order(board, legal);
            if probe > 0 {
                for i in (1..legal.len()).rev() {
                    legal.swap(i, rng.below(i as u64 + 1) as usize);
                }
            }
            return;
        }
        if probe == 0 {
            self.reserve_order(board, legal, None);
        } else {
            let noise = PROBE_NOISE[(probe % PROBE_NOISE.len() as u64) as usize];
            self.reserve_order(board, legal, Some((rng, noise)));
        }
    }

    /// The family's beams (`dive.rs`, `solver/reserve_dive.py`), for a game given them.
    fn dive(&self, state: &mut State, max_nodes: u64, deadline: Instant) -> (Option<Vec<Move>>, u64) {
        match &self.dive {
            Some(spec) => dive::dive(self, spec, state, max_nodes, deadline),
            None => (None, 0),
        }
    }

    // --- what the solver knows of the family ----------------------------------------

    /// `ReserveRules.solver_key`: every rule reads ranks only and the redeal permutes
    /// places, not values, so cards enter as ranks; a foundation is its count; reserves
    /// are interchangeable (TOD-7), and so are waste piles, each with its even-piles mark
    /// (RBW-6), once no redeal is left (only RBW-7 reads their order); before the first redeal the stock is a fixed suffix of
    /// the deal, so its length says it. The Python docstring argues each step.
    fn solver_key(&self, board: &Board, out: &mut Vec<u8>) {
        let (piles, v) = (&board.piles, &board.vars);
        let mut counts = [0u8; MOST_FOUNDATIONS];
        let counts = &mut counts[..self.shape.foundations];
        for (count, f) in counts.iter_mut().zip(self.found_piles()) {
            *count = piles[f].len() as u8;
        }
        counts.sort_unstable();
        out.extend_from_slice(counts);
        // each pile's bytes, written in the order of those bytes where piles are
        // interchangeable: the order a sort of the bytes as lists gives
        let reserve_bytes = |r: usize| std::iter::once(piles[r].len() as u8).chain(ranks_of(&piles[r]));
        let mut reserves: [usize; MOST_RESERVES] = std::array::from_fn(|r| r);
        let reserves = &mut reserves[..self.reserves];
        reserves.sort_unstable_by(|&a, &b| reserve_bytes(a).cmp(reserve_bytes(b)));
        for &r in reserves.iter() {
            out.extend(reserve_bytes(r));
        }
        let marks = self.pile_marks(board);
        let waste_bytes = |k: usize| {
            let w = self.waste0 + k;
            [piles[w].len() as u8, marks[k] as u8].into_iter().chain(ranks_of(&piles[w]))
        };
        let mut wastes: [usize; MOST_WASTE_PILES] = std::array::from_fn(|k| k);
        let wastes = &mut wastes[..self.shape.waste_piles];
        if v[REDEALS_DONE] >= self.shape.redeals {
            wastes.sort_unstable_by(|&a, &b| waste_bytes(a).cmp(waste_bytes(b)));
        }
        for &k in wastes.iter() {
            out.extend(waste_bytes(k));
        }
        out.push(v[REDEALS_DONE] as u8);
        let stock = &piles[self.stock];
        if v[REDEALS_DONE] != 0 {
            out.extend(ranks_of(stock));
        }
        out.push(stock.len() as u8);
        out.push(piles[self.hand].last().map_or(0, |&c| rank(c)));
        if self.extraction_move {
            out.push(v[EXTRACTED] as u8); // TOD-3: whether the one extraction is used
        }
    }

    /// `reserve_safe_move`: a card of rank r to a foundation of count k when every r
    /// still to come goes on count k. Let n foundations have count k and r's copies off
    /// the foundations number n, with every copy of the rank that goes down on r home
    /// (RBW-4, TOD-4, DST-3): then every r still to come lands on a count-k foundation,
    /// nothing can go onto the card, and playing it first then any winning line without
    /// its play wins too (the Python docstring gives the step-by-step argument). While a
    /// redeal is left (RBW-7) only a reserve card is claimed, since the redeal reads the
    /// waste piles' order, and never the hand card where the piles are even (RBW-6: its
    /// placement would count); while Toad's extraction (TOD-3) is open nothing is.
    /// Nothing goes down on an ace without wrap (TOD-4), so there the rank below is not
    /// read: with foundations of 13 an ace to an empty one always passes (as many empty
    /// foundations as aces off); with four of 26 (TOD-8) every foundation of count 0 or
    /// 1 to 13 lacks two or one aces, which adds up to the aces off, so an ace to an empty
    /// foundation never passes and one onto a king passes only when every foundation that
    /// still wants an ace holds 13 cards, each of them taking one of the aces to come.
    fn safe_move(&self, board: &Board, legal: &[Move]) -> Option<Move> {
        if self.extraction_open(board) {
            return None;
        }
        let (piles, v) = (&board.piles, &board.vars);
        let redeal_left = v[REDEALS_DONE] < self.shape.redeals;
        let base = v[BASE_RANK] as u8;
        for &mv in legal {
            if mv.is_action() || !self.found_piles().contains(&mv.dst) {
                continue;
            }
            if !self.is_reserve(mv.src) && (redeal_left || (mv.src == self.hand && self.shape.even_piles)) {
                continue;
            }
            let count = piles[mv.dst].len();
            let r = rank(*piles[mv.src].last().expect("a card to play"));
            let below = self.below[usize::from(r)];
            if below != 0 && self.copies_off(board, place_of(below, base)) != 0 {
                continue;
            }
            let same = self.found_piles().filter(|&f| piles[f].len() == count).count();
            if same >= self.copies_off(board, place_of(r, base)) {
                return Some(mv);
            }
        }
        None
    }

    /// `reserve_dead_end`: a stack that cannot unwind, or no card of the ranks a win
    /// needs next able to come free (`dead_end_of`); nothing while Toad's extraction is
    /// open, since it takes a card from inside a reserve (TOD-3).
    fn dead_end(&self, board: &Board) -> bool {
        !self.extraction_open(board) && self.read_dead_end(board)
    }

    /// `reserve_order` (with Toad's extractions first, `toad::extractions_first`, where
    /// that loses nothing: `extractions_only`).
    fn order(&self, board: &Board, legal: &mut Vec<Move>) {
        if self.extractions_only(board) {
            toad::extractions_first(legal, |m| Self::is_extraction(board, m));
            return;
        }
        self.reserve_order(board, legal, None);
    }
}

impl ReserveRules {
    /// The dead end of a position whose extraction, if any, is used or gone; its piles
    /// are read into `DEAD_END_PILES`, so that it allocates nothing once they have grown.
    fn read_dead_end(&self, board: &Board) -> bool {
        let (piles, v) = (&board.piles, &board.vars);
        let base = v[BASE_RANK] as u8;
        let form = Form { capacity: self.shape.foundation_cards, base, wrap: self.shape.reserve_wrap };
        let mut counts = [0usize; MOST_FOUNDATIONS];
        let counts = &mut counts[..self.shape.foundations];
        for (count, f) in counts.iter_mut().zip(self.found_piles()) {
            *count = piles[f].len();
        }
        counts.sort_unstable();
        let found = Found::new(counts, &form);
        let last = v[REDEALS_DONE] >= self.shape.redeals;
        let ranks = |pile: usize| piles[pile].iter().rev().map(|&c| rank(c));
        DEAD_END_PILES.with(|kept| {
            let (reserves, wastes) = &mut *kept.borrow_mut();
            reserves.clear();
            for r in (0..self.reserves).filter(|&r| !piles[r].is_empty()) {
                reserves.push(ranks(r), base);
            }
            if !last {
                return !unwound(&form, &found, reserves.read(), &[], last);
            }
            wastes.clear();
            for w in self.waste_piles().filter(|&w| !piles[w].is_empty()) {
                wastes.push(ranks(w), base);
            }
            let mut to_come = 0u32;
            for &card in piles[self.stock].iter().chain(&piles[self.hand]) {
                to_come |= 1 << rank(card);
            }
            dead_end_of(&form, &found, reserves.read(), wastes.read(), to_come, last)
        })
    }

    /// Cards of one place's rank not yet on the foundations (two decks: eight in all).
    fn copies_off(&self, board: &Board, place: u8) -> usize {
        let home: usize = self.found_piles().map(|f| copies_home(board.piles[f].len(), place)).sum();
        8 - home
    }

    /// `reserve_order`: foundation plays first (reserve cards before waste and hand
    /// cards, each onto the least advanced foundation), then builds on a reserve, then
    /// the hand card onto a waste pile whose top is needed no sooner than it (the closest
    /// first), an empty pile, a pile whose top is needed latest; draws last. Waste piles
    /// alike in cards and marks (RBW-6) get one move once no redeal is left: the others
    /// reach the same position under `solver_key` (only RBW-7 reads the piles' order).
    /// Given `noise`, each waste-pile score is shifted by a draw of up to that many
    /// eighths of a card (`_ordered` with its generator).
    fn reserve_order(&self, board: &Board, legal: &mut Vec<Move>, mut noise: Option<(&mut SplitMix64, f64)>) {
        let (piles, v) = (&board.piles, &board.vars);
        let base = v[BASE_RANK] as u8;
        let mut counts: Vec<usize> = self.found_piles().map(|f| piles[f].len()).collect();
        counts.sort_unstable();
        let wait = waits(self.shape.foundation_cards, &counts);
        let hand = &piles[self.hand];
        let hand_wait = hand.last().map_or(0, |&c| wait[usize::from(place_of(rank(c), base))]);
        let symmetric = v[REDEALS_DONE] >= self.shape.redeals;
        let marks = self.pile_marks(board);
        let mut seen: Vec<(i32, &[Card])> = Vec::new();
        let same_ranks =
            |a: &[Card], b: &[Card]| a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| rank(x) == rank(y));
        // scores in thousandths, as the Python floats
        let mut ranked: Vec<(i64, usize, Move)> = Vec::with_capacity(legal.len());
        for (i, &mv) in legal.iter().enumerate() {
            let score = if mv.is_action() {
                9_000_000
            } else if self.found_piles().contains(&mv.dst) {
                (if self.is_reserve(mv.src) { 0 } else { 1000 }) + piles[mv.dst].len() as i64
            } else if self.is_reserve(mv.dst) {
                if mv.src == self.hand {
                    2000
                } else {
                    6_000_000
                }
            } else {
                let cards = &piles[mv.dst];
                if symmetric {
                    let mark = marks[mv.dst - self.waste0];
                    if seen.iter().any(|&(m, s)| m == mark && same_ranks(s, cards)) {
                        continue;
                    }
                    seen.push((mark, cards));
                }
                let top_wait = cards.last().map_or(-1, |&c| wait[usize::from(place_of(rank(c), base))]);
                let shift = match noise.as_mut() {
                    Some((rng, spread)) => (unit_draw(rng) * *spread * 1000.0) as i64,
                    None => 0,
                };
                waste_score(top_wait, hand_wait) + shift
            };
            ranked.push((score, i, mv));
        }
        ranked.sort_unstable_by_key(|&(score, i, _)| (score, i));
        legal.clear();
        legal.extend(ranked.into_iter().map(|(_, _, m)| m));
    }
}

/// Score spreads of the probes' waste-pile choices, in turn, in eighths of a card
/// (`reserve_family.PROBE_NOISE`): small, so a probe mostly reorders near-equal choices.
const PROBE_NOISE: [f64; 3] = [20.0, 50.0, 100.0];

/// Lower is tried sooner (thousandths): a top needed no sooner than the hand card (the
/// closest first), then an empty pile (`top_wait` -1), then the top needed latest.
fn waste_score(top_wait: i64, hand_wait: i64) -> i64 {
    if top_wait < 0 {
        3_000_000
    } else if top_wait >= hand_wait {
        (10 + top_wait - hand_wait) * 1000
    } else {
        (4000 - top_wait) * 1000
    }
}

/// Place -> how long until that place is wanted, in eighths of a card (`waits`): with
/// foundations of 13 the slowest foundation that still needs the place, with 26 the mean.
fn waits(capacity: usize, counts: &[usize]) -> [i64; 13] {
    let slowest = capacity == 13;
    let mut total = [0i64; 13];
    let mut needing = [0i64; 13];
    for &count in counts {
        // the places from the count's round to the last slot, `gap` cards away
        let mut place = count % 13;
        for gap in 0..capacity.saturating_sub(count).min(13) {
            if slowest {
                total[place] = total[place].max(gap as i64);
                needing[place] = 1;
            } else {
                total[place] += gap as i64;
                needing[place] += 1;
            }
            place = if place == 12 { 0 } else { place + 1 };
        }
    }
    let mut out = [999i64; 13];
    for p in 0..13 {
        if needing[p] != 0 {
            out[p] = total[p] * 8 / needing[p];
        }
    }
    out
}

// --- the dead end (`patience.solver.reserve_family`) ------------------------------------
//
// A foundation of count k holds the places 0 … k-1 of its sequence, a rank's place being
// its distance up from the base rank; a 26-card foundation goes through every place twice.
// Ranks and places are sets of bits below.

const ALL_RANKS: u32 = 0x3FFE; // bits 1 to 13
const ALL_PLACES: u32 = 0x1FFF; // bits 0 to 12
/// Up to this many places wanted next, each set of two or more is tried as T; beyond,
/// only all of them (`WANTED_SUBSETS`).
const WANTED_SUBSETS: usize = 4;

/// The ranks of these cards, in their order.
fn ranks_of(cards: &[Card]) -> impl Iterator<Item = u8> + '_ {
    cards.iter().map(|&c| rank(c))
}

/// The rank's place in a foundation's sequence: 0 for the base rank, wrapping at K.
fn place_of(r: u8, base: u8) -> u8 {
    (r + 13 - base) % 13
}

/// How many cards of a place lie on a foundation of `count` cards.
fn copies_home(count: usize, place: u8) -> usize {
    (count + 12 - usize::from(place)) / 13
}

/// What the dead end reads besides the piles: fixed for a deal.
struct Form {
    capacity: usize,
    base: u8,
    wrap: bool,
}

/// The foundation counts (sorted): those below capacity, all of them as bits, and the
/// places wanted next.
struct Found {
    open: Slots,
    bits: u64,
    wanted: u32, // places as bits
}

impl Found {
    fn new(counts: &[usize], form: &Form) -> Found {
        let open = Slots::below(counts, form.capacity);
        let bits = counts.iter().fold(0u64, |b, &n| b | 1 << n);
        let wanted = open.open().iter().fold(0u32, |w, &n| w | 1 << (n % 13));
        Found { open, bits, wanted }
    }

    /// Rank -> the stuck ranks of the rank's place alone (`Found.alone`): its own, and
    /// those whose place no foundation takes before its next slot of it. Read only
    /// where the quick answers of `dead_end_of` leave the question open.
    fn alone(&self, form: &Form) -> [u32; 14] {
        // place -> the places some open foundation takes before its next slot of it
        // (`run`): going round from the foundation's count, each place one more
        let mut free = [0u32; 13];
        for &n in self.open.open() {
            let n = usize::from(n);
            let limit = form.capacity - n;
            let (mut place, mut taken) = (n % 13, 0u32);
            for gap in 0..13 {
                free[place] |= taken;
                if gap < limit {
                    taken |= 1 << place;
                }
                place = if place == 12 { 0 } else { place + 1 };
            }
        }
        let mut alone = [0u32; 14];
        let base = u32::from(form.base);
        for (place, &free) in free.iter().enumerate() {
            let stuck = (1 << place | !free) & ALL_PLACES;
            let turned = (stuck << (base - 1) | stuck >> (14 - base)) & ALL_PLACES;
            alone[(place + base as usize - 1) % 13 + 1] = turned << 1;
        }
        alone
    }
}

/// The places, as bits, a foundation of `count` cards takes before its next slot of
/// place `p` (`_runs`).
fn run(capacity: usize, count: usize, p: usize) -> u32 {
    let start = count % 13;
    // `gap` places from `start` on, round the thirteen (at most 12)
    let gap = ((p + 13 - start) % 13).min(capacity - count);
    let bits = ((1u32 << gap) - 1) << start;
    (bits | bits >> 13) & ALL_PLACES
}

/// One non-empty reserve or waste pile as the dead end reads it (`PileInfo`).
struct PileInfo {
    ranks: Vec<u8>,  // top first
    places: Vec<u8>, // top first
    top: u8,
    mask: u32,
    /// rank -> the ranks above its first copy (top first), as bits; None: not in the pile
    covers: [Option<u32>; 14],
}

impl PileInfo {
    /// The pile of these ranks, top first.
    fn of_ranks(ranks: Vec<u8>, base: u8) -> PileInfo {
        let mut info = PileInfo::room();
        info.read(ranks.into_iter(), base);
        info
    }

    /// Room for a pile, to be `read`.
    fn room() -> PileInfo {
        PileInfo { ranks: Vec::new(), places: Vec::new(), top: 0, mask: 0, covers: [None; 14] }
    }

    /// Read the pile of these ranks, top first, into this one's room.
    fn read(&mut self, ranks: impl Iterator<Item = u8>, base: u8) {
        self.ranks.clear();
        self.places.clear();
        self.covers = [None; 14];
        let mut cover = 0u32;
        for r in ranks {
            self.ranks.push(r);
            self.places.push(place_of(r, base));
            if self.covers[usize::from(r)].is_none() {
                self.covers[usize::from(r)] = Some(cover);
            }
            cover |= 1 << r;
        }
        self.top = self.ranks[0];
        self.mask = cover;
    }
}

/// Piles read by the dead end, their room kept from one position to the next.
#[derive(Default)]
struct ReadPiles {
    infos: Vec<PileInfo>,
    len: usize,
}

impl ReadPiles {
    fn clear(&mut self) {
        self.len = 0;
    }

    /// Read one more pile, of these ranks top first.
    fn push(&mut self, ranks: impl Iterator<Item = u8>, base: u8) {
        if self.len == self.infos.len() {
            self.infos.push(PileInfo::room());
        }
        self.infos[self.len].read(ranks, base);
        self.len += 1;
    }

    fn read(&self) -> &[PileInfo] {
        &self.infos[..self.len]
    }
}

thread_local! {
    /// The reserves and the waste piles `read_dead_end` reads.
    static DEAD_END_PILES: RefCell<(ReadPiles, ReadPiles)> = RefCell::default();
}

/// `dead_end_of`: the position's parts (foundation counts, non-empty reserves and waste
/// piles, the ranks still to come from stock and hand as bits).
fn dead_end_of(
    form: &Form,
    found: &Found,
    reserves: &[PileInfo],
    wastes: &[PileInfo],
    to_come: u32,
    last: bool,
) -> bool {
    if !unwound(form, found, reserves, wastes, last) {
        return true;
    }
    if !last || to_come == ALL_RANKS {
        return false; // a quick no: every rank has a copy still to come
    }
    let alone = found.alone(form);
    let mut exempt = to_come; // a copy still to come or on top is never walled
    let mut union = 0;
    let mut free = 0; // ranks the quick no of `walled` frees for their place alone
    for info in reserves.iter().chain(wastes) {
        exempt |= 1 << info.top;
        union |= info.mask;
        free |= free_alone(&alone, info);
    }
    let mut rest = union & !exempt & !free;
    while rest != 0 {
        let r = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if closed(form, 1 << r, alone[r], to_come, reserves, wastes) {
            return true;
        }
    }
    let base = usize::from(form.base);
    let mut wanted = 0u32; // places wanted next none of whose ranks is exempt
    for place in 0..13 {
        if found.wanted >> place & 1 != 0 && exempt >> ((place + base - 1) % 13 + 1) & 1 == 0 {
            wanted |= 1 << place;
        }
    }
    wanted_sets(wanted).any(|wall| walled(form, found, wall, to_come, reserves, wastes))
}

/// The sets T tried of the places wanted next: every set of two or more of them, or
/// only all of them beyond `WANTED_SUBSETS`; largest first, as bits.
fn wanted_sets(wanted: u32) -> impl Iterator<Item = u32> {
    let count = wanted.count_ones() as usize;
    let all = count > WANTED_SUBSETS;
    // the subsets of `wanted` from `wanted` itself down, each the last one less one
    let mut next = if count < 2 { None } else { Some(wanted) };
    std::iter::from_fn(move || {
        let sub = next?;
        next = if all || sub == 0 { None } else { Some((sub - 1) & wanted) };
        Some(sub)
    })
    .take_while(|&sub| sub != 0)
    .filter(|sub| sub.count_ones() >= 2)
}

/// Rank bits of the ranks r for which `walled` of r's place alone gives the quick no on
/// this pile: its first copy of r has no card above it stuck for that place.
fn free_alone(alone: &[u32; 14], info: &PileInfo) -> u32 {
    let mut known = 0;
    for (r, (cover, &stuck)) in info.covers.iter().zip(alone).enumerate().skip(1) {
        if cover.is_some_and(|cover| cover & stuck == 0) {
            known |= 1 << r;
        }
    }
    known
}

/// `stacks_unwind` on the position's parts (`_unwound`): every reserve, and the cards of
/// each waste pile that no reserve can take, could still be played out onto the
/// foundations top card first. A reserve's cards go only to a foundation and only from
/// its top (RBW-4, OPS-1, TOD-1, DST-3); with no redeal left a waste pile's cards that
/// can never go onto a reserve leave it the same way: all of them once no reserve is
/// left, and under Toad's build down without wrap (TOD-4) those of a rank no lower than
/// the highest card in the reserves. A win plays every such stack out.
fn unwound(form: &Form, found: &Found, reserves: &[PileInfo], wastes: &[PileInfo], last: bool) -> bool {
    let counts = found.open;
    if reserves.iter().any(|info| !unwinds(counts, form.capacity, &info.places)) {
        return false;
    }
    if !last {
        return true;
    }
    let reach = if reserves.is_empty() {
        0
    } else if form.wrap {
        return true;
    } else {
        let highest = reserves.iter().fold(0u32, |m, info| m | info.mask);
        31 - highest.leading_zeros() as u8 // the highest card's rank
    };
    for info in wastes {
        if info.ranks.len() > 1 {
            // the cards of ranks from `reach` up, as places, top first
            let mut fixed = [0u8; MOST_CARDS];
            let mut len = 0;
            for (&r, &p) in info.ranks.iter().zip(&info.places) {
                if r >= reach {
                    fixed[len] = p;
                    len += 1;
                }
            }
            if len > 1 && !unwinds(counts, form.capacity, &fixed[..len]) {
                return false;
            }
        }
    }
    true
}

/// `unwinds`: whether cards of these places, arriving in this order, can each be laid
/// on one of foundations of these counts (sorted, full ones left out), each taking its
/// cards at rising slots, slot q holding place q mod 13, below `capacity`. Only the
/// multiset of next free slots matters (the Python docstring argues it); one round is
/// decided by best fit, two by first fit or else a search over the least multisets.
fn unwinds(slots: Slots, capacity: usize, places: &[u8]) -> bool {
    let Some(key) = unwinds_key(&slots, capacity, places) else {
        return unwinds_now(slots, capacity, places);
    };
    if let Some(known) = UNWINDS.with(|kept| kept.borrow().get(&key).copied()) {
        return known;
    }
    let answer = unwinds_now(slots, capacity, places);
    UNWINDS.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.len() >= UNWINDS_KEPT {
            kept.clear();
        }
        kept.insert(key, answer);
    });
    answer
}

/// `unwinds` worked out.
fn unwinds_now(slots: Slots, capacity: usize, places: &[u8]) -> bool {
    if capacity == 13 {
        best_fit(slots, places)
    } else {
        first_fit(slots, capacity, places) || search_unwinds(slots, capacity, places)
    }
}

/// Answers of `unwinds` kept at most before they are forgotten: a table of some 4 MB
/// (131,072 slots of 17 bytes and their control bytes).
const UNWINDS_KEPT: usize = 1 << 16;

thread_local! {
    /// `unwinds`'s answers by `unwinds_key`: the foundations' counts and a pile's places
    /// change seldom while the other cards move, so most questions come again. One table
    /// a thread serves every game, since the key holds the whole question.
    static UNWINDS: RefCell<HashedMap<bool>> = RefCell::new(HashedMap::default());
}

/// The question `unwinds` answers as a 128-bit hash (`hash::hash128`, whose
/// collisions are as rare as the search's table keys'): its capacity, slots and places,
/// each a byte; None for a question of more than `QUESTION_BYTES`.
fn unwinds_key(slots: &Slots, capacity: usize, places: &[u8]) -> Option<u128> {
    let slots = slots.open();
    let len = 2 + slots.len() + places.len();
    if len > QUESTION_BYTES {
        return None;
    }
    let mut bytes = [0u8; QUESTION_BYTES];
    bytes[0] = capacity as u8; // 13 or 26
    bytes[1] = slots.len() as u8;
    bytes[2..2 + slots.len()].copy_from_slice(slots);
    bytes[2 + slots.len()..len].copy_from_slice(places);
    Some(hash128(&bytes[..len]))
}

/// The longest question `UNWINDS` keeps, in bytes.
const QUESTION_BYTES: usize = 64;

/// The most foundations a game of the family has (Toad's and the two-deck Star's eight).
const MOST_FOUNDATIONS: usize = 8;
/// The most reserves a game of the family has (Toad's two).
const MOST_RESERVES: usize = 2;
/// The most waste piles the dead end reads (the family's games have at most five).
const MOST_WASTE_PILES: usize = 8;
/// The cards of two decks: no pile holds more.
const MOST_CARDS: usize = 104;

/// The next free slots of the open foundations, in a fixed array so that the dead end,
/// asked at most positions, allocates nothing; places past `len` hold `u8::MAX`, so
/// that a sort keeps them last and comparisons and sums treat every state alike.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Slots {
    len: usize,
    at: [u8; MOST_FOUNDATIONS],
}

impl Slots {
    fn new(counts: &[usize]) -> Slots {
        let mut at = [u8::MAX; MOST_FOUNDATIONS];
        for (slot, &count) in at.iter_mut().zip(counts) {
            *slot = count as u8; // a foundation holds at most 26 cards
        }
        Slots { len: counts.len(), at }
    }

    /// The slots of the foundations of these counts (sorted) below `capacity`.
    fn below(counts: &[usize], capacity: usize) -> Slots {
        let open = counts.iter().take_while(|&&n| n < capacity).count();
        Slots::new(&counts[..open])
    }

    fn open(&self) -> &[u8] {
        &self.at[..self.len]
    }

    /// Raise slot `j` of these sorted slots to `value` and keep them sorted: only that
    /// one moves, rightwards past the slots below its new value.
    fn raise(&mut self, mut j: usize, value: u8) {
        while j + 1 < self.len && self.at[j + 1] < value {
            self.at[j] = self.at[j + 1];
            j += 1;
        }
        self.at[j] = value;
    }
}

/// One round: each card onto the foundation with the highest next free slot not above
/// its place (`_best_fit`).
fn best_fit(mut slots: Slots, places: &[u8]) -> bool {
    for &place in places {
        let mut best = None;
        let mut high = -1i32;
        for (j, &cur) in slots.open().iter().enumerate() {
            if high < i32::from(cur) && cur <= place {
                best = Some(j);
                high = i32::from(cur);
            }
        }
        let Some(j) = best else {
            return false;
        };
        slots.at[j] = place + 1;
    }
    true
}

/// The slot at which a foundation whose next free slot is `cur` takes place `place`.
fn fitting_slot(cur: u8, place: u8) -> usize {
    let (cur, place) = (usize::from(cur), usize::from(place));
    cur + (place + 13 - cur % 13) % 13
}

/// Each card onto the foundation whose first fitting slot is lowest: a quick yes.
fn first_fit(mut slots: Slots, capacity: usize, places: &[u8]) -> bool {
    for &place in places {
        let mut best = None;
        let mut best_slot = capacity;
        for (j, &cur) in slots.open().iter().enumerate() {
            let slot = fitting_slot(cur, place);
            if slot < best_slot {
                best = Some(j);
                best_slot = slot;
            }
        }
        let Some(j) = best else {
            return false;
        };
        slots.at[j] = best_slot as u8 + 1;
    }
    true
}

/// `unwinds` by breadth over the multisets of next free slots, least ones only; of the
/// foundations that would take a card at the same slot only the highest is tried.
fn search_unwinds(counts: Slots, capacity: usize, places: &[u8]) -> bool {
    let mut states: Vec<Slots> = vec![counts];
    let mut grown: Vec<Slots> = Vec::new();
    for &place in places {
        grown.clear();
        for slots in &states {
            let mut last = usize::MAX;
            for j in (0..slots.len).rev() {
                let slot = fitting_slot(slots.at[j], place);
                if slot == last {
                    continue;
                }
                last = slot;
                if slot < capacity {
                    let mut next = *slots;
                    next.raise(j, slot as u8 + 1);
                    if !grown.contains(&next) {
                        grown.push(next);
                    }
                }
            }
        }
        if grown.is_empty() {
            return false;
        }
        least(&mut grown, &mut states);
    }
    true
}

/// The states no other state is below everywhere (`_least`), into `kept`.
fn least(states: &mut [Slots], kept: &mut Vec<Slots>) {
    states.sort_by_key(|s| s.open().iter().map(|&n| usize::from(n)).sum::<usize>());
    kept.clear();
    for slots in states.iter() {
        if !kept.iter().any(|k| k.open().iter().zip(slots.open()).all(|(a, b)| a <= b)) {
            kept.push(*slots);
        }
    }
}

/// Rank bits of the places of `wall`, and rank bits of the stuck ranks (of those
/// places, or no foundation takes them before its next slot of one of them):
/// `_targets_and_stuck`, `reachable` with places as bits.
fn targets_and_stuck(form: &Form, found: &Found, wall: u32) -> (u32, u32) {
    let mut free = 0u32; // places as bits
    for n in 0..=form.capacity {
        if found.bits >> n & 1 != 0 {
            let mut r = ALL_PLACES;
            for p in 0..13 {
                if wall >> p & 1 != 0 {
                    r &= run(form.capacity, n, p);
                }
            }
            free |= r;
        }
    }
    let (mut target, mut stuck) = (0u32, 0u32);
    for r in 1..14u8 {
        let place = place_of(r, form.base);
        if wall >> place & 1 != 0 {
            target |= 1 << r;
            stuck |= 1 << r;
        } else if free >> place & 1 == 0 {
            stuck |= 1 << r;
        }
    }
    (target, stuck)
}

/// `_walled`: whether no card of the places of `wall` can come free before one is
/// played; most sets are answered by the quick no, a pile whose first stuck card (top
/// first) is of the places.
fn walled(
    form: &Form,
    found: &Found,
    wall: u32,
    to_come: u32,
    reserves: &[PileInfo],
    wastes: &[PileInfo],
) -> bool {
    let (target, stuck) = targets_and_stuck(form, found, wall);
    if to_come & target != 0 {
        return false;
    }
    for r in 1..14 {
        if target >> r & 1 == 0 {
            continue;
        }
        for info in reserves.iter().chain(wastes) {
            if let Some(cover) = info.covers[r] {
                if cover & stuck == 0 {
                    return false;
                }
            }
        }
    }
    closed(form, target, stuck, to_come, reserves, wastes)
}

/// `_closed`: the least fixed point of the ranks a reserve can come to show (`shown`),
/// that can be laid on a reserve (`moving`) and that can leave a waste pile; true when
/// it holds no card of the target ranks. Before a target card is played a reserve shows
/// its cards down to its first stuck one or a card laid on it onto a rank it showed; a
/// waste card moves only once every card above it has gone to a foundation or onto a
/// reserve showing the rank above (RBW-4, TOD-4, DST-3, TOD-5).
fn closed(
    form: &Form,
    target: u32,
    stuck: u32,
    to_come: u32,
    reserves: &[PileInfo],
    wastes: &[PileInfo],
) -> bool {
    let mut shown = 0u32;
    for info in reserves {
        // top first; these leave only to foundations
        for &r in &info.ranks {
            let bit = 1 << r;
            if target & bit != 0 {
                return false;
            }
            shown |= bit;
            if stuck & bit != 0 {
                break;
            }
        }
    }
    let wrap_bit = |shown: u32| {
        if form.wrap && shown & 2 != 0 {
            1 << 13
        } else {
            0
        }
    };
    let mut opened = [0usize; MOST_WASTE_PILES]; // cards from the top known to come free
    let mut moving = to_come;
    let mut changed = true;
    while changed {
        loop {
            // close `shown` under building down: a moving rank onto a shown one
            let grown = shown | ((shown >> 1 | wrap_bit(shown)) & moving);
            if grown == shown {
                break;
            }
            shown = grown;
        }
        // a card leaves to a foundation (not stuck) or onto a shown rank one higher
        let leaves = !stuck | shown >> 1 | wrap_bit(shown);
        changed = false;
        for (k, info) in wastes.iter().enumerate() {
            let ranks = &info.ranks;
            let mut n = opened[k];
            while n < ranks.len() {
                if n != 0 && leaves >> ranks[n - 1] & 1 == 0 {
                    break;
                }
                let r = ranks[n];
                if target >> r & 1 != 0 {
                    return false;
                }
                moving |= 1 << r;
                n += 1;
                changed = true;
            }
            opened[k] = n;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::deals::{chance_source, deal_order, SplitMix64};
    use crate::engine::{OptValue, Options, State};
    use crate::games;

    /// The run of places a foundation takes before its next slot of a place, read in one
    /// step, is the run counted place by place.
    #[test]
    fn a_run_is_its_places_counted_one_by_one() {
        for capacity in [13, 26] {
            for count in 0..=capacity {
                for p in 0..13 {
                    let gap = ((p + 13 - count % 13) % 13).min(capacity - count);
                    let counted = (0..gap).fold(0, |r, g| r | 1 << ((count + g) % 13));
                    assert_eq!(super::run(capacity, count, p), counted, "{capacity} {count} {p}");
                }
            }
        }
    }

    /// Each rank's stuck ranks alone, read going round from each count, are those the
    /// runs of `run` give: its place's, and those of places no open foundation takes
    /// before its next slot of that place.
    #[test]
    fn a_place_alone_is_stuck_as_the_runs_say() {
        let mut rng = SplitMix64::new(13);
        for round in 0..2_000 {
            let capacity = if round % 2 == 0 { 13 } else { 26 };
            let form = super::Form { capacity, base: 1 + rng.below(13) as u8, wrap: false };
            let len = 1 + rng.below(8) as usize;
            let mut counts: Vec<usize> = (0..len).map(|_| rng.below(capacity as u64 + 1) as usize).collect();
            counts.sort_unstable();
            let alone = super::Found::new(&counts, &form).alone(&form);
            for place in 0..13usize {
                let free = counts
                    .iter()
                    .filter(|&&n| n < capacity)
                    .fold(0, |f, &n| f | super::run(capacity, n, place));
                let stuck = (1 << place | !free) & super::ALL_PLACES;
                let r = (place + usize::from(form.base) - 1) % 13 + 1;
                let ranks = (0..13)
                    .filter(|&p| stuck >> p & 1 != 0)
                    .fold(0u32, |m, p| m | 1 << ((p + usize::from(form.base) - 1) % 13 + 1));
                assert_eq!(alone[r], ranks, "{counts:?} base {} place {place}", form.base);
            }
        }
    }

    /// The waits read going round from each count are those of each place's gap.
    #[test]
    fn waits_going_round_are_the_gaps_counted() {
        let mut rng = SplitMix64::new(17);
        for round in 0..2_000 {
            let capacity = if round % 2 == 0 { 13 } else { 26 };
            let len = 1 + rng.below(8) as usize;
            let counts: Vec<usize> = (0..len).map(|_| rng.below(capacity as u64 + 1) as usize).collect();
            let mut out = [999i64; 13];
            for (place, wait) in out.iter_mut().enumerate() {
                let gaps: Vec<i64> = counts
                    .iter()
                    .map(|&n| (n, (place + 13 - n % 13) % 13))
                    .filter(|&(n, gap)| n < capacity && n + gap < capacity)
                    .map(|(_, gap)| gap as i64)
                    .collect();
                if let Some(&most) = gaps.iter().max() {
                    *wait = if capacity == 13 {
                        most * 8
                    } else {
                        gaps.iter().sum::<i64>() * 8 / gaps.len() as i64
                    };
                }
            }
            assert_eq!(super::waits(capacity, &counts), out, "{counts:?}");
        }
    }

    /// Raising one of the sorted slots keeps them sorted, as sorting them again would.
    #[test]
    fn raising_a_slot_keeps_the_slots_sorted() {
        let mut rng = SplitMix64::new(11);
        for _ in 0..2_000 {
            let len = 1 + rng.below(8) as usize;
            let mut counts: Vec<usize> = (0..len).map(|_| rng.below(26) as usize).collect();
            counts.sort_unstable();
            let j = rng.below(len as u64) as usize;
            let value = counts[j] as u8 + rng.below(26 - counts[j] as u64 + 1) as u8;
            let mut slots = super::Slots::new(&counts);
            slots.raise(j, value);
            counts[j] = usize::from(value);
            counts.sort_unstable();
            assert_eq!(slots, super::Slots::new(&counts));
        }
    }

    /// `unwinds` answers as it works out, whether its answer was kept or not.
    #[test]
    fn kept_unwinds_answers_are_worked_out_answers() {
        let mut rng = SplitMix64::new(3);
        let mut answers = [0usize; 2];
        for round in 0..4_000 {
            let capacity = if round % 2 == 0 { 13 } else { 26 };
            let len = 1 + rng.below(8) as usize;
            let mut counts: Vec<usize> = (0..len).map(|_| rng.below(capacity as u64) as usize).collect();
            counts.sort_unstable();
            let places: Vec<u8> = (0..1 + rng.below(30)).map(|_| rng.below(13) as u8).collect();
            let worked = super::unwinds_now(super::Slots::new(&counts), capacity, &places);
            let slots = super::Slots::new(&counts);
            assert_eq!(super::unwinds(slots, capacity, &places), worked);
            assert_eq!(super::unwinds(slots, capacity, &places), worked, "kept");
            answers[usize::from(worked)] += 1;
        }
        assert!(answers[0] > 0 && answers[1] > 0, "{answers:?}");
    }

    /// A probe's order tries the same moves as the family's order (the noise only
    /// reorders them, so a complete probe answers alike), probe 0 in that very order,
    /// later probes now and then another waste pile first (TOD-5, DST-4, OPS-1).
    #[test]
    fn probe_orders_reorder_the_same_moves() {
        let options: Options =
            vec![("foundations".into(), OptValue::Int(8)), ("piles".into(), OptValue::Int(5))];
        let (rules, decks) = games::rules("double-star", &options).expect("plays");
        let mut rng = SplitMix64::new(7);
        let mut reordered = 0;
        for deal in 1..20 {
            let deck = deal_order(deal, decks);
            let mut state = State::new(rules.clone(), &deck, chance_source(Some(deal), &deck));
            for step in 0..60u64 {
                let legal = state.legal_raw().to_vec();
                if legal.is_empty() {
                    break;
                }
                let mut ordered = legal.clone();
                rules.order(&state.board, &mut ordered);
                let mut first = legal.clone();
                rules.probe_order(&state.board, &mut first, 0, &mut rng);
                assert_eq!(first, ordered);
                let mut noisy = legal.clone();
                rules.probe_order(&state.board, &mut noisy, 1 + step % 5, &mut rng);
                reordered += usize::from(noisy != ordered);
                let (mut a, mut b) = (noisy.clone(), ordered.clone());
                a.sort_by_key(|m| (m.src, m.dst, m.index));
                b.sort_by_key(|m| (m.src, m.dst, m.index));
                assert_eq!(a, b);
                state.play_raw(legal[rng.below(legal.len() as u64) as usize]);
            }
        }
        assert!(reordered > 0);
    }
}
