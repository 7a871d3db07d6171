//! Shah (`patience.games.shah`): a star of eight three-slot rays round a king
//! and eight aces; and what the solver knows of it (`patience.solver.shah`).
//!
//! Today's rules only (version 2: SHA-8's turned card may go up or be married, SHA-9's
//! lane fills its ray at once); `patience.native` leaves version 1 to the Python search.

use std::sync::Arc;
use std::time::Instant;

use crate::cards::{rank, Card};
use crate::engine::{Board, Kind, Move, Options, Pile, Place, Rules, State, Value};
use crate::hash::zobrist;

mod dive;
mod probes;

use probes::{Probe, Probes};

const RAYS: usize = 8;
const QUEEN: usize = 12;
const ACE: u8 = 1;
const KING: u8 = 13;
const FOUND0: usize = 0; // found1 … found8 are piles 0–7 (SHA-1)
const SHAH: usize = 8;
const OUT: usize = 9;
// the piles `table_key` takes out of the kept hash, bar the stock, lie together
const _: () = assert!(FOUND0 + RAYS == SHAH && SHAH + 1 == OUT);
const SLOT0: usize = 10; // rayN.C is pile SLOT0 + 3 * (N - 1) + (C - 1)
const STOCK: usize = SLOT0 + 3 * RAYS;
const TALON: usize = STOCK + 1;

const DEAL: usize = 0;
const DRAW: usize = 1;
const CIRCLES: usize = 0; // vars: circles dealt so far, 1 … 3 (SHA-4)

/// Nodes the exact search may visit before the dive: it proves the lost deals of 1-5,000
/// (117, 1358, 1962, 3488, …) at the first node, which it reached after the dives, 9 s
/// into 10; a larger lead would delay every deal the probes win at once.
const EXACT_LEAD: u64 = 2_000;
/// Shares of the node and time budgets, each of what the part before it leaves: the
/// probes first (`LEAD_SHARE`: they win many deals in a few thousand nodes that the beams
/// reach late), then the beam dive (`dive::beam_dive`, which wins most late deals sooner,
/// and deals the probes miss at 12 million nodes: 18, 57, 88 and 91 of 1-200), then the
/// probes again (`DIVE_SHARE`); the exact search gets the rest and proves losses
/// (docs/notes/solver-log.md, *Shah's beam dive, ported*).
const LEAD_SHARE: f64 = 0.05;
const BEAM_SHARE: f64 = 0.8;
const DIVE_SHARE: f64 = 0.9;
/// The longest move list `Shah::order` sorts in place (longer ones are rare).
const ORDERED_IN_PLACE: usize = 64;
/// Zobrist items of `table_key` beside the board's (cards at places, counters): a suit's
/// two foundation heights, the stock's size.
const FOUNDATIONS_ITEM: u64 = 1 << 62;
const STOCK_ITEM: u64 = 1 << 61;

/// The slots of circle `c` (0 inner, 1 middle, 2 outer), clockwise.
fn circle(c: usize) -> impl Iterator<Item = usize> {
    (0..RAYS).map(move |n| SLOT0 + 3 * n + c)
}

fn is_inner(slot: usize) -> bool {
    (SLOT0..STOCK).contains(&slot) && (slot - SLOT0).is_multiple_of(3)
}

fn is_outer(slot: usize) -> bool {
    (SLOT0..STOCK).contains(&slot) && (slot - SLOT0) % 3 == 2
}

pub struct Shah {
    layout: Vec<Pile>,
    /// `table_key`'s items beside the board's, worked out once: a suit's two foundation
    /// heights, lower first (`foundation_item`), and the stock's size.
    foundation_items: Vec<u128>,
    stock_items: Vec<u128>,
}

/// Where `Shah::foundation_items` keeps the item of suit `s` with foundations at heights
/// `low` <= `high` (each 1 … 12).
fn foundation_item(s: usize, low: usize, high: usize) -> usize {
    (s * 13 + low) * 13 + high
}

impl Shah {
    fn new(layout: Vec<Pile>) -> Shah {
        let mut foundation_items = vec![0; foundation_item(4, 0, 0)];
        for s in 0..4 {
            for low in 0..13 {
                for high in 0..13 {
                    let item = FOUNDATIONS_ITEM | (s as u64) << 16 | (low as u64) << 8 | high as u64;
                    foundation_items[foundation_item(s, low, high)] = zobrist(item);
                }
            }
        }
        let stock_items = (0..=104).map(|n| zobrist(STOCK_ITEM | n)).collect();
        Shah { layout, foundation_items, stock_items }
    }

    /// The foundations' part of `table_key`: each suit's two foundation heights, lower
    /// first. Only a card gone up changes it (`raises_foundation`), so the probes carry it
    /// from a position to the next.
    fn foundations_item(&self, piles: &[Vec<Card>]) -> u128 {
        foundation_heights(piles).iter().enumerate().fold(0, |hash, (s, &[a, b])| {
            hash ^ self.foundation_items[foundation_item(s, a.min(b), a.max(b))]
        })
    }

    /// `table_key` given its foundations' part (`foundations_item`).
    fn table_key_with(&self, board: &Board, founds: u128) -> u128 {
        let rest = match (board.kept_hash(), board.kept_pile_hashes()) {
            (Some(whole), Some(piles)) => {
                piles[FOUND0..=OUT].iter().fold(whole ^ piles[STOCK], |h, &p| h ^ p)
            }
            _ => {
                let moved = (FOUND0..=OUT).chain([STOCK]);
                moved.fold(board.zobrist(), |hash, pile| hash ^ board.pile_zobrist(pile))
            }
        };
        rest ^ founds ^ self.stock_items[board.piles[STOCK].len()]
    }
}

/// Shah (no options), or why not.
pub fn build(options: &Options) -> Result<Arc<dyn Rules>, String> {
    if let Some((name, value)) = options.first() {
        return Err(format!("shah: option {name} = {value:?} is not supported"));
    }
    let mut layout: Vec<Pile> =
        (1..=RAYS).map(|n| Pile::new(&format!("found{n}"), Kind::Foundation, QUEEN)).collect();
    layout.push(Pile::new("shah", Kind::Out, 0));
    layout.push(Pile::new("out", Kind::Out, 0));
    for n in 1..=RAYS {
        for c in 1..=3 {
            layout.push(Pile::new(&format!("ray{n}.{c}"), Kind::Tableau, 0));
        }
    }
    layout.push(Pile::new("stock", Kind::Stock, 0));
    layout.push(Pile::new("talon", Kind::Talon, 0));
    Ok(Arc::new(Shah::new(layout)))
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

/// SHA-8: the first empty slot, inner circle first and clockwise within a circle.
fn first_gap(piles: &[Vec<Card>]) -> Option<usize> {
    (0..3).flat_map(circle).find(|&s| piles[s].is_empty())
}

impl Rules for Shah {
    fn game_id(&self) -> &'static str {
        "shah"
    }

    fn layout(&self) -> &[Pile] {
        &self.layout
    }

    fn actions(&self) -> &'static [&'static str] {
        &["deal", "draw"]
    }

    fn var_count(&self) -> usize {
        1
    }

    /// SHA-1: aces to the foundations in deck order, the last king is the Shah.
    fn setup(&self, board: &mut Board, deck: &[Card]) {
        let mut rest = Vec::new();
        let mut kings = Vec::new();
        let mut aces = 0;
        for &card in deck {
            match rank(card) {
                ACE => {
                    board.piles[FOUND0 + aces].push(card);
                    aces += 1;
                }
                KING => kings.push(card),
                _ => rest.push(card),
            }
        }
        if let Some(shah) = kings.pop() {
            board.piles[SHAH].push(shah);
        }
        board.piles[OUT] = kings;
        rest.reverse();
        for slot in circle(0) {
            // SHA-4: circle 1 is dealt at the start
            if let Some(card) = rest.pop() {
                board.piles[slot].push(card);
            }
        }
        board.piles[STOCK] = rest;
        board.vars[CIRCLES] = 1;
    }

    fn generate(&self, board: &Board, out: &mut Vec<Move>) {
        let piles = &board.piles;
        // the foundations (bits) that take each card next: its top plus one rank (SHA-2)
        let mut wants = [0u8; 64];
        for f in FOUND0..FOUND0 + RAYS {
            let top = piles[f][piles[f].len() - 1];
            if usize::from(rank(top)) < QUEEN {
                wants[usize::from(top + 4)] |= 1 << (f - FOUND0);
            }
        }
        let wants = |card: Card| bits(u64::from(wants[usize::from(card)])).map(|f| FOUND0 + f);
        let circles = board.vars[CIRCLES] as usize;
        if circles < 3 {
            // SHA-4: the last circle, to foundations only, then `deal`
            for slot in circle(circles - 1) {
                if let Some(&top) = piles[slot].last() {
                    for f in wants(top) {
                        out.push(Move::card(slot, f, piles[slot].len() - 1, false));
                    }
                }
            }
            out.push(Move::action(DEAL));
            return;
        }

        let mut outer = [(0, 0); RAYS]; // the outer slots' tops
        let mut outer_count = 0;
        let mut marry = [0u8; 64]; // SHA-6: card wanted -> rays (bits) whose outer top takes it
        for (ray, slot) in circle(2).enumerate() {
            if let Some(&top) = piles[slot].last() {
                outer[outer_count] = (slot, top);
                outer_count += 1;
                marry[usize::from(top - 4)] |= 1 << ray;
                for f in wants(top) {
                    out.push(Move::card(slot, f, piles[slot].len() - 1, false));
                }
            } else {
                // SHA-5: a released middle or inner card goes to foundations only
                for under in [slot - 1, slot - 2] {
                    if let Some(&card) = piles[under].last() {
                        for f in wants(card) {
                            out.push(Move::card(under, f, piles[under].len() - 1, false));
                        }
                        break;
                    }
                }
            }
        }

        let outer_tops = &outer[..outer_count];
        let marry = |card: Card| bits(u64::from(marry[usize::from(card)])).map(|ray| SLOT0 + 3 * ray + 2);
        for &(slot, top) in outer_tops {
            // SHA-6: outer onto outer; reversible only when the card could marry back
            // onto the one below it
            let cards = &piles[slot];
            for target in marry(top) {
                if target != slot {
                    let back = cards.len() > 1 && cards[cards.len() - 2] == top + 4;
                    out.push(Move::card(slot, target, cards.len() - 1, back));
                }
            }
        }

        let gap = first_gap(piles); // SHA-7: a gap is any empty slot once the deal is over
        let talon = &piles[TALON];
        if let Some(&top) = talon.last() {
            let last = talon.len() - 1;
            for f in wants(top) {
                out.push(Move::card(TALON, f, last, false));
            }
            for target in marry(top) {
                out.push(Move::card(TALON, target, last, false));
            }
            if let Some(gap) = gap {
                out.push(Move::card(TALON, gap, last, false));
            }
        }
        let stock = &piles[STOCK];
        if let Some(gap) = gap {
            // SHA-8: while a gap waits the stock's top card is the card being turned: it
            // may go up, be married onto an outer slot, or fill the gap
            if let Some(&top) = stock.last() {
                let last = stock.len() - 1;
                for f in wants(top) {
                    out.push(Move::card(STOCK, f, last, false));
                }
                for target in marry(top) {
                    out.push(Move::card(STOCK, target, last, false));
                }
                out.push(Move::card(STOCK, gap, last, false));
            }
            // SHA-9: a whole empty ray's inner slot may take another ray's outer top card;
            // reading: the lane is a way of filling that gap, so SHA-8's order binds it
            if is_inner(gap) && piles[gap + 1].is_empty() && piles[gap + 2].is_empty() {
                for &(slot, _) in outer_tops {
                    out.push(Move::card(slot, gap, piles[slot].len() - 1, false));
                }
            }
        } else if !stock.is_empty() {
            out.push(Move::action(DRAW)); // SHA-7: no `draw` while a gap waits
        }
    }

    fn apply(&self, board: &mut Board, mv: Move) {
        if mv.is_action() {
            if mv.dst == DRAW {
                board.move_top(STOCK, TALON, 1); // SHA-7
                return;
            }
            // SHA-4: the next circle over the last; reading: a stock spent by refills
            // leaves the circle's other slots as gaps (SHA-8)
            let circles = board.vars[CIRCLES];
            for slot in circle(circles as usize) {
                if !board.piles[STOCK].is_empty() {
                    board.move_top(STOCK, slot, 1);
                }
            }
            board.set_var(CIRCLES, circles + 1);
            return;
        }
        let (src, dst) = (mv.src, mv.dst);
        board.move_top(src, dst, 1);
        if board.vars[CIRCLES] < 3 {
            if !board.piles[STOCK].is_empty() {
                board.move_top(STOCK, src, 1); // SHA-4: refilled at once
            }
        } else if is_inner(dst) && is_outer(src) {
            // SHA-9, the lane: the ray's middle then outer slot filled at once from the
            // talon top ([R] the stock top while the talon is empty)
            for slot in [dst + 1, dst + 2] {
                if !board.piles[TALON].is_empty() {
                    board.move_top(TALON, slot, 1);
                } else if !board.piles[STOCK].is_empty() {
                    board.move_top(STOCK, slot, 1);
                }
            }
        }
    }

    /// SHA-2: all eight foundations at Q (eight of at most twelve cards: 96 exactly).
    fn is_won(&self, board: &Board) -> bool {
        board.piles[FOUND0..FOUND0 + RAYS].iter().map(Vec::len).sum::<usize>() == QUEEN * RAYS
    }

    /// `ShahRules.unseen`: the stock, but for its top card once a gap has waited while
    /// that card was on top: the player turned it (SHA-8; the moves name it), and the
    /// stock only ever loses its top, so the card stays known until it leaves.
    fn unseen(&self, state: &State) -> Vec<Vec<Place>> {
        let n = state.board.piles[STOCK].len();
        if n == 0 {
            return Vec::new();
        }
        let gap_waits = |board: &Board| board.vars[CIRCLES] >= 3 && first_gap(&board.piles).is_some();
        let mut turned = gap_waits(&state.board);
        if !turned {
            state.positions_back(|board| {
                turned = board.piles[STOCK].len() == n && gap_waits(board);
                !turned && board.piles[STOCK].len() == n
            });
        }
        let hidden = if turned { n - 1 } else { n };
        if hidden == 0 {
            return Vec::new();
        }
        vec![(0..hidden).map(|k| (STOCK, k)).collect()]
    }

    fn counters(&self, board: &Board) -> Vec<(String, Value)> {
        let gap = if board.vars[CIRCLES] < 3 { None } else { first_gap(&board.piles) };
        let lane = gap
            .is_some_and(|g| is_inner(g) && board.piles[g + 1].is_empty() && board.piles[g + 2].is_empty());
        vec![
            ("circles_dealt".into(), Value::Int(i64::from(board.vars[CIRCLES]))),
            ("next_gap".into(), gap.map_or(Value::None, |g| Value::Str(self.layout[g].id.clone()))),
            ("lane_open".into(), Value::Bool(lane)),
        ]
    }

    /// `ShahRules.solver_key`: foundations sorted (SHA-2: interchangeable), the Shah and
    /// the seven kings left out (SHA-1: they never move), the stock by its size (it only
    /// ever loses its top card, SHA-4, SHA-7, SHA-8).
    fn solver_key(&self, board: &Board, out: &mut Vec<u8>) {
        let piles = &board.piles;
        let mut founds: [&[Card]; RAYS] = std::array::from_fn(|f| piles[FOUND0 + f].as_slice());
        founds.sort_unstable();
        let slots = piles[SLOT0..STOCK].iter().map(Vec::as_slice);
        for cards in founds.into_iter().chain(slots) {
            out.extend_from_slice(cards);
            out.push(0xff);
        }
        out.extend_from_slice(&piles[TALON]);
        out.push(0xff);
        out.push(piles[STOCK].len() as u8);
        out.extend(board.vars.iter().map(|&v| v as u8));
    }

    /// The board keeps its Zobrist hash, which `table_key` and `repetition_hash` read
    /// instead of hashing the key's bytes at each position.
    fn keeps_hash(&self) -> bool {
        true
    }

    /// `solver_key` as a Zobrist hash (hash.rs): the board's kept hash with the
    /// foundations, the Shah, the kings out and the stock taken out, and put back as
    /// `solver_key` has them: each suit's two foundation heights, lower first (a
    /// foundation holds its suit's cards from the ace up, SHA-2, so the heights sort the
    /// foundations), and the stock's size. Each distinct `solver_key` differs from
    /// another in some item, so two share a table key with probability 2^-128.
    fn table_key(&self, board: &Board, _scratch: &mut Vec<u8>) -> u128 {
        self.table_key_with(board, self.foundations_item(&board.piles))
    }

    /// The kept Zobrist hash of the repetition key (the board's key, hash.rs).
    fn repetition_hash(&self, board: &Board, _scratch: &mut Vec<u8>) -> u128 {
        board.kept_hash().unwrap_or_else(|| board.zobrist())
    }

    /// `shah_dead_end`: inner cards walled in under middle cards, beyond any line's reach.
    /// Inner and middle slots give their card up only to a foundation (SHA-5; SHA-6, SHA-8
    /// and SHA-9 only fill them), and an inner card is reachable only once its middle
    /// card has gone up (SHA-4, SHA-5). Relaxed: every other card off the foundations is
    /// free, an inner card once a copy of the middle card above it has gone up; if
    /// playing every fitting free card leaves a foundation short of Q, it is lost
    /// (`patience.solver.shah.shah_dead_end` argues it).
    fn dead_end(&self, board: &Board) -> bool {
        if board.vars[CIRCLES] < 2 {
            return false;
        }
        let piles = &board.piles;
        let mut walled = [(0, 0); RAYS]; // (middle card, inner card under it)
        let mut count = 0;
        for inner in circle(0) {
            if let (Some(&card), Some(&middle)) = (piles[inner].last(), piles[inner + 1].last()) {
                walled[count] = (middle, card);
                count += 1;
            }
        }
        if count == 0 {
            return false;
        }
        relaxed_lost(foundation_heights(piles), &mut walled[..count])
    }

    /// The exact search proves this game's rare losses in a few nodes (`EXACT_LEAD`).
    fn exact_lead(&self) -> u64 {
        EXACT_LEAD
    }

    /// Shah's restarted probes (`solver.shah.probe_order`, `depth_first.restarts`), the
    /// beam dive (`dive.rs`), then the probes again. A probe is a short depth-first
    /// search for a win, each in its own order (`guide_rank` plus a random draw seeded by
    /// the probe, `deal`/`draw` now and then first), cut off after `PROBE_UNIT` nodes,
    /// every fourth after that times Luby's sequence. Wins lie on scattered lines (which
    /// card fills which gap, SHA-8), which many short probes meet sooner than one long
    /// search; a late win's early decisions are the beam's. Both only look for a win; the
    /// exact search that follows proves losses.
    fn dive(&self, state: &mut State, max_nodes: u64, deadline: Instant) -> (Option<Vec<Move>>, u64) {
        if state.remembers() || self.dead_end(&state.board) {
            return (None, 0);
        }
        let share = |of: f64, nodes: u64| {
            let now = Instant::now();
            let until = now + deadline.saturating_duration_since(now).mul_f64(of);
            (until, nodes + (max_nodes.saturating_sub(nodes) as f64 * of) as u64)
        };
        let mut probes = Probes { next: 1, nodes: 0, probe: Probe::default() };
        let (until, limit) = share(LEAD_SHARE, 0);
        if let Some(line) = probes.run(self, state, limit, until) {
            return (Some(line), probes.nodes);
        }
        let (until, limit) = share(BEAM_SHARE, probes.nodes);
        let (line, used) = dive::beam_dive(self, state, limit - probes.nodes, until, &mut probes.probe);
        probes.nodes += used;
        if line.is_some() {
            return (line, probes.nodes);
        }
        let (until, limit) = share(DIVE_SHARE, probes.nodes);
        let line = probes.run(self, state, limit, until);
        (line, probes.nodes)
    }

    /// `shah_order`: foundation plays first; then marriages (SHA-6), talon and stock cards
    /// (SHA-8) before slot cards, a slot card that would only swap one copy of its
    /// successor for the other last of them; then gap fills from the talon, from the stock
    /// and by the lane (SHA-8, SHA-9); `draw` and `deal` last. A stable sort.
    fn order(&self, board: &Board, legal: &mut Vec<Move>) {
        let piles = &board.piles;
        let rank = |m: &Move| {
            if m.is_action() {
                6
            } else if m.dst < RAYS {
                0
            } else if let Some(&target) = piles[m.dst].last() {
                if m.src == TALON || m.src == STOCK {
                    1
                } else if m.index > 0 && piles[m.src][m.index - 1] == target {
                    5
                } else {
                    2
                }
            } else if m.src == TALON {
                3
            } else {
                4
            }
        };
        if legal.len() > ORDERED_IN_PLACE {
            legal.sort_by_key(rank);
            return;
        }
        // each move's rank worked out once, then a stable insertion sort on it
        let mut ranks = [0u8; ORDERED_IN_PLACE];
        for (i, m) in legal.iter().enumerate() {
            ranks[i] = rank(m);
        }
        for i in 1..legal.len() {
            let (r, m) = (ranks[i], legal[i]);
            let mut j = i;
            while j > 0 && ranks[j - 1] > r {
                ranks[j] = ranks[j - 1];
                legal[j] = legal[j - 1];
                j -= 1;
            }
            ranks[j] = r;
            legal[j] = m;
        }
    }
}

/// Whether `mv` leaves all that `dead_end` reads as it was (the foundations, the inner
/// and middle slots, the circles dealt), so that it cannot turn a position the dead end
/// lets through into one it proves lost: `draw` (SHA-7) and the card moves onto an outer
/// slot, a marriage (SHA-6) or a gap filled (SHA-8), touch only the outer slots, the
/// talon and the stock (`apply`: no refill or lane follows them).
fn keeps_dead_end(mv: Move) -> bool {
    if mv.is_action() {
        mv.dst == DRAW
    } else {
        is_outer(mv.dst)
    }
}

/// Whether `mv` puts a card on a foundation: no other move changes them (`apply`: the
/// refills, the lane, `deal` and `draw` take cards from the stock and the talon).
fn raises_foundation(mv: Move) -> bool {
    !mv.is_action() && (FOUND0..FOUND0 + RAYS).contains(&mv.dst)
}

/// Suit -> the heights of its two foundations, in the order they lie (SHA-1: the eight
/// aces of the two decks start them, two to a suit).
fn foundation_heights(piles: &[Vec<Card>]) -> [[usize; 2]; 4] {
    let mut heights = [[0usize; 2]; 4];
    let mut seen = [0usize; 4];
    for found in &piles[FOUND0..FOUND0 + RAYS] {
        let s = usize::from(found[0] & 3);
        heights[s][seen[s].min(1)] = found.len();
        seen[s] += 1;
    }
    heights
}

/// `relaxed_lost`: `heights` holds each suit's two foundation counts in pile order,
/// `walled` each (middle card, inner card under it). A copy of a card off the foundations
/// is free unless walled: two copies exist, one on each foundation of its suit that has
/// reached its rank.
fn relaxed_lost(mut heights: [[usize; 2]; 4], walled: &mut [(Card, Card)]) -> bool {
    let mut held = [0u8; 64]; // walled copies of each card
    let mut count = walled.len(); // walled[..count] are still walled
    for &(_, card) in walled.iter() {
        held[usize::from(card)] += 1;
    }
    let mut up = [false; 64]; // a copy of the card has gone up in the relaxation

    // A foundation stops for want of a copy; a higher foundation beside it only takes
    // copies away, so only a freed inner card lets one go on: another pass only then.
    let mut freed = true;
    while freed {
        freed = false;
        let mut changed = false;
        for (s, pair) in heights.iter_mut().enumerate() {
            for i in 0..2 {
                let mut height = pair[i];
                let other = pair[1 - i];
                while height < QUEEN {
                    let card = (height + 1) << 2 | s;
                    // copies left: two, less one on the other foundation, less walled ones
                    if u8::from(other > height) + held[card] >= 2 {
                        break;
                    }
                    height += 1;
                    up[card] = true;
                    changed = true;
                }
                pair[i] = height;
            }
        }
        if changed {
            // the walled pairs whose middle card went up free their inner card
            let mut kept = 0;
            for i in 0..count {
                let (middle, card) = walled[i];
                if up[usize::from(middle)] {
                    held[usize::from(card)] -= 1;
                } else {
                    walled[kept] = (middle, card);
                    kept += 1;
                }
            }
            freed = kept < count;
            count = kept;
        }
    }
    heights.iter().flatten().any(|&h| h < QUEEN)
}
