//! Blockade (`patience.games.blockade`): twelve fanned columns dealt row by
//! row, eight foundations; and what the solver knows of it (`patience.solver.blockade`,
//! `patience.solver.blockade_relaxed`).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use crate::cards::{rank, suit, Card};
use crate::engine::{card_item, Board, Kind, Move, OptValue, Options, Pile, Rules, State, Value};
use crate::hash::{hash128, zobrist, HashedSet, SlotTable};
use crate::search::{self, probe_cutoff, Budget, Outcome, ProbeSpend};

mod beam;
mod relaxed;
#[cfg(test)]
mod tests;

use relaxed::Relaxed;

const COLUMNS: usize = 12;
const FOUND0: usize = COLUMNS; // found1 … found8 are piles 12–19 (BLK-1)
const STOCK: usize = FOUND0 + 8;
const ACE: u8 = 1;
const KING: u8 = 13;
const NEXT: Card = 4; // card + NEXT is the same suit one rank higher

const DEAL: usize = 0;

/// Nodes the exact search may visit before the dive: it proves the lost deals 131, 204,
/// 208 and 247 in 371 to 56,000 nodes, which it reached after the dives, 5 to 9 s into 10.
const EXACT_LEAD: u64 = 100_000;
/// Share of the node and time budgets the beams may use (`blockade_dive.DIVE_SHARE`).
const BEAM_SHARE: f64 = 0.25;
/// Share of what the beams leave that the dives may use (`blockade_search.DIVE_SHARE`).
const DIVE_SHARE: f64 = 0.5;
/// Positions the exact search may visit in each endgame a dive reaches.
const ENDGAME_NODES: u64 = 2000;
/// Table bytes of an endgame's search: far more than its positions fill.
const ENDGAME_TABLE_BYTES: usize = 64 << 20;
/// Share of what the dives leave that the restarted probes may use; the exact search
/// gets the rest. The probes vary the last moves before and after the deals, which the
/// dives do not: within 10 s they won 4 of the 26 deals of 1–50 the dives left open.
const PROBE_SHARE: f64 = 0.5;
/// Nodes of the shortest probe (`probes.PROBE_UNIT`).
const PROBE_UNIT: u64 = 256;

/// Slots of the table of dead ends read: 8 MB of 16-byte slots, one a table key (a power
/// of two).
const DEAD_END_SLOTS: usize = 1 << 19;

/// Tags of the table key's own Zobrist items (hash.rs), apart from the board's: a card's
/// item has its top four bits clear, a counter's its top bit set.
const COLUMN_TAG: u64 = 0x5 << 60;
const HEIGHTS_TAG: u64 = 0x6 << 60;
/// Cards a column may hold to be packed exactly into its item, six bits a card (a card's
/// code is below 64 and never 0, so the packing tells every column of up to ten apart).
const PACKED_CARDS: usize = 10;

/// Chance, in half the drawn dives, that `deal` is tried first (`blockade.EARLY_DEAL`).
const EARLY_DEAL: f64 = 0.05;

pub struct Blockade {
    layout: Vec<Pile>,
    /// The dead ends read, by table key (`dead_end` depends on nothing else): the probes
    /// restart from one position, the exact search goes over the lead's ground again,
    /// and the relaxed game is the dearest part of a node.
    dead_ends: Mutex<SlotTable>,
    sequences: bool,
    fill_any: bool,
    deal_when_stuck: bool,
}

/// Blockade with `options` (`move_sequences`, `empty_columns`, `deal_when`), or why not.
pub fn build(options: &Options) -> Result<Arc<dyn Rules>, String> {
    let (mut sequences, mut fill_any, mut stuck) = (None, None, None);
    for (name, value) in options {
        match (name.as_str(), value) {
            ("move_sequences", OptValue::Bool(b)) => sequences = Some(*b),
            ("empty_columns", OptValue::Str(v)) if v == "stay" => fill_any = Some(false),
            ("empty_columns", OptValue::Str(v)) if v == "any" => fill_any = Some(true),
            ("deal_when", OptValue::Str(v)) if v == "any" => stuck = Some(false),
            ("deal_when", OptValue::Str(v)) if v == "stuck" => stuck = Some(true),
            _ => return Err(format!("blockade: option {name} = {value:?} is not supported")),
        }
    }
    let missing = |name: &str| format!("blockade: option {name} missing");
    let mut layout: Vec<Pile> =
        (1..=COLUMNS).map(|n| Pile::new(&format!("col{n}"), Kind::Tableau, 0)).collect();
    layout.extend((1..=8).map(|n| Pile::new(&format!("found{n}"), Kind::Foundation, 13)));
    layout.push(Pile::new("stock", Kind::Stock, 0));
    Ok(Arc::new(Blockade {
        layout,
        dead_ends: Mutex::new(SlotTable::new(DEAD_END_SLOTS, 1)),
        sequences: sequences.ok_or_else(|| missing("move_sequences"))?,
        fill_any: fill_any.ok_or_else(|| missing("empty_columns"))?,
        deal_when_stuck: stuck.ok_or_else(|| missing("deal_when"))?,
    }))
}

/// BLK-1: an ace starts the lowest-numbered empty foundation.
fn empty_foundation(piles: &[Vec<Card>]) -> usize {
    (FOUND0..FOUND0 + 8).find(|&f| piles[f].is_empty()).expect("eight foundations hold more than eight aces")
}

/// Lay the next stock card on `col`; aces met go to foundations and the next card is
/// taken (BLK-4, BLK-6). False when the stock ran out before a card was laid.
fn lay_card(board: &mut Board, col: usize) -> bool {
    while let Some(&card) = board.piles[STOCK].last() {
        if rank(card) == ACE {
            let f = empty_foundation(&board.piles);
            board.move_top(STOCK, f, 1);
        } else {
            board.move_top(STOCK, col, 1);
            return true;
        }
    }
    false
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

impl Rules for Blockade {
    fn game_id(&self) -> &'static str {
        "blockade"
    }

    fn layout(&self) -> &[Pile] {
        &self.layout
    }

    fn actions(&self) -> &'static [&'static str] {
        &["deal"]
    }

    fn var_count(&self) -> usize {
        0
    }

    /// BLK-4: the game starts with the first row dealt, aces straight to foundations.
    fn setup(&self, board: &mut Board, deck: &[Card]) {
        let mut stock: Vec<Card> = deck.iter().rev().copied().collect();
        for col in 0..COLUMNS {
            while let Some(card) = stock.pop() {
                if rank(card) == ACE {
                    let f = empty_foundation(&board.piles);
                    board.piles[f].push(card);
                    continue;
                }
                board.piles[col].push(card);
                break;
            }
        }
        board.piles[STOCK] = stock;
    }

    fn generate(&self, board: &Board, out: &mut Vec<Move>) {
        let piles = &board.piles;
        let mut wanted = [0u8; 64]; // BLK-2: foundations (bits from found1) taking each card next
        for (f, found) in piles[FOUND0..FOUND0 + 8].iter().enumerate() {
            let Some(&top) = found.last() else {
                break; // foundations are started in order (BLK-1)
            };
            if found.len() < 13 {
                wanted[usize::from(top + NEXT)] |= 1 << f;
            }
        }
        let mut lasts = [0u16; 64]; // columns (bits) ending in each card
        let (mut empty, mut empties) = ([0; COLUMNS], 0);
        for (col, cards) in piles[..COLUMNS].iter().enumerate() {
            match cards.last() {
                Some(&card) => lasts[usize::from(card)] |= 1 << col,
                None => {
                    empty[empties] = col;
                    empties += 1;
                }
            }
        }
        let stock_left = !piles[STOCK].is_empty();
        let fill: &[usize] = if self.fill_any && !stock_left {
            &empty[..empties] // BLK-8
        } else {
            &[]
        };
        for (col, cards) in piles[..COLUMNS].iter().enumerate() {
            if cards.is_empty() {
                continue;
            }
            let mut i = cards.len() - 1;
            let mut card = cards[i];
            // BLK-5: only the last card goes to a foundation (BLK-3)
            for f in bits(u32::from(wanted[usize::from(card)])) {
                out.push(Move::card(col, FOUND0 + f, i, false));
            }
            loop {
                let higher = card + NEXT;
                // BLK-5: marriage, same suit, one rank higher; BLK-6: a marriage that
                // empties a column while the stock lasts brings a refill, so it cannot be
                // taken back
                let reversible = i > 0 || !stock_left;
                if usize::from(higher) < 64 {
                    for t in bits(u32::from(lasts[usize::from(higher)])) {
                        out.push(Move::card(col, t, i, reversible));
                    }
                }
                // BLK-8: not a lone card; reading: with move_sequences, not a run that is
                // the whole column either
                if i > 0 {
                    for &e in fill {
                        out.push(Move::card(col, e, i, true));
                    }
                }
                // BLK-5 [R]: one card at a time unless move_sequences lets a same-suit
                // descending run move as a unit, named by its first-dealt card
                if !self.sequences || i == 0 || cards[i - 1] != higher {
                    break;
                }
                i -= 1;
                card = cards[i];
            }
        }
        // BLK-7: offered while the stock lasts, held back under `deal_when = "stuck"` by
        // `after_repetition`; BLK-9: no redeal after
        if stock_left {
            out.push(Move::action(DEAL));
        }
    }

    /// BLK-7, `deal_when = "stuck"`: a row only when neither a play nor a marriage is
    /// possible, read once the repetition rule has refused what it refuses.
    fn after_repetition(&self, _board: &Board, legal: &mut Vec<Move>) {
        if self.deal_when_stuck && legal.len() > 1 && legal.last().is_some_and(Move::is_action) {
            legal.pop();
        }
    }

    /// BLK-7 with `deal_when = "stuck"`: the row is offered once the memory has refused
    /// every marriage left, so where it is offered depends on the line of marriages that
    /// led there (a card going round twin columns), not on the board alone.
    fn legal_reads_memory(&self, board: &Board) -> bool {
        self.deal_when_stuck && !board.piles[STOCK].is_empty()
    }

    fn apply(&self, board: &mut Board, mv: Move) {
        if mv.is_action() {
            // BLK-4: one card on each column, col1 -> col12; reading: a stock left
            // holding only aces is dealt straight to the foundations
            for col in 0..COLUMNS {
                if !lay_card(board, col) {
                    break;
                }
            }
            return;
        }
        let n = board.piles[mv.src].len() - mv.index;
        board.move_top(mv.src, mv.dst, n);
        if board.piles[mv.src].is_empty() {
            lay_card(board, mv.src); // BLK-6: refilled at once with one stock card
        }
    }

    /// Every card is on the foundations: none is left in the stock or the columns.
    fn is_won(&self, board: &Board) -> bool {
        board.piles[..COLUMNS].iter().all(Vec::is_empty) && board.piles[STOCK].is_empty()
    }

    fn counters(&self, _board: &Board) -> Vec<(String, Value)> {
        Vec::new()
    }

    /// The columns alone: reversible moves only move cards between columns (BLK-5, BLK-6,
    /// BLK-8), so positions the repetition rule compares share stock and foundations.
    fn repetition_key(&self, board: &Board, out: &mut Vec<u8>) {
        for cards in &board.piles[..COLUMNS] {
            out.extend_from_slice(cards);
            out.push(0xff);
        }
    }

    /// The kept Zobrist hash (hash.rs) of the columns, `repetition_key`'s items.
    fn repetition_hash(&self, board: &Board, _scratch: &mut Vec<u8>) -> u128 {
        columns_hash(board)
    }

    /// A reversible move only moves cards between columns, with no refill (BLK-5,
    /// BLK-6, BLK-8): the hash of where it leads is the columns' hash with the moved
    /// cards' items at their old places and at their new ones xored in.
    fn repetition_hash_after(&self, board: &Board, mv: Move) -> Option<u128> {
        if !mv.reversible || mv.is_action() || mv.dst >= COLUMNS {
            return None;
        }
        let piles = &board.piles;
        let end = piles[mv.dst].len();
        let moved = piles[mv.src][mv.index..].iter().enumerate().fold(0, |hash, (k, &card)| {
            hash ^ card_item(mv.src, mv.index + k, card) ^ card_item(mv.dst, end + k, card)
        });
        Some(columns_hash(board) ^ moved)
    }

    /// `BlockadeRules.solver_key`: two foundations of one suit are interchangeable (BLK-2),
    /// so foundations are sorted; once the stock is spent no deal and no refill is left
    /// (BLK-4, BLK-6) and every move treats the columns alike (BLK-5, BLK-8), so the
    /// columns are sorted too.
    fn solver_key(&self, board: &Board, out: &mut Vec<u8>) {
        let piles = &board.piles;
        for col in column_order(piles) {
            out.extend_from_slice(&piles[col]);
            out.push(0xff);
        }
        // a foundation holds its suit from the ace up (BLK-2): its cards sort as its
        // first card (none first) and then its height do
        let mut founds: [&[Card]; 8] = std::array::from_fn(|f| piles[FOUND0 + f].as_slice());
        founds.sort_unstable_by_key(|cards| (cards.first().copied(), cards.len()));
        for cards in founds {
            out.extend_from_slice(cards);
            out.push(0xff);
        }
        out.extend_from_slice(&piles[STOCK]);
    }

    /// The board keeps its Zobrist hash for `table_key` and `repetition_hash`.
    fn keeps_hash(&self) -> bool {
        true
    }

    /// `solver_key` as a hash (hash.rs) that reads the board's kept one. The foundations
    /// count as each suit's two heights, lower first, which tell the sorted foundations
    /// apart exactly (a foundation holds its suit from the ace up, BLK-2): one item. While
    /// the stock lasts, the columns and the stock count at their places: their kept
    /// hashes. Once it is spent, the columns count as `solver_key`'s sorted ones do, as a
    /// multiset: the sum of an item per column that holds cards (`column_item`). Two distinct solver keys
    /// differ in an item, or in how many times a column's item is summed (at most twelve
    /// times), so they share a table key with probability at most 2^-125 taking the
    /// items for random.
    fn table_key(&self, board: &Board, _scratch: &mut Vec<u8>) -> u128 {
        let piles = &board.piles;
        let founds = heights_item(piles);
        if piles[STOCK].is_empty() {
            // the empty columns are as many as the others leave, so they need no item
            let columns = piles[..COLUMNS].iter().filter(|cards| !cards.is_empty());
            return columns.fold(founds, |key, cards| key.wrapping_add(column_item(cards)));
        }
        columns_hash(board) ^ board.pile_zobrist(STOCK) ^ founds
    }

    /// `blockade_safe_move`: a card to a foundation when both copies of the card below it
    /// are already up, and its column holds another card or the stock is spent; not with
    /// `empty_columns = "any"` (BLK-8) nor `deal_when = "stuck"` (BLK-7).
    /// `patience.solver.blockade.blockade_safe_move` argues it: playing the card first and
    /// then any winning line without it keeps every move of that line legal (BLK-2, BLK-4,
    /// BLK-5, BLK-6; no card can ever be married onto it).
    fn safe_move(&self, board: &Board, legal: &[Move]) -> Option<Move> {
        if self.fill_any || self.deal_when_stuck {
            return None;
        }
        let piles = &board.piles;
        let stock_spent = piles[STOCK].is_empty();
        legal.iter().copied().find(|mv| {
            if mv.is_action() || mv.src >= COLUMNS || mv.dst < FOUND0 {
                return false;
            }
            let cards = &piles[mv.src];
            (cards.len() >= 2 || stock_spent) && copies_up(piles, cards[cards.len() - 1] - NEXT) == 2
        })
    }

    /// `blockade_dead_end`: some card can never reach a foundation, even in the relaxed
    /// game, rows being dealt onto what it leaves while no column can be emptied
    /// (`patience.solver.blockade.blockade_dead_end` argues it: BLK-4, BLK-5, BLK-6;
    /// with `deal_when = "stuck"` its lines are lines of the game with `deal_when = "any"`,
    /// BLK-7).
    fn dead_end(&self, board: &Board) -> bool {
        self.dead_end_at(board, self.table_key(board, &mut Vec::new()))
    }

    /// `dead_end` as kept by table key, which tells apart every position it tells apart:
    /// its column order counts only while rows are dealt, and only its foundations'
    /// heights count.
    fn dead_end_at(&self, board: &Board, table_key: u128) -> bool {
        let mut memo = self.dead_ends.lock().unwrap_or_else(PoisonError::into_inner);
        memo.read(table_key, || u64::from(self.relaxed_dead_end(board))) == 1
    }

    /// The exact search proves this game's rare losses in a few nodes (`EXACT_LEAD`).
    fn exact_lead(&self) -> u64 {
        EXACT_LEAD
    }

    /// `blockade_dive`'s beams (`beam.rs`), then `blockade_search`'s dives: lines played
    /// through the deals by each probe's move order, no backtracking, each endgame (stock
    /// spent) given to the exact search with a small budget; then its restarted probes
    /// (`Probe`). A line whose endgame is won is a win; nothing else is claimed.
    fn dive(&self, state: &mut State, max_nodes: u64, deadline: Instant) -> (Option<Vec<Move>>, u64) {
        if state.remembers() || state.board.piles[STOCK].is_empty() || self.dead_end(&state.board) {
            return (None, 0);
        }
        let mut not_won = HashedSet::default(); // endgames (hashed solver keys) not won in budget
        let now = Instant::now();
        let until = now + deadline.saturating_duration_since(now).mul_f64(BEAM_SHARE);
        let limit = (max_nodes as f64 * BEAM_SHARE) as u64;
        let (line, mut nodes) = beam::beam_dive(self, state, limit, until, &mut not_won);
        if line.is_some() {
            return (line, nodes);
        }
        let now = Instant::now();
        let until = now + deadline.saturating_duration_since(now).mul_f64(DIVE_SHARE);
        let limit = nodes + (max_nodes.saturating_sub(nodes) as f64 * DIVE_SHARE) as u64;
        let mut probe = 0;
        while nodes < limit && !search::past(until) {
            let mut order = ProbeOrder::new(probe);
            let (line, used) = self.dive_once(state, &mut order, &mut not_won, until);
            nodes += used;
            if line.is_some() {
                return (line, nodes);
            }
            probe += 1;
        }
        let now = Instant::now();
        let until = now + deadline.saturating_duration_since(now).mul_f64(PROBE_SHARE);
        let limit = nodes + (max_nodes.saturating_sub(nodes) as f64 * PROBE_SHARE) as u64;
        let mut probe = 0;
        while nodes < limit && !search::past(until) {
            let mut probing = Probe {
                order: ProbeOrder::new(probe),
                seen: HashedSet::default(),
                scratch: Vec::new(),
                spare: Vec::new(),
                line: Vec::new(),
                spend: ProbeSpend::new(probe_cutoff(probe, PROBE_UNIT).min(limit - nodes), until),
            };
            let root = self.table_key(&state.board, &mut probing.scratch);
            let won = probing.search(self, state, root);
            nodes += probing.spend.nodes;
            if won {
                return (Some(probing.line), nodes);
            }
            probe += 1;
        }
        (None, nodes)
    }

    /// `blockade_order`: foundation plays first, then marriages that bare a card a
    /// foundation takes or empty a column, then other marriages, `deal` last (BLK-5,
    /// BLK-7). A stable sort: equal ranks keep their order.
    fn order(&self, board: &Board, legal: &mut Vec<Move>) {
        let piles = &board.piles;
        let mut wanted = [false; 64];
        for found in &piles[FOUND0..FOUND0 + 8] {
            if let Some(&top) = found.last() {
                if usize::from(top + NEXT) < 64 {
                    wanted[usize::from(top + NEXT)] = true;
                }
            }
        }
        legal.sort_by_key(|m| {
            if m.is_action() {
                3
            } else if m.dst >= FOUND0 {
                0
            } else if m.index == 0 || wanted[usize::from(piles[m.src][m.index - 1])] {
                1
            } else {
                2
            }
        });
    }
}

impl Blockade {
    /// `dead_end` read off the relaxed game.
    fn relaxed_dead_end(&self, board: &Board) -> bool {
        let stock = &board.piles[STOCK];
        let mut game = Relaxed::of_position(&board.piles, self.sequences);
        let mut left = stock.len();
        game.settle();
        while left > 0 && !game.tops.contains(&0) {
            left = game.deal_row(stock, left);
            game.settle();
        }
        game.release(&stock[..left]);
        game.settle();
        if self.fill_any && game.tops.contains(&0) {
            return false; // a column may be emptied, and any card may move into it (BLK-8)
        }
        game.tops.iter().any(|&t| t > 0)
    }

    /// One dive (`blockade_search._dive`): from `state`, the first move in `order` to a
    /// position not yet met on the line, until the stock is spent, the line is stuck or a
    /// deal lands on a dead end (BLK-4); then the endgame's exact search. The won line or
    /// None, and the moves played and positions searched. `state` is left as given.
    fn dive_once(
        &self,
        state: &mut State,
        order: &mut ProbeOrder,
        not_won: &mut HashedSet,
        until: Instant,
    ) -> (Option<Vec<Move>>, u64) {
        let mut line = Vec::new();
        // the positions of the line, as the kept hashes of their keys (`hash.rs`)
        let key_hash = |board: &Board| board.kept_hash().unwrap_or_else(|| board.zobrist());
        let mut seen = HashedSet::default();
        seen.insert(key_hash(&state.board));
        let mut nodes = 0;
        let mut reached = true; // whether the line reached a spent stock
        let mut legal = Vec::new();
        while !state.board.piles[STOCK].is_empty() {
            state.legal_into(&mut legal);
            order.arrange(self, &state.board, &mut legal);
            let mut played = None;
            for &mv in &legal {
                state.play_raw(mv);
                if seen.insert(key_hash(&state.board)) {
                    played = Some(mv);
                    break;
                }
                state.pop();
            }
            let Some(mv) = played else {
                reached = false; // no move to a new position: the line is stuck
                break;
            };
            line.push(mv);
            nodes += 1;
            if mv.is_action() && self.dead_end(&state.board) {
                reached = false;
                break;
            }
        }
        let mut won = None;
        if reached && !self.dead_end(&state.board) {
            let key = self.table_key(&state.board, &mut Vec::new());
            if !not_won.contains(&key) {
                let budget = Budget {
                    max_nodes: ENDGAME_NODES,
                    max_seconds: until.saturating_duration_since(Instant::now()).as_secs_f64(),
                    max_table_bytes: ENDGAME_TABLE_BYTES,
                };
                let answer = search::solve(state, budget);
                nodes += answer.nodes;
                if answer.outcome == Outcome::Won {
                    let mut full = line.clone();
                    full.extend(answer.line);
                    won = Some(full);
                } else {
                    not_won.insert(key);
                }
            }
        }
        for _ in &line {
            state.pop();
        }
        (won, nodes)
    }
}

/// The move order of dive `probe` (`blockade_probe_order`): `blockade_order` for probe 0
/// and every eighth from 3, else orders drawn at random (seeded by the probe): foundation
/// plays, then marriages, each shuffled (in even probes drawn together), `deal` last, or
/// first by a small chance in half of them. Which order is tried changes no answer.
struct ProbeOrder {
    parts: Vec<Move>, // `arrange`'s buffer
    fixed: bool,
    mixed: bool,
    early_deal: f64,
    rng: u64,
}

impl ProbeOrder {
    fn new(probe: u64) -> ProbeOrder {
        ProbeOrder {
            parts: Vec::new(),
            fixed: probe == 0 || probe % 8 == 3,
            mixed: probe.is_multiple_of(2),
            early_deal: if probe % 4 >= 2 { EARLY_DEAL } else { 0.0 },
            rng: probe.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x2545_F491_4F6C_DD1D,
        }
    }

    /// splitmix64
    fn next(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn shuffle(&mut self, moves: &mut [Move]) {
        for i in (1..moves.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            moves.swap(i, j);
        }
    }

    fn arrange(&mut self, rules: &Blockade, board: &Board, legal: &mut Vec<Move>) {
        if self.fixed {
            rules.order(board, legal);
            return;
        }
        // foundation plays, then the other card moves (all of them together when mixed),
        // then the deals, each part in the order given, in a buffer kept between calls
        let mut parts = std::mem::take(&mut self.parts);
        parts.clear();
        let play = |m: &&Move| !m.is_action() && m.dst >= FOUND0;
        let other = |m: &&Move| !m.is_action() && m.dst < FOUND0;
        let plays = if self.mixed {
            parts.extend(legal.iter().filter(other));
            parts.extend(legal.iter().filter(play));
            0
        } else {
            parts.extend(legal.iter().filter(play));
            let plays = parts.len();
            parts.extend(legal.iter().filter(other));
            plays
        };
        let cards = parts.len();
        parts.extend(legal.iter().filter(|m| m.is_action()));
        self.shuffle(&mut parts[..plays]);
        self.shuffle(&mut parts[plays..cards]);
        let early = cards < parts.len()
            && self.early_deal > 0.0
            && ((self.next() >> 11) as f64 / (1u64 << 53) as f64) < self.early_deal;
        legal.clear();
        if early {
            legal.extend_from_slice(&parts[cards..]);
        }
        legal.extend_from_slice(&parts[..cards]);
        if !early {
            legal.extend_from_slice(&parts[cards..]);
        }
        self.parts = parts;
    }
}

/// The columns in `solver_key`'s order: as they are while the stock lasts; once it is
/// spent, sorted by their cards (BLK-4, BLK-5, BLK-6, BLK-8). The first eight cards as a
/// number, zeros after a shorter column, order columns as their cards do (a card's code
/// is never 0); only columns alike in those need their cards compared.
fn column_order(piles: &[Vec<Card>]) -> [usize; COLUMNS] {
    let mut order: [usize; COLUMNS] = std::array::from_fn(|col| col);
    if piles[STOCK].is_empty() {
        let heads: [u64; COLUMNS] = std::array::from_fn(|col| {
            let cards = &piles[col][..piles[col].len().min(8)];
            let head = cards.iter().fold(0u64, |head, &card| head << 8 | u64::from(card));
            head.checked_shl(8 * (8 - cards.len() as u32)).unwrap_or(0)
        });
        order.sort_unstable_by(|&a, &b| heads[a].cmp(&heads[b]).then_with(|| piles[a].cmp(&piles[b])));
    }
    order
}

/// The Zobrist hash of the columns' cards at their places: kept, or from scratch.
fn columns_hash(board: &Board) -> u128 {
    match board.kept_pile_hashes() {
        Some(hashes) => hashes[..COLUMNS].iter().fold(0, |hash, &pile| hash ^ pile),
        None => (0..COLUMNS).fold(0, |hash, col| hash ^ board.pile_zobrist(col)),
    }
}

/// The item of the foundations in `table_key`: each suit's two heights, lower first, a
/// byte each (at most 13), packed.
fn heights_item(piles: &[Vec<Card>]) -> u128 {
    let mut heights = [0u8; 8];
    for found in &piles[FOUND0..FOUND0 + 8] {
        if let Some(&ace) = found.first() {
            let pair = &mut heights[2 * usize::from(suit(ace))..][..2];
            let height = found.len() as u8;
            if height > pair[1] {
                pair[0] = pair[1];
                pair[1] = height;
            } else {
                pair[0] = height;
            }
        }
    }
    zobrist(HEIGHTS_TAG | u64::from_le_bytes(heights))
}

/// The item of a column in `table_key` once the stock is spent, wherever the column
/// stands: its cards packed exactly (`PACKED_CARDS`), or the hash of a longer one's.
fn column_item(cards: &[Card]) -> u128 {
    if cards.len() > PACKED_CARDS {
        return hash128(cards);
    }
    zobrist(COLUMN_TAG | cards.iter().fold(0, |packed, &card| packed << 6 | u64::from(card)))
}

/// How many copies of `card` lie on the foundations (BLK-2: a foundation of the card's
/// suit holds it once it is at least as high).
fn copies_up(piles: &[Vec<Card>], card: Card) -> usize {
    (FOUND0..FOUND0 + 8)
        .filter(|&f| {
            piles[f]
                .first()
                .is_some_and(|&b| suit(b) == suit(card) && piles[f].len() >= usize::from(rank(card)))
        })
        .count()
}

/// One probe (`depth_first.restarts` with `blockade_probe_order`): a depth-first search
/// for a win in its probe's order, the safe move alone where there is one, dead ends
/// cut, positions met once (by `solver_key`), cut off after `cutoff` nodes. It only
/// looks for a win: the exact search that follows proves losses.
struct Probe {
    order: ProbeOrder,
    seen: HashedSet,
    scratch: Vec<u8>,      // solver keys while they are hashed
    spare: Vec<Vec<Move>>, // move lists of finished positions, for reuse
    line: Vec<Move>,
    spend: ProbeSpend,
}

impl Probe {
    /// Whether a win lies below `state` within the cut-off; the won line is `line`.
    /// `state` is left as given.
    fn search(&mut self, rules: &Blockade, state: &mut State, key: u128) -> bool {
        if rules.dead_end_at(&state.board, key) {
            return false;
        }
        let mut legal = self.spare.pop().unwrap_or_default();
        state.legal_into(&mut legal);
        if let Some(safe) = rules.safe_move(&state.board, &legal) {
            legal.clear();
            legal.push(safe);
        } else {
            self.order.arrange(rules, &state.board, &mut legal);
        }
        let won = self.search_moves(rules, state, &legal);
        self.spare.push(legal);
        won
    }

    /// Whether a win lies below one of `moves` from `state`, tried in turn.
    fn search_moves(&mut self, rules: &Blockade, state: &mut State, moves: &[Move]) -> bool {
        for &mv in moves {
            if !self.spend.step() {
                return false;
            }
            state.play_raw(mv);
            self.line.push(mv);
            if state.is_won() {
                state.pop();
                return true;
            }
            let key = rules.table_key(&state.board, &mut self.scratch);
            if self.seen.insert(key) && self.search(rules, state, key) {
                state.pop();
                return true;
            }
            self.line.pop();
            state.pop();
        }
        false
    }
}
