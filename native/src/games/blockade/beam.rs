//! Blockade's beam dive (`patience.solver.blockade_dive`): beam searches
//! through the deals that look for a winning line and never claim a loss.
//!
//! What decides a deal is when to deal each row and which plays and marriages to make
//! before it (BLK-5, BLK-7): the row then covers the end of every column (BLK-4). A beam
//! keeps, per row dealt, the `width` best positions by a `Weights` score out of every
//! position a short complete search from a position kept reaches before it deals
//! (`between`: at most `BETWEEN` positions), taken with the row dealt; at most
//! `PER_PARENT` come from one position while others are left. Positions alike under
//! `solver_key` are met once, and those `dead_end` proves lost are dropped. A position
//! whose stock is spent is an endgame: the best of them go to the exact search with a
//! small budget each, and a won one ends the beam. The beams run with each of `VARIANTS`
//! in turn, then all again `WIDTH_GROWTH` times as wide, until the budget is spent or no
//! beam drops anything. A line is played through `legal_raw` (the repetition rule
//! included) and replayed by the Python engine before it is claimed.

use std::collections::HashMap;
use std::time::Instant;

use super::{Blockade, Relaxed, COLUMNS, FOUND0, STOCK};
use crate::cards::{rank, suit, Card};
use crate::engine::{Board, Move, Rules, State};
use crate::hash::{HashedSet, SlotTable};
use crate::search::{self, Budget, Outcome};

const FIRST_WIDTH: usize = 2; // positions kept per row dealt in the first beams
const WIDTH_GROWTH: usize = 4; // each round of beams this many times as wide as the last
const PER_PARENT: usize = 1; // kept from one position before those of others
const BETWEEN: usize = 48; // positions the search between two rows meets, at most
const ENDGAME_SPREAD: usize = 4; // endgames tried per layer: this many times the width
const ENDGAME_NODES: u64 = 500; // nodes of the exact search per endgame tried
const ENDGAME_TABLE_BYTES: usize = 64 << 20;

/// A score's weights (lower scores are better), `blockade_dive.Weights`: `home` per card
/// on the foundations (subtracted); `blocked` per column card with a card needed later
/// above it (BLK-3); `gap` per rank it waits beyond the latest one above it; `suited`
/// per card with a higher card of its suit above it (BLK-5); `stuck` per card the relaxed
/// game leaves once every later row is dealt where it lands.
struct Weights {
    home: i32,
    blocked: i32,
    gap: i32,
    suited: i32,
    stuck: i32,
}

/// Tried in turn, each finding deals the others miss (`blockade_dive.VARIANTS`).
const VARIANTS: [Weights; 3] = [
    Weights { home: 16, blocked: 0, gap: 0, suited: 8, stuck: 16 },
    Weights { home: 16, blocked: 4, gap: 0, suited: 8, stuck: 16 },
    Weights { home: 16, blocked: 8, gap: 1, suited: 0, stuck: 16 },
];

/// A kept position: its piles, each followed by the byte 255 (one list, not one a pile),
/// and the moves from the dive's start that reach it.
struct Entry {
    piles: Vec<u8>,
    line: Vec<Move>,
}

/// A candidate for the next layer: score, order met, parent, entry.
type Children = HashMap<u128, (i32, usize, usize, Entry)>;

/// Slots of the beams' table of `cards_left_after_rows` read: 4 MB of 16-byte slots.
const LEFT_SLOTS: usize = 1 << 18;

/// The beams, widening round after round (`beam.widening_rounds`): a won line from
/// `state` or None, and the nodes used. `state` is left as given.
pub(super) fn beam_dive(
    rules: &Blockade,
    state: &mut State,
    max_nodes: u64,
    deadline: Instant,
    not_won: &mut HashedSet,
) -> (Option<Vec<Move>>, u64) {
    let mut nodes = 0;
    let mut width = FIRST_WIDTH;
    // `cards_left_after_rows` read, by table key (it depends on nothing else): every beam
    // of a dive starts from one position and meets again what the beams before it met
    let mut lefts = SlotTable::new(LEFT_SLOTS, 8);
    loop {
        let mut dropped = false;
        for weights in &VARIANTS {
            if nodes >= max_nodes || search::past(deadline) {
                return (None, nodes);
            }
            let mut beam = Beam {
                rules,
                weights,
                width,
                max_nodes: max_nodes - nodes,
                deadline,
                nodes: 0,
                root: state.moves_played(),
            };
            let (line, cut) = beam.run(state, not_won, &mut lefts);
            nodes += beam.nodes;
            if line.is_some() {
                return (line, nodes);
            }
            dropped |= cut;
        }
        if !dropped {
            return (None, nodes);
        }
        width *= WIDTH_GROWTH;
    }
}

struct Beam<'a> {
    rules: &'a Blockade,
    weights: &'a Weights,
    width: usize,
    max_nodes: u64,
    deadline: Instant,
    nodes: u64,
    root: usize, // moves played on `state` at the dive's start
}

impl Beam<'_> {
    fn spent(&self) -> bool {
        self.nodes >= self.max_nodes || search::past(self.deadline)
    }

    /// Put `state` at the entry's position: back to the start, then its line, each move
    /// played as a move of the game (every entry after the start was reached by a deal
    /// or a refill, irreversible steps, so the repetition memory is the line's own).
    fn load(&self, state: &mut State, line: &[Move]) {
        while state.moves_played() > self.root {
            state.pop();
        }
        for &mv in line {
            state.play_raw(mv);
        }
    }

    /// One beam: a won line or None, and whether any position was dropped.
    fn run(
        &mut self,
        state: &mut State,
        not_won: &mut HashedSet,
        lefts: &mut SlotTable,
    ) -> (Option<Vec<Move>>, bool) {
        let mut layer = vec![Entry { piles: state.board.key(), line: Vec::new() }];
        let mut dropped = false;
        let answer = 'beam: loop {
            if layer.is_empty() {
                break None;
            }
            let mut rows = Children::new();
            let mut endgames = Children::new();
            for (parent, entry) in layer.iter().enumerate() {
                if self.spent() {
                    dropped = true;
                    break 'beam None;
                }
                self.load(state, &entry.line);
                let mut between = Between {
                    beam: self,
                    parent,
                    seen: HashedSet::default(),
                    path: entry.line.clone(),
                    spare: Vec::new(),
                    rows: &mut rows,
                    endgames: &mut endgames,
                    lefts: &mut *lefts,
                    nodes: 0,
                };
                between.seen.insert(key_of(self.rules, &state.board));
                let won = between.visit(state);
                self.nodes += between.nodes;
                if won.is_some() {
                    break 'beam won;
                }
            }
            let (finals, cut) = self.kept(endgames, self.width * ENDGAME_SPREAD);
            dropped |= cut;
            for entry in finals {
                if self.spent() {
                    dropped = true;
                    break 'beam None;
                }
                self.load(state, &entry.line);
                let key = key_of(self.rules, &state.board);
                if not_won.contains(&key) {
                    continue;
                }
                let budget = Budget {
                    max_nodes: ENDGAME_NODES.min(self.max_nodes - self.nodes),
                    max_seconds: self.deadline.saturating_duration_since(Instant::now()).as_secs_f64(),
                    max_table_bytes: ENDGAME_TABLE_BYTES,
                };
                let answer = search::solve(state, budget);
                self.nodes += answer.nodes;
                if answer.outcome == Outcome::Won {
                    let mut line = entry.line;
                    line.extend(answer.line);
                    break 'beam Some(line);
                }
                not_won.insert(key);
            }
            let (next, cut) = self.kept(rows, self.width);
            dropped |= cut;
            layer = next;
        };
        self.load(state, &[]);
        (answer, dropped)
    }

    /// The next layer (`beam.kept_layer`): up to `width` positions not at a dead end,
    /// best first (by score, then order met), at most `PER_PARENT` from one parent before
    /// the others' are taken; and whether any position was left out.
    fn kept(&self, children: Children, width: usize) -> (Vec<Entry>, bool) {
        let mut ranked: Vec<(i32, usize, usize, u128, Entry)> = children
            .into_iter()
            .map(|(key, (score, order, parent, entry))| (score, order, parent, key, entry))
            .collect();
        ranked.sort_unstable_by_key(|c| (c.0, c.1));
        let mut scratch = Board::new(self.rules.layout().len(), 0, String::new());
        let mut live = |key: u128, entry: &Entry| {
            for (pile, cards) in scratch.piles.iter_mut().zip(entry.piles.split(|&b| b == 0xff)) {
                pile.clear();
                pile.extend_from_slice(cards);
            }
            !self.rules.dead_end_at(&scratch, key)
        };
        let mut layer = Vec::new();
        let mut taken: HashMap<usize, usize> = HashMap::new();
        let mut later = Vec::new();
        for (_, _, parent, key, entry) in ranked {
            if taken.get(&parent).copied().unwrap_or(0) >= PER_PARENT {
                later.push((key, entry));
                continue;
            }
            if layer.len() == width {
                return (layer, true);
            }
            if live(key, &entry) {
                layer.push(entry);
                *taken.entry(parent).or_insert(0) += 1;
            }
        }
        for (key, entry) in later {
            if layer.len() == width {
                return (layer, true);
            }
            if live(key, &entry) {
                layer.push(entry);
            }
        }
        (layer, false)
    }
}

/// The search between two rows (`blockade_dive._between`).
struct Between<'a, 'b> {
    beam: &'a Beam<'b>,
    parent: usize,
    seen: HashedSet,
    path: Vec<Move>,       // moves from the dive's start
    spare: Vec<Vec<Move>>, // move lists of finished positions, for reuse
    rows: &'a mut Children,
    endgames: &'a mut Children,
    lefts: &'a mut SlotTable,
    nodes: u64,
}

impl Between<'_, '_> {
    /// A complete search in `blockade_order` through plays and marriages (a safe
    /// foundation play the only move where there is one), meeting at most `BETWEEN`
    /// positions; each position after a deal goes to `rows`, each with the stock spent to
    /// `endgames`. The won line if a won position is met. `state` is left as given.
    fn visit(&mut self, state: &mut State) -> Option<Vec<Move>> {
        let rules = self.beam.rules;
        let mut moves = self.spare.pop().unwrap_or_default();
        state.legal_into(&mut moves);
        if let Some(safe) = rules.safe_move(&state.board, &moves) {
            moves.clear();
            moves.push(safe);
        } else {
            rules.order(&state.board, &mut moves);
        }
        let won = self.visit_moves(state, &moves);
        self.spare.push(moves);
        won
    }

    /// `visit`'s work for each of `moves` from `state`, in turn.
    fn visit_moves(&mut self, state: &mut State, moves: &[Move]) -> Option<Vec<Move>> {
        let rules = self.beam.rules;
        for &mv in moves {
            state.play_raw(mv);
            self.nodes += 1;
            self.path.push(mv);
            let won = if state.is_won() {
                Some(self.path.clone())
            } else if state.board.piles[STOCK].is_empty() {
                self.keep(state, false);
                None
            } else if mv.is_action() {
                self.keep(state, true);
                None
            } else {
                let key = key_of(rules, &state.board);
                if !self.seen.contains(&key) && self.seen.len() < BETWEEN {
                    self.seen.insert(key);
                    self.visit(state)
                } else {
                    None
                }
            };
            self.path.pop();
            state.pop();
            if won.is_some() {
                return won;
            }
        }
        None
    }

    fn keep(&mut self, state: &State, row: bool) {
        let key = key_of(self.beam.rules, &state.board);
        let into = if row { &mut *self.rows } else { &mut *self.endgames };
        let order = into.len();
        let lefts = &mut *self.lefts;
        into.entry(key).or_insert_with(|| {
            let piles = &state.board.piles;
            let sequences = self.beam.rules.sequences;
            let left = || lefts.read(key, || cards_left_after_rows(piles, sequences) as u64) as i32;
            let score = score(piles, self.beam.weights, left);
            let entry = Entry { piles: state.board.key(), line: self.path.clone() };
            (score, order, self.parent, entry)
        });
    }
}

/// The position's table key, which tells apart what `solver_key` does.
fn key_of(rules: &Blockade, board: &Board) -> u128 {
    rules.table_key(board, &mut Vec::new())
}

/// Card code -> ranks it waits for a foundation: how many cards of its suit the higher
/// foundation of the suit still below it needs first (BLK-2; a foundation not yet
/// started stands at 0, BLK-1).
fn waits(piles: &[Vec<Card>]) -> [i32; 64] {
    let mut heights = [[0i32; 2]; 4];
    for found in &piles[FOUND0..FOUND0 + 8] {
        if let Some(&ace) = found.first() {
            let pair = &mut heights[usize::from(suit(ace))];
            let lower = usize::from(pair[1] < pair[0]);
            pair[lower] = found.len() as i32;
        }
    }
    let mut out = [0; 64];
    for (code, wait) in out.iter_mut().enumerate().take(56).skip(8) {
        let (r, s) = ((code >> 2) as i32, code & 3);
        let (low, high) = (heights[s][0].min(heights[s][1]), heights[s][0].max(heights[s][1]));
        *wait = r - 1 - if high < r { high } else { low };
    }
    out
}

/// How many cards the relaxed game leaves on the columns when every row still in the
/// stock is dealt onto what it leaves, as though no column were emptied again
/// (`blockade_dive.cards_left_after_rows`): a guess, not a proof.
fn cards_left_after_rows(piles: &[Vec<Card>], sequences: bool) -> i32 {
    let stock = &piles[STOCK];
    let mut game = Relaxed::of_position(piles, sequences);
    game.settle();
    let mut left = stock.len();
    while left > 0 {
        left = game.deal_row(stock, left);
        game.settle();
    }
    game.tops.iter().sum::<usize>() as i32
}

/// The position's score under `weights` (`blockade_dive.score`), `left` giving
/// `cards_left_after_rows`; lower is better.
fn score(piles: &[Vec<Card>], weights: &Weights, left: impl FnOnce() -> i32) -> i32 {
    let wait = waits(piles);
    let home: usize = piles[FOUND0..FOUND0 + 8].iter().map(Vec::len).sum();
    let (mut blocked, mut gaps, mut suited) = (0, 0, 0);
    for cards in &piles[..COLUMNS] {
        let mut highest = -1;
        let mut above = [0u8; 4]; // per suit: the highest rank above so far
        for &card in cards.iter().rev() {
            let w = wait[usize::from(card)];
            if w < highest {
                blocked += 1;
                gaps += highest - w;
            } else if w > highest {
                highest = w;
            }
            let s = usize::from(suit(card));
            if above[s] > rank(card) {
                suited += 1;
            } else {
                above[s] = rank(card);
            }
        }
    }
    let ahead = if weights.stuck != 0 && !piles[STOCK].is_empty() { weights.stuck * left() } else { 0 };
    weights.blocked * blocked + weights.gap * gaps + weights.suited * suited - weights.home * home as i32
        + ahead
}
