//! Shah's beam dive (`patience.solver.shah_dive` as it was): beam searches
//! through the stock that look for a winning line and never claim a loss.
//!
//! The stock is turned one card at a time and never comes back (SHA-7, SHA-10): `draw`
//! onto the talon when no gap waits, else the card turned goes up, is married or fills
//! the first gap (SHA-8), and a lane takes the talon's top, or the stock's, into its ray
//! (SHA-9); during the deal a foundation play refills its slot and `deal` lays a circle
//! (SHA-4). So the real decisions are what is played between two cards turned:
//! foundation plays, marriages (SHA-6), gaps filled from the talon or by the lane. A
//! depth-first search varies the last of those first, so a deal whose early decisions
//! were wrong is won late. A beam keeps, per stage (the stock's size, then the talon's
//! once the stock is spent), the `width` best positions by a `Weights` score out of every
//! position a short complete search from a kept one reaches before the stage ends (at
//! most `BETWEEN` positions each), taken with the stage ended; at most `PER_PARENT` come
//! from one position while others are left. Positions alike under `solver_key` are met
//! once a layer, and those `dead_end` proves lost are dropped. Near the end a kept
//! position is finished by a short search for a win in `shah_order`. The beams run with
//! each of `VARIANTS` in turn at each of `FIRST_WIDTHS`, then all again `WIDTH_GROWTH`
//! times as wide, until a line is found, the budget is spent or no beam dropped anything.
//! A line is played through `legal_raw` (the repetition rule included) and replayed
//! by the Python engine before it is claimed.

use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::time::Instant;

use super::probes::{finish, Probe};
use super::{foundation_heights, keeps_dead_end, Shah, FOUND0, QUEEN, RAYS, SLOT0, STOCK, TALON};
use crate::cards::Card;
use crate::engine::{Move, Position, Rules, State};
use crate::hash::HashedSet;
use crate::search;

/// Positions kept per stage in the first rounds of beams; then each round `WIDTH_GROWTH`
/// times as wide as the last (`shah_dive.FIRST_WIDTHS`: 32 costs more than it wins).
const FIRST_WIDTHS: [usize; 3] = [2, 8, 128];
const WIDTH_GROWTH: usize = 4;
const PER_PARENT: usize = 1; // kept from one position before those of others
const BETWEEN: usize = 48; // positions the search between two stages meets, at most
const ENDGAME_NODES: u64 = 5000; // nodes of the search that finishes a kept position
/// More than the talon ever holds (88 cards, SHA-1): a card turned from the stock ends a
/// stage whatever the talon holds.
const STAGE_SPAN: usize = 100;

/// A score's weights (lower scores are better), `shah_dive.Weights`: `home` per card on
/// the foundations (subtracted); `blocked` per card of a ray or of the talon with a card
/// needed later above it (a ray read as a pile: inner, middle, outer packet, SHA-5); `gap`
/// per rank that card waits beyond the latest one above it; `gaps` per empty slot (SHA-8:
/// each takes a card before the next is turned); `endgame`: cards left in the stock when
/// the search finishes a kept position (-1: the beam goes on through the talon, and the
/// search finishes it once both are spent).
pub(super) struct Weights {
    home: i32,
    blocked: i32,
    gap: i32,
    gaps: i32,
    endgame: i32,
}

/// Tried in turn, each finding deals the others miss; the first wins the most late deals
/// (`shah_dive.VARIANTS`).
const VARIANTS: [Weights; 4] = [
    Weights { home: 8, blocked: 8, gap: 1, gaps: -4, endgame: 6 },
    Weights { home: 16, blocked: 4, gap: 2, gaps: 0, endgame: 2 },
    Weights { home: 16, blocked: 8, gap: 1, gaps: 0, endgame: 2 },
    Weights { home: 24, blocked: 8, gap: 1, gaps: 4, endgame: -1 },
];

/// A candidate for a later layer: its score, its parent, the parent's line and position
/// (None: the dive's start), and where the moves from there lie in its layer's `tails`.
struct Child {
    score: i32,
    parent: u32,
    line: Rc<Line>,
    from: Option<Rc<Position>>,
    tail: (u32, u32),
}

/// A line from the dive's start: the line of the parent (None: the start) and the moves
/// from there, so that a kept position's line costs only its own moves.
#[derive(Default)]
struct Line {
    before: Option<Rc<Line>>,
    moves: Vec<Move>,
}

impl Line {
    /// The line's moves with `tail` after them.
    fn with(&self, tail: &[Move]) -> Vec<Move> {
        let mut parts = vec![tail];
        let mut line = Some(self);
        while let Some(part) = line {
            parts.push(&part.moves);
            line = part.before.as_deref();
        }
        parts.into_iter().rev().flatten().copied().collect()
    }
}

/// A position of a layer: its line from the dive's start, and its parent's position
/// (None: the start), from which the line's last moves reach it.
struct Member {
    line: Rc<Line>,
    from: Option<Rc<Position>>,
}

/// The candidates for one stage's layer, in the order met, each position once.
#[derive(Default)]
struct Children {
    keys: HashedSet,
    met: Vec<Child>,
    tails: Vec<Move>,
}

/// The beams, widening round after round (`beam.widening_rounds`): a won line from
/// `state` or None, and the nodes used. `state` is left as given; `probe` finishes the
/// kept positions near the end (its buffers reused).
pub(super) fn beam_dive(
    rules: &Shah,
    state: &mut State,
    max_nodes: u64,
    deadline: Instant,
    probe: &mut Probe,
) -> (Option<Vec<Move>>, u64) {
    let mut work = Work::default();
    let mut nodes = 0;
    let mut round = 0;
    let mut width = FIRST_WIDTHS[0];
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
                probe: &mut *probe,
                work: &mut work,
            };
            let (line, cut) = beam.run(state);
            nodes += beam.nodes;
            if line.is_some() {
                return (line, nodes);
            }
            dropped |= cut;
        }
        if !dropped {
            return (None, nodes);
        }
        round += 1;
        width = FIRST_WIDTHS.get(round).copied().unwrap_or(width * WIDTH_GROWTH);
    }
}

struct Beam<'a> {
    rules: &'a Shah,
    weights: &'a Weights,
    width: usize,
    max_nodes: u64,
    deadline: Instant,
    nodes: u64,
    root: usize,          // moves played on `state` at the dive's start
    probe: &'a mut Probe, // the search that finishes a kept position
    work: &'a mut Work,
}

/// The buffers of the searches between two stages, reused from one to the next.
#[derive(Default)]
struct Work {
    seen: HashedSet,
    path: Vec<Move>,
    scratch: Vec<u8>,
    spare: Vec<Vec<Move>>, // move lists of the positions on the path
}

impl Beam<'_> {
    fn spent(&self) -> bool {
        self.nodes >= self.max_nodes || search::past(self.deadline)
    }

    /// Put `state` at `member`: back to the dive's start, to its parent's position, then
    /// on by the moves from there (the layers' lines part early, so playing a whole line
    /// again would cost most of the beam's time). Every kept position after the start
    /// was reached by a card from the stock or the talon, an irreversible move, so
    /// the repetition memory there is empty and `push_position`'s emptying changes nothing.
    fn load(&mut self, state: &mut State, member: &Member) {
        self.unload(state);
        if let Some(from) = &member.from {
            state.push_position(from);
        }
        for &mv in &member.line.moves {
            state.play_raw(mv);
        }
    }

    /// Put `state` back at the dive's start.
    fn unload(&mut self, state: &mut State) {
        while state.moves_played() > self.root {
            state.pop();
        }
    }

    /// One beam: a won line or None, and whether any position was dropped.
    fn run(&mut self, state: &mut State) -> (Option<Vec<Move>>, bool) {
        let mut layer = vec![Member { line: Rc::default(), from: None }];
        // every later kept position passed the dead end as a candidate (`Between::keep`)
        let start_lives = !self.rules.dead_end(&state.board);
        let mut pending: BTreeMap<usize, Children> = BTreeMap::new();
        let mut dropped = false;
        let mut parents = 0;
        let answer = 'beam: loop {
            for member in &layer {
                if self.spent() {
                    dropped = true;
                    break 'beam None;
                }
                self.load(state, member);
                let line = &member.line;
                let piles = &state.board.piles;
                if finish_now(piles, self.weights) {
                    let cutoff = ENDGAME_NODES.min(self.max_nodes - self.nodes);
                    let (tail, used) = finish(self.rules, self.probe, state, cutoff, self.deadline);
                    self.nodes += used;
                    if let Some(tail) = tail {
                        break 'beam Some(line.with(&tail));
                    }
                    continue;
                }
                let from = Some(Rc::new(state.position()));
                let work = &mut *self.work;
                work.seen.clear();
                work.path.clear();
                let start = self.rules.table_key(&state.board, &mut work.scratch);
                work.seen.insert(start);
                let mut between = Between {
                    rules: self.rules,
                    weights: self.weights,
                    parent: parents,
                    line: line.clone(),
                    from,
                    pending: &mut pending,
                    work,
                    nodes: 0,
                };
                let lives = member.from.is_some() || start_lives;
                let won = between.visit(state, lives);
                self.nodes += between.nodes;
                if let Some(tail) = won {
                    break 'beam Some(line.with(&tail));
                }
                parents += 1;
            }
            let Some((_, children)) = pending.pop_last() else {
                break None;
            };
            let (next, cut) = kept(children, self.width);
            dropped |= cut;
            layer = next;
        };
        self.unload(state);
        (answer, dropped)
    }
}

/// The next layer (`beam.kept_layer`): up to `width` positions, best first (by score,
/// then order met), at most `PER_PARENT` from one parent before the others' are taken;
/// and whether any position was left out. Spreading the layer over parents keeps one
/// strong parent from filling the beam with near copies. (Positions at a dead end never
/// became candidates.)
fn kept(children: Children, width: usize) -> (Vec<Member>, bool) {
    let Children { met, tails, .. } = children;
    let mut ranked: Vec<(i32, usize)> = met.iter().enumerate().map(|(i, c)| (c.score, i)).collect();
    ranked.sort_unstable();
    let line = |i: usize| {
        let child = &met[i];
        let (start, end) = (child.tail.0 as usize, child.tail.1 as usize);
        let line = Line { before: Some(child.line.clone()), moves: tails[start..end].to_vec() };
        Member { line: Rc::new(line), from: child.from.clone() }
    };
    let mut layer = Vec::new();
    let mut taken: HashMap<u32, usize> = HashMap::new();
    let mut later = Vec::new();
    for (_, i) in ranked {
        let parent = met[i].parent;
        if taken.get(&parent).copied().unwrap_or(0) >= PER_PARENT {
            later.push(i);
            continue;
        }
        if layer.len() == width {
            return (layer, true);
        }
        layer.push(line(i));
        *taken.entry(parent).or_insert(0) += 1;
    }
    for i in later {
        if layer.len() == width {
            return (layer, true);
        }
        layer.push(line(i));
    }
    (layer, false)
}

/// The search between two stages (`staged_beam._between`).
struct Between<'a> {
    rules: &'a Shah,
    weights: &'a Weights,
    parent: u32,
    line: Rc<Line>,             // the kept position's line from the dive's start
    from: Option<Rc<Position>>, // the kept position
    pending: &'a mut BTreeMap<usize, Children>,
    work: &'a mut Work, // positions met, moves from the kept position (`path`)
    nodes: u64,
}

impl Between<'_> {
    /// A complete search in `shah_order` through the moves that keep the stage, meeting
    /// at most `BETWEEN` positions; each move that ends the stage gives a candidate for
    /// the layer of the stage it reaches. The moves from the kept position to a won
    /// position if one is met. `lives`: the dead end is known to let this position
    /// through. `state` is left as given.
    fn visit(&mut self, state: &mut State, lives: bool) -> Option<Vec<Move>> {
        let mut moves = self.work.spare.pop().unwrap_or_default();
        state.legal_into(&mut moves);
        self.rules.order(&state.board, &mut moves);
        let won = self.visit_moves(state, &moves, lives);
        self.work.spare.push(moves);
        won
    }

    /// `visit` on, through `moves` in turn.
    fn visit_moves(&mut self, state: &mut State, moves: &[Move], lives: bool) -> Option<Vec<Move>> {
        let before = stage(&state.board.piles);
        for &mv in moves {
            // a move that leaves all the dead end reads lets its answer stand
            let lives = lives && keeps_dead_end(mv);
            state.play_raw(mv);
            self.nodes += 1;
            self.work.path.push(mv);
            let won = if state.is_won() {
                Some(self.work.path.clone())
            } else {
                let key = self.rules.table_key(&state.board, &mut self.work.scratch);
                let after = stage(&state.board.piles);
                if after < before {
                    self.keep(state, key, after, lives);
                    None
                } else if self.work.seen.len() < BETWEEN && self.work.seen.insert(key) {
                    self.visit(state, lives)
                } else {
                    None
                }
            };
            self.work.path.pop();
            state.pop();
            if won.is_some() {
                return won;
            }
        }
        None
    }

    /// A candidate for the layer of `stage`, unless met before or at a dead end (`lives`:
    /// the dead end is known to let it through).
    fn keep(&mut self, state: &State, key: u128, stage: usize, lives: bool) {
        let layer = self.pending.entry(stage).or_default();
        if !layer.keys.insert(key) || (!lives && self.rules.dead_end(&state.board)) {
            return;
        }
        let start = layer.tails.len() as u32;
        layer.tails.extend_from_slice(&self.work.path);
        layer.met.push(Child {
            score: score(&state.board.piles, self.weights),
            parent: self.parent,
            line: self.line.clone(),
            from: self.from.clone(),
            tail: (start, layer.tails.len() as u32),
        });
    }
}

/// How far the game is from its end: the cards the stock has left, then the talon's
/// (each card turned lowers it, SHA-7, SHA-8, SHA-4's refills and circles, and so does
/// each card taken from the talon once the stock is spent: no redeal, SHA-10).
fn stage(piles: &[Vec<Card>]) -> usize {
    let stock = piles[STOCK].len();
    if stock > 0 {
        stock * STAGE_SPAN
    } else {
        piles[TALON].len()
    }
}

/// A kept position is finished by a search near the end of the stock, or once the talon
/// too is spent.
fn finish_now(piles: &[Vec<Card>], weights: &Weights) -> bool {
    piles[STOCK].len() as i32 <= weights.endgame || stage(piles) == 0
}

/// Card code -> ranks it waits for a foundation (`shah_dive.waits`): how many cards of
/// its suit the highest foundation still below it needs first (SHA-2); a card no
/// foundation can take again waits 12.
fn waits(piles: &[Vec<Card>]) -> [i32; 64] {
    let mut out = [0; 64];
    for (s, &[a, b]) in foundation_heights(piles).iter().enumerate() {
        let (low, high) = (a.min(b), a.max(b));
        for r in 1..=QUEEN {
            // the highest foundation below rank r, if any
            let wait = if r <= low {
                QUEEN
            } else if r <= high {
                r - 1 - low
            } else {
                r - 1 - high
            };
            out[r << 2 | s] = wait as i32;
        }
    }
    out
}

/// Cards met from the top down (`beam.buried`): how many lie under a card needed later,
/// by `wait`, and by how many ranks in all.
struct Burial<'a> {
    wait: &'a [i32; 64],
    blocked: i32,
    gaps: i32,
    highest: i32, // the latest wait above
}

impl Burial<'_> {
    fn new(wait: &[i32; 64]) -> Burial<'_> {
        Burial { wait, blocked: 0, gaps: 0, highest: -1 }
    }

    /// The next card down.
    fn under(&mut self, card: Card) {
        let w = self.wait[usize::from(card)];
        if w < self.highest {
            self.blocked += 1;
            self.gaps += self.highest - w;
        } else if w > self.highest {
            self.highest = w;
        }
    }
}

/// How many of `cards` (bottom to top) lie under a card needed later, by `wait`, and by
/// how many ranks in all (`beam.buried`).
#[cfg(test)]
fn buried(cards: impl DoubleEndedIterator<Item = Card>, wait: &[i32; 64]) -> (i32, i32) {
    let mut burial = Burial::new(wait);
    cards.rev().for_each(|card| burial.under(card));
    (burial.blocked, burial.gaps)
}

/// The position's score under `weights` (`shah_dive.score`); lower is better.
fn score(piles: &[Vec<Card>], weights: &Weights) -> i32 {
    let wait = waits(piles);
    let home: usize = piles[FOUND0..FOUND0 + RAYS].iter().map(Vec::len).sum();
    let (mut blocked, mut gaps, mut empty) = (0, 0, 0);
    for ray in 0..RAYS {
        // a ray read as a pile: the outer slot's cards from the top, then middle, inner
        let mut burial = Burial::new(&wait);
        for slot in piles[SLOT0 + 3 * ray..SLOT0 + 3 * ray + 3].iter().rev() {
            slot.iter().rev().for_each(|&card| burial.under(card));
            empty += i32::from(slot.is_empty());
        }
        blocked += burial.blocked;
        gaps += burial.gaps;
    }
    let mut burial = Burial::new(&wait);
    piles[TALON].iter().rev().for_each(|&card| burial.under(card));
    blocked += burial.blocked;
    gaps += burial.gaps;
    weights.blocked * blocked + weights.gap * gaps + weights.gaps * empty - weights.home * home as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::time::Duration;

    use crate::deals::{chance_source, deal_order};
    use crate::games;

    fn deal(deal: u64) -> State {
        let (rules, decks) = games::rules("shah", &Vec::new()).expect("shah plays");
        let deck = deal_order(deal, decks);
        State::new(rules, &deck, chance_source(Some(deal), &deck))
    }

    fn rules() -> Shah {
        let rules = super::super::build(&Vec::new()).expect("shah plays");
        Shah::new(rules.layout().to_vec())
    }

    /// Deal 17 is a late win for the probes (open at 10,000,000 nodes); the beam's line
    /// leaves the state as given and replays to a win through `legal_raw`.
    #[test]
    fn the_beam_finds_a_late_win_and_its_line_replays() {
        let shah = rules();
        let mut state = deal(17);
        let before = state.board.key();
        let deadline = Instant::now() + Duration::from_secs(600);
        let (line, nodes) = beam_dive(&shah, &mut state, 1_000_000, deadline, &mut Probe::default());
        let line = line.expect("a won line");
        assert!(nodes < 1_000_000);
        assert_eq!(state.board.key(), before);
        assert_eq!(state.moves_played(), 0);
        for mv in line {
            assert!(state.legal_raw().contains(&mv));
            state.play_raw(mv);
        }
        assert!(state.is_won());
    }

    /// A node budget stops the beams: nothing is claimed, and the state is as given.
    #[test]
    fn a_spent_budget_claims_nothing() {
        let shah = rules();
        let mut state = deal(5);
        let before = state.board.key();
        let (line, nodes) = beam_dive(
            &shah,
            &mut state,
            20_000,
            Instant::now() + Duration::from_secs(600),
            &mut Probe::default(),
        );
        assert!(line.is_none());
        assert!((20_000..25_000).contains(&nodes), "{nodes}");
        assert_eq!(state.board.key(), before);
    }

    /// `waits`, worked out per suit, gives what `shah_dive.waits` says card by card (the
    /// highest foundation of the suit below the card), at every pair of heights.
    #[test]
    fn waits_per_suit_are_the_waits_card_by_card() {
        let mut state = deal(3);
        for a in 1..=QUEEN {
            for b in 1..=QUEEN {
                for (f, height) in [(0, a), (1, b)] {
                    // the first two foundations' suit, whichever it is, at heights a and b
                    let pile = &mut state.board.piles[FOUND0 + f];
                    let ace = pile[0];
                    pile.clear();
                    pile.extend((1..=height).map(|r| (r << 2) as Card | (ace & 3)));
                }
                let piles = &state.board.piles;
                let heights = foundation_heights(piles);
                let wait = waits(piles);
                for (code, &wait) in wait.iter().enumerate() {
                    let (r, s) = (code >> 2, code & 3);
                    let below = heights[s].iter().filter(|&&h| h < r).max();
                    let expected = match r {
                        1..=QUEEN => below.map_or(QUEEN as i32, |&h| (r - 1 - h) as i32),
                        _ => 0,
                    };
                    assert_eq!(wait, expected, "heights {a} {b}, card {code}");
                }
            }
        }
    }

    #[test]
    fn buried_counts_cards_under_a_card_needed_later() {
        let mut wait = [0; 64];
        let (a, b, c) = (8u8, 12u8, 16u8); // three codes
        wait[usize::from(a)] = 1;
        wait[usize::from(b)] = 5;
        wait[usize::from(c)] = 3;
        // bottom a, then c, then b on top: a and c lie under b, needed 4 and 2 ranks later
        assert_eq!(buried([a, c, b].into_iter(), &wait), (2, 6));
        // in the order they are wanted nothing is buried
        assert_eq!(buried([b, c, a].into_iter(), &wait), (0, 0));
    }
}
