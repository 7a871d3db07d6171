//! Blockade (RULES.md §4, `patience.games.blockade`): twelve fanned columns dealt row by
//! row, eight foundations; and what the solver knows of it (`patience.solver.blockade`,
//! `patience.solver.blockade_relaxed`).

use std::sync::Arc;
use std::time::Instant;

use crate::cards::{rank, suit, Card};
use crate::engine::{Board, Kind, Move, OptValue, Options, Pile, Rules, State, Value};
use crate::hash::{hash128, HashedSet};
use crate::search::{self, probe_cutoff, Budget, Outcome};

mod beam;

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

/// Chance, in half the drawn dives, that `deal` is tried first (`blockade.EARLY_DEAL`).
const EARLY_DEAL: f64 = 0.05;

pub struct Blockade {
    layout: Vec<Pile>,
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
        let mut wanted = [0u32; 64]; // BLK-2: foundations (bits) taking each card next
        for (f, found) in piles.iter().enumerate().take(FOUND0 + 8).skip(FOUND0) {
            let Some(&top) = found.last() else {
                break; // foundations are started in order (BLK-1)
            };
            if found.len() < 13 {
                wanted[usize::from(top + NEXT)] |= 1 << f;
            }
        }
        let mut lasts = [0u32; 64]; // columns (bits) ending in each card
        let mut empty = Vec::new();
        for (col, cards) in piles[..COLUMNS].iter().enumerate() {
            match cards.last() {
                Some(&card) => lasts[usize::from(card)] |= 1 << col,
                None => empty.push(col),
            }
        }
        let stock_left = !piles[STOCK].is_empty();
        let fill: &[usize] = if self.fill_any && !stock_left {
            &empty // BLK-8
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
            for f in bits(wanted[usize::from(card)]) {
                out.push(Move::card(col, f, i, false));
            }
            loop {
                let higher = card + NEXT;
                // BLK-5: marriage, same suit, one rank higher; BLK-6: a marriage that
                // empties a column while the stock lasts brings a refill, so it cannot be
                // taken back
                let reversible = i > 0 || !stock_left;
                if usize::from(higher) < 64 {
                    for t in bits(lasts[usize::from(higher)]) {
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
        // BLK-7: the player decides when; BLK-9: no redeal after
        if stock_left {
            out.push(Move::action(DEAL));
        }
    }

    /// BLK-7, `deal_when = "stuck"`: a row only when neither a play nor a marriage is
    /// possible, read once the repetition rule (§0) has refused what it refuses.
    fn after_repetition(&self, _board: &Board, legal: &mut Vec<Move>) {
        if self.deal_when_stuck && legal.len() > 1 && legal.last().is_some_and(Move::is_action) {
            legal.pop();
        }
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

    /// `BlockadeRules.solver_key`: two foundations of one suit are interchangeable (BLK-2),
    /// so foundations are sorted; once the stock is spent no deal and no refill is left
    /// (BLK-4, BLK-6) and every move treats the columns alike (BLK-5, BLK-8), so the
    /// columns are sorted too.
    fn solver_key(&self, board: &Board, out: &mut Vec<u8>) {
        let piles = &board.piles;
        let mut columns: [&[Card]; COLUMNS] = std::array::from_fn(|col| piles[col].as_slice());
        if piles[STOCK].is_empty() {
            columns.sort_unstable();
        }
        let mut founds: [&[Card]; 8] = std::array::from_fn(|f| piles[FOUND0 + f].as_slice());
        founds.sort_unstable();
        for cards in columns.into_iter().chain(founds) {
            out.extend_from_slice(cards);
            out.push(0xff);
        }
        out.extend_from_slice(&piles[STOCK]);
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
    /// with `deal_when = "stuck"` its lines are lines of the default game, BLK-7).
    fn dead_end(&self, board: &Board) -> bool {
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
        while nodes < limit && Instant::now() < until {
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
        while nodes < limit && Instant::now() < until {
            let mut probing = Probe {
                order: ProbeOrder::new(probe),
                seen: HashedSet::default(),
                scratch: Vec::new(),
                line: Vec::new(),
                nodes: 0,
                cutoff: probe_cutoff(probe, PROBE_UNIT).min(limit - nodes),
                until,
                out_of_time: false,
            };
            let won = probing.search(self, state);
            nodes += probing.nodes;
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
        // the positions of the line, as hashes of their keys (`hash.rs`)
        let mut bytes = Vec::new();
        let mut key_hash = |board: &Board| {
            bytes.clear();
            board.key_into(&mut bytes);
            hash128(&bytes)
        };
        let mut seen = HashedSet::default();
        seen.insert(key_hash(&state.board));
        let mut nodes = 0;
        let mut reached = true; // whether the line reached a spent stock
        while !state.board.piles[STOCK].is_empty() {
            let mut legal = state.legal_raw().to_vec();
            order.arrange(self, &state.board, &mut legal);
            let mut played = None;
            for mv in legal {
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
            let mut key = Vec::new();
            self.solver_key(&state.board, &mut key);
            let key = hash128(&key);
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
    fixed: bool,
    mixed: bool,
    early_deal: f64,
    rng: u64,
}

impl ProbeOrder {
    fn new(probe: u64) -> ProbeOrder {
        ProbeOrder {
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
        let (deals, cards): (Vec<Move>, Vec<Move>) = legal.iter().partition(|m| m.is_action());
        let (mut plays, mut others): (Vec<Move>, Vec<Move>) =
            cards.into_iter().partition(|m| m.dst >= FOUND0);
        if self.mixed {
            others.append(&mut plays);
        }
        self.shuffle(&mut plays);
        self.shuffle(&mut others);
        legal.clear();
        let early = !deals.is_empty()
            && self.early_deal > 0.0
            && ((self.next() >> 11) as f64 / (1u64 << 53) as f64) < self.early_deal;
        if early {
            legal.extend(deals.iter().copied());
        }
        legal.extend(plays);
        legal.extend(others);
        if !early {
            legal.extend(deals);
        }
    }
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

/// Blockade's relaxed game (`patience.solver.blockade_relaxed.Relaxed`): cards taken off
/// the columns while the rules could let them leave, rows dealt onto what is left.
///
/// A card is free when on a foundation or taken off; held cards (stock not yet dealt) are
/// neither. A column's top card may go when every lower rank of its suit has a free copy
/// (two if its other copy is home), or when some copy of its successor in suit is neither
/// held, home nor buried under the top of its own column (BLK-2, BLK-5); with
/// `move_sequences` a same-suit descending run goes off as one when its first card may
/// marry. Every real line maps into it (the Python module argues it), so a card it cannot
/// take off never leaves its column.
struct Relaxed {
    sequences: bool,
    columns: [Column; COLUMNS],
    tops: [usize; COLUMNS],
    free: [u8; 64],
    home: [u8; 64],
    buried: [i16; 64],
    reach: [u8; 4],
    reach2: [u8; 4],
}

impl Relaxed {
    /// The relaxed game of a position: its columns, the foundations' cards free and home,
    /// the stock held (`relaxed_position`).
    fn of_position(piles: &[Vec<Card>], sequences: bool) -> Relaxed {
        let mut game = Relaxed {
            sequences,
            columns: std::array::from_fn(|col| Column::of(&piles[col])),
            tops: [0; COLUMNS],
            free: [0; 64],
            home: [0; 64],
            buried: [0; 64],
            reach: [0; 4],
            reach2: [0; 4],
        };
        // a king has no successor: both copies of "rank 14" count as buried
        for code in usize::from(KING + 1) << 2..64 {
            game.buried[code] = 2;
        }
        for found in &piles[FOUND0..FOUND0 + 8] {
            for &card in found {
                game.free[usize::from(card)] += 1;
                game.home[usize::from(card)] += 1;
                game.buried[usize::from(card)] += 1;
            }
        }
        for &card in &piles[STOCK] {
            game.buried[usize::from(card)] += 1;
        }
        for (col, cards) in piles[..COLUMNS].iter().enumerate() {
            game.tops[col] = cards.len();
            if let Some(&last) = cards.last() {
                for &card in cards {
                    game.buried[usize::from(card)] += 1;
                }
                game.buried[usize::from(last)] -= 1;
            }
        }
        game.raise_reach();
        game
    }

    fn raise_reach(&mut self) {
        for s in 0..4 {
            self.raise_suit(s);
        }
    }

    /// Raise `reach` (`reach2`) of suit `s`: the highest rank whose lower ranks all have
    /// one (two) free copies.
    fn raise_suit(&mut self, s: u8) {
        let at = |r: u8| usize::from((r + 1) << 2 | s);
        let mut r = self.reach[usize::from(s)];
        while r < KING && self.free[at(r)] > 0 {
            r += 1;
        }
        self.reach[usize::from(s)] = r;
        let mut r = self.reach2[usize::from(s)];
        while r < KING && self.free[at(r)] > 1 {
            r += 1;
        }
        self.reach2[usize::from(s)] = r;
    }

    /// Take off every card that may go until nothing changes (`taken_off`).
    fn settle(&mut self) {
        let mut progress = true;
        while progress {
            progress = false;
            for col in 0..COLUMNS {
                let mut top = self.tops[col];
                while top > 0 {
                    let card = self.columns[col][top - 1];
                    let s = usize::from(suit(card));
                    let reach = if self.home[usize::from(card)] > 0 { self.reach2[s] } else { self.reach[s] };
                    let base = if rank(card) <= reach + 1 || self.buried[usize::from(card + NEXT)] < 2 {
                        top - 1
                    } else if self.sequences {
                        let Some(base) = run_that_may_marry(&self.columns[col], top, &self.buried) else {
                            break;
                        };
                        for k in base..top - 1 {
                            self.buried[usize::from(self.columns[col][k])] -= 1;
                        }
                        base
                    } else {
                        break;
                    };
                    for k in base..top {
                        let c = self.columns[col][k];
                        self.free[usize::from(c)] += 1;
                        self.raise_suit(suit(c));
                    }
                    top = base;
                    if top > 0 {
                        self.buried[usize::from(self.columns[col][top - 1])] -= 1;
                    }
                    progress = true;
                }
                self.tops[col] = top;
            }
        }
    }

    /// Lay one row from `stock[..left]` (its top last) onto the cards still on, col1 ->
    /// col12, aces straight up (BLK-4); the number of stock cards left.
    fn deal_row(&mut self, stock: &[Card], mut left: usize) -> usize {
        let mut aces = false;
        for col in 0..COLUMNS {
            while left > 0 && rank(stock[left - 1]) == ACE {
                left -= 1;
                self.buried[usize::from(stock[left])] -= 1;
                self.free[usize::from(stock[left])] += 1;
                aces = true;
            }
            if left == 0 {
                break;
            }
            left -= 1;
            let card = stock[left];
            self.buried[usize::from(card)] -= 1;
            let top = self.tops[col];
            let cards = &mut self.columns[col];
            cards.truncate(top);
            if let Some(&last) = cards.last() {
                self.buried[usize::from(last)] += 1;
            }
            cards.push(card);
            self.tops[col] = top + 1;
        }
        if aces {
            self.raise_reach();
        }
        left
    }

    /// Make held cards free (stock cards that may come whenever wanted).
    fn release(&mut self, held: &[Card]) {
        for &card in held {
            self.buried[usize::from(card)] -= 1;
            self.free[usize::from(card)] += 1;
        }
        self.raise_reach();
    }
}

/// A column of the relaxed game, in place: no game holds more than 104 cards.
#[derive(Clone, Copy)]
struct Column {
    cards: [Card; 104],
    len: usize,
}

impl Column {
    fn of(cards: &[Card]) -> Column {
        let mut column = Column { cards: [0; 104], len: cards.len() };
        column.cards[..cards.len()].copy_from_slice(cards);
        column
    }

    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    fn push(&mut self, card: Card) {
        self.cards[self.len] = card;
        self.len += 1;
    }
}

impl std::ops::Deref for Column {
    type Target = [Card];

    fn deref(&self) -> &[Card] {
        &self.cards[..self.len]
    }
}

/// The index of the first card of a same-suit descending run ending at `cards[top - 1]`
/// whose first card has an unburied successor (BLK-5).
fn run_that_may_marry(cards: &[Card], top: usize, buried: &[i16; 64]) -> Option<usize> {
    let mut base = top - 1;
    while base > 0 && cards[base - 1] == cards[base] + NEXT {
        base -= 1;
        if buried[usize::from(cards[base] + NEXT)] < 2 {
            return Some(base);
        }
    }
    None
}

/// One probe (`depth_first.restarts` with `blockade_probe_order`): a depth-first search
/// for a win in its probe's order, the safe move alone where there is one, dead ends
/// cut, positions met once (by `solver_key`), cut off after `cutoff` nodes. It only
/// looks for a win: the exact search that follows proves losses.
struct Probe {
    order: ProbeOrder,
    seen: HashedSet,
    scratch: Vec<u8>, // solver keys while they are hashed
    line: Vec<Move>,
    nodes: u64,
    cutoff: u64,
    until: Instant,
    out_of_time: bool,
}

impl Probe {
    /// Whether a win lies below `state` within the cut-off; the won line is `line`.
    /// `state` is left as given.
    fn search(&mut self, rules: &Blockade, state: &mut State) -> bool {
        if rules.dead_end(&state.board) {
            return false;
        }
        let mut legal = state.legal_raw().to_vec();
        if let Some(safe) = rules.safe_move(&state.board, &legal) {
            legal = vec![safe];
        } else {
            self.order.arrange(rules, &state.board, &mut legal);
        }
        for mv in legal {
            if self.nodes >= self.cutoff || self.out_of_time {
                return false;
            }
            self.nodes += 1;
            if self.nodes.is_multiple_of(1024) && Instant::now() > self.until {
                self.out_of_time = true;
            }
            state.play_raw(mv);
            self.line.push(mv);
            if state.is_won() {
                state.pop();
                return true;
            }
            let key = rules.table_key(&state.board, &mut self.scratch);
            if self.seen.insert(key) && self.search(rules, state) {
                state.pop();
                return true;
            }
            self.line.pop();
            state.pop();
        }
        false
    }
}
