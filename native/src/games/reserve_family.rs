//! The reserve family's procedure (RULES.md §6-§9, `patience.games.reserve_family`): a
//! reserve offers its last card to the foundations and is built on downward regardless of
//! suit; foundations build up regardless of suit; the stock is turned one card at a time
//! into `hand`, whose card goes to a foundation, onto a reserve or onto a waste pile; a
//! waste pile's top goes only to a foundation or onto a reserve. A game of the family is a
//! `Shape` (and Rainbow's even piles, RBW-6). Toad's ace extraction (TOD-3) is not here.
//!
//! No move of the family is reversible (RULES.md §0), so the repetition rule never looks.

use crate::cards::{rank, Card};
use crate::deals::chance_shuffle;
use crate::engine::{Board, Kind, Move, Pile, Rules, Value};

const DRAW: usize = 0;
const REDEAL: usize = 1;
// vars shared by the family; Rainbow appends its per-pile counts (RBW-6)
const BASE_RANK: usize = 0;
const FACE_DOWN: usize = 1;
const REDEALS_DONE: usize = 2;
const FAMILY_VARS: usize = 3;
const RANK_CHARS: &[u8; 13] = b"A23456789TJQK";

/// What tells one game of the family from another (`reserve_family.Shape`).
pub struct Shape {
    pub reserves: &'static [&'static str], // pile ids; cards are dealt to them in this order
    pub reserve_size: usize,
    pub reserve_wrap: bool, // building down on a reserve may go A -> K
    pub foundations: usize,
    pub foundation_cards: usize, // 13, or 26 where a foundation goes round twice
    pub waste_piles: usize,
    pub base_from_deal: bool, // the card after the reserves starts found1 (else aces)
    pub face_down_reserve: bool, // RBW-1: the rainbow lies face down but for its end
    pub redeals: i32,         // RBW-7
    pub even_piles: bool,     // RBW-6: a placement on a waste pile counts
}

pub struct ReserveFamily {
    game_id: &'static str,
    shape: Shape,
    layout: Vec<Pile>,
    found: Vec<usize>,
    waste: Vec<usize>,
    stock: usize,
    hand: usize,
    /// rank -> the rank that goes down on it (0: none; no K on A without wrap)
    below: [u8; 14],
    probe_unit: Option<u64>,
}

impl ReserveFamily {
    pub fn new(game_id: &'static str, shape: Shape) -> ReserveFamily {
        let reserves = shape.reserves.len();
        let first_waste = reserves + shape.foundations;
        let mut layout: Vec<Pile> = shape.reserves.iter().map(|r| Pile::new(r, Kind::Reserve, 0)).collect();
        layout.extend(
            (1..=shape.foundations)
                .map(|f| Pile::new(&format!("found{f}"), Kind::Foundation, shape.foundation_cards)),
        );
        layout.extend((1..=shape.waste_piles).map(|w| Pile::new(&format!("pile{w}"), Kind::Waste, 0)));
        layout.push(Pile::new("stock", Kind::Stock, 0));
        layout.push(Pile::new("hand", Kind::Hand, 0));
        let mut below = [0u8; 14];
        below[1] = if shape.reserve_wrap { 13 } else { 0 };
        for (r, slot) in below.iter_mut().enumerate().skip(2) {
            *slot = r as u8 - 1;
        }
        let stock = first_waste + shape.waste_piles;
        ReserveFamily {
            game_id,
            found: (reserves..first_waste).collect(),
            waste: (first_waste..stock).collect(),
            stock,
            hand: stock + 1,
            layout,
            below,
            shape,
            probe_unit: None,
        }
    }

    /// The same game searched by restarted probes, the shortest of `unit` nodes.
    pub fn probed(self, unit: u64) -> ReserveFamily {
        ReserveFamily { probe_unit: Some(unit), ..self }
    }

    fn reserve_piles(&self) -> std::ops::Range<usize> {
        0..self.shape.reserves.len()
    }

    /// Cards each waste pile received this pass (RBW-6), beyond the fewest.
    fn pile_marks(&self, board: &Board) -> Vec<i32> {
        if !self.shape.even_piles {
            return vec![0; self.waste.len()];
        }
        let placed = &board.vars[FAMILY_VARS..FAMILY_VARS + self.waste.len()];
        let fewest = placed.iter().copied().min().unwrap_or(0);
        placed.iter().map(|n| n - fewest).collect()
    }

    /// RBW-7: waste piles gathered in order, shuffled by chance, the first card on top.
    fn redeal(&self, board: &mut Board) {
        let mut gathered: Vec<Card> = Vec::new();
        for &w in &self.waste {
            gathered.extend_from_slice(&board.piles[w]);
            board.replace(w, Vec::new());
        }
        let done = board.vars[REDEALS_DONE];
        let mut stock = chance_shuffle(&gathered, &board.chance, done);
        stock.reverse();
        board.replace(self.stock, stock);
        board.set_var(REDEALS_DONE, done + 1);
        if self.shape.even_piles {
            for k in 0..self.waste.len() {
                board.set_var(FAMILY_VARS + k, 0); // RBW-6: a new pass starts with the redeal
            }
        }
    }
}

impl Rules for ReserveFamily {
    fn game_id(&self) -> &'static str {
        self.game_id
    }

    fn layout(&self) -> &[Pile] {
        &self.layout
    }

    fn actions(&self) -> &'static [&'static str] {
        &["draw", "redeal"]
    }

    fn var_count(&self) -> usize {
        FAMILY_VARS + if self.shape.even_piles { self.waste.len() } else { 0 }
    }

    fn setup(&self, board: &mut Board, deck: &[Card]) {
        let shape = &self.shape;
        let mut dealt = 0;
        for reserve in self.reserve_piles() {
            board.piles[reserve] = deck[dealt..dealt + shape.reserve_size].to_vec();
            dealt += shape.reserve_size;
        }
        if shape.face_down_reserve {
            board.vars[FACE_DOWN] = shape.reserve_size as i32 - 1; // RBW-1
        }
        if shape.base_from_deal {
            // RBW-2, OPS-1, DST-2: the next card is the first base
            board.piles[self.found[0]].push(deck[dealt]);
            board.vars[BASE_RANK] = i32::from(rank(deck[dealt]));
            dealt += 1;
        } else {
            board.vars[BASE_RANK] = 1; // TOD-2: aces start the foundations
        }
        board.piles[self.stock] = deck[dealt..].iter().rev().copied().collect();
    }

    fn generate(&self, board: &Board, out: &mut Vec<Move>) {
        let (piles, v) = (&board.piles, &board.vars);
        let capacity = self.shape.foundation_cards;
        // rank -> foundations that take it next (regardless of suit, with wrap)
        let mut takes: [Vec<usize>; 14] = Default::default();
        let mut first_empty = None;
        for &f in &self.found {
            let cards = &piles[f];
            match cards.last() {
                None => {
                    first_empty.get_or_insert(f);
                }
                Some(&top) if cards.len() < capacity => takes[usize::from(rank(top) % 13 + 1)].push(f),
                Some(_) => {}
            }
        }
        // RBW-2, §0: a starting card goes to the lowest empty foundation
        if let Some(f) = first_empty {
            takes[v[BASE_RANK] as usize].push(f);
        }
        // rank -> reserves it may go down on (RBW-4); an emptied reserve is gone
        let mut builds: [Vec<usize>; 14] = Default::default();
        for src in self.reserve_piles() {
            let Some(&top) = piles[src].last() else {
                continue;
            };
            let r = usize::from(rank(top));
            for &f in &takes[r] {
                out.push(Move::card(src, f, piles[src].len() - 1, false));
            }
            if self.below[r] != 0 {
                builds[usize::from(self.below[r])].push(src);
            }
        }
        for src in self.waste.iter().copied().chain([self.hand]) {
            // RBW-5: pile tops and the hand card
            let Some(&top) = piles[src].last() else {
                continue;
            };
            let r = usize::from(rank(top));
            let index = piles[src].len() - 1;
            for &f in &takes[r] {
                out.push(Move::card(src, f, index, false));
            }
            for &reserve in &builds[r] {
                out.push(Move::card(src, reserve, index, false));
            }
        }
        if !piles[self.hand].is_empty() {
            // RBW-5, RBW-6: the hand card onto a waste pile
            let marks = self.pile_marks(board);
            for (k, &w) in self.waste.iter().enumerate() {
                if marks[k] == 0 {
                    out.push(Move::card(self.hand, w, 0, false));
                }
            }
        } else if !piles[self.stock].is_empty() {
            out.push(Move::action(DRAW));
        } else if v[REDEALS_DONE] < self.shape.redeals && self.waste.iter().any(|&w| !piles[w].is_empty()) {
            // RBW-7 [R]: not offered with every waste pile empty
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
        board.move_top(mv.src, mv.dst, 1);
        if mv.src == 0 && self.shape.face_down_reserve {
            // RBW-4: turn up the next card
            let down = board.vars[FACE_DOWN];
            if down != 0 && board.piles[0].len() as i32 == down {
                board.set_var(FACE_DOWN, down - 1);
            }
        }
        if self.shape.even_piles && mv.src == self.hand && self.waste.contains(&mv.dst) {
            let var = FAMILY_VARS + mv.dst - self.waste[0];
            board.set_var(var, board.vars[var] + 1);
        }
    }

    /// All cards on the foundations; a quick no while the stock holds cards.
    fn is_won(&self, board: &Board) -> bool {
        board.piles[self.stock].is_empty()
            && self.found.iter().map(|&f| board.piles[f].len()).sum::<usize>()
                == self.shape.foundations * self.shape.foundation_cards
    }

    fn face_down(&self, board: &Board) -> Vec<(usize, usize)> {
        let mut down = vec![(self.stock, board.piles[self.stock].len())];
        if self.shape.face_down_reserve {
            down.push((0, board.vars[FACE_DOWN] as usize));
        }
        down
    }

    fn counters(&self, board: &Board) -> Vec<(String, Value)> {
        let v = &board.vars;
        let base = char::from(RANK_CHARS[v[BASE_RANK] as usize - 1]).to_string();
        let mut out = vec![
            ("base_rank".to_string(), Value::Str(base)),
            ("redeals".to_string(), Value::Int(i64::from(v[REDEALS_DONE]))),
            ("redeals_allowed".to_string(), Value::Int(i64::from(self.shape.redeals))),
        ];
        if self.shape.even_piles {
            let placed = (0..self.waste.len())
                .map(|k| (format!("pile{}", k + 1), Value::Int(i64::from(v[FAMILY_VARS + k]))))
                .collect();
            out.push(("placed_this_pass".to_string(), Value::Map(placed)));
        }
        out
    }

    fn probe_unit(&self) -> Option<u64> {
        self.probe_unit
    }

    /// `ReserveRules.solver_key`: cards as ranks (every rule reads ranks only), each
    /// foundation as its count, reserves sorted, waste piles (with their even-piles mark)
    /// sorted once no redeal is left, the stock as its length before the first redeal.
    fn solver_key(&self, board: &Board, out: &mut Vec<u8>) {
        let (piles, v) = (&board.piles, &board.vars);
        let ranks = |pile: &[Card]| pile.iter().map(|&c| rank(c)).collect::<Vec<u8>>();
        let mut counts: Vec<u8> = self.found.iter().map(|&f| piles[f].len() as u8).collect();
        counts.sort_unstable();
        out.extend(counts);
        let mut reserves: Vec<Vec<u8>> = self
            .reserve_piles()
            .map(|r| {
                let mut part = vec![piles[r].len() as u8];
                part.extend(ranks(&piles[r]));
                part
            })
            .collect();
        reserves.sort();
        let marks = self.pile_marks(board);
        let mut wastes: Vec<Vec<u8>> = self
            .waste
            .iter()
            .enumerate()
            .map(|(k, &w)| {
                let mut part = vec![piles[w].len() as u8, marks[k] as u8];
                part.extend(ranks(&piles[w]));
                part
            })
            .collect();
        if v[REDEALS_DONE] >= self.shape.redeals {
            wastes.sort();
        }
        out.extend(reserves.concat());
        out.extend(wastes.concat());
        out.push(v[REDEALS_DONE] as u8);
        let stock = &piles[self.stock];
        if v[REDEALS_DONE] != 0 {
            out.extend(ranks(stock));
        }
        out.push(stock.len() as u8);
        out.push(piles[self.hand].last().map_or(0, |&c| rank(c)));
    }
}
