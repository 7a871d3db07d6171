//! The reserve family's dive (`patience.solver.reserve_dive`): beam
//! searches through the stock that look for a winning line and never claim a loss.
//!
//! Every rule of these games reads ranks only, and with no redeal left the real decisions
//! are where each card turned from the stock goes: a foundation, a reserve or one of the
//! waste piles (TOD-5, DST-4, OPS-1). A depth-first search varies the last of those
//! decisions first, so a deal whose first placements were wrong is won late. A beam
//! keeps, after each card turned, the `width` best positions by a `Weights` score out of
//! every placement of that card from each position kept (at most `PER_PARENT` from one
//! position while others are left), each placement followed by every foundation play and
//! build on a reserve that comes free (`settle`; with `hold`, as Toad's dive asks, also
//! without the waste tops' foundation plays, which a won line may decline to keep a
//! foundation free for a card still buried). Positions alike under `solver_key` are met
//! once, and those the family's dead end proves lost are dropped (with `pool`, those the
//! pool game proves lost too, `endgame.rs`). Once no more than `ENDGAME_STOCK` cards are
//! left to turn, a short complete search finishes each position kept. The beams run with
//! each of `VARIANTS` in turn, then all again `growth` times as wide, until the budget is
//! spent or no beam drops anything (a wider one would meet the same positions).
//!
//! A line is played through `play_raw` and replayed by the Python engine before it is
//! claimed; nothing is claimed when no line is found: the search that follows decides.

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use super::endgame::{PoolGame, PoolLimits};
use super::{place_of, waits, ReserveRules, BASE_RANK, DRAW, REDEALS_DONE};
use crate::cards::rank;
use crate::engine::{Board, Move, Rules, State};
use crate::search::{self, children, hash128};

const FIRST_WIDTH: usize = 2; // positions kept per card turned in the first beams
const PER_PARENT: usize = 2; // kept from one position before those of others are looked at
const ENDGAME_NODES: u64 = 1000; // nodes of the complete search that finishes a position kept
const ENDGAME_STOCK: usize = 12; // cards left in the stock when that search takes over

/// How a game of the family is dived: the share of the search's budgets the beams get,
/// whether placements are also kept with the waste tops held, how much wider each round
/// is, and when the pool game drops positions.
#[derive(Clone, Copy, Debug)]
pub struct DiveSpec {
    pub share: f64,
    pub hold: bool,
    pub growth: usize,
    pub pool: Option<PoolLimits>,
}

/// A score's weights (lower scores are better), waits in eighths of a card (`waits`):
/// `blocked` per reserve or waste card with a card needed later above it; `gap` per
/// eighth it waits beyond the latest one above it; `home` per card on the foundations
/// (subtracted); `top` per eighth the waste tops wait, an empty pile counted as `empty`
/// (subtracted: high tops take more cards in order); `chains` per square of the
/// foundations a waste pile needs beyond one to unwind (its longest run of cards, bottom
/// up, each needed no sooner than the one below).
struct Weights {
    blocked: i64,
    gap: i64,
    home: i64,
    top: i64,
    empty: i64,
    chains: i64,
}

/// `reserve_dive.VARIANTS`, measured on Toad's late wins, best first.
const VARIANTS: [Weights; 5] = [
    Weights { blocked: 16, gap: 1, home: 16, top: 1, empty: 104, chains: 8 },
    Weights { blocked: 16, gap: 1, home: 8, top: 1, empty: 104, chains: 8 },
    Weights { blocked: 16, gap: 1, home: 8, top: 1, empty: 104, chains: 4 },
    Weights { blocked: 8, gap: 1, home: 8, top: 1, empty: 104, chains: 8 },
    Weights { blocked: 24, gap: 1, home: 8, top: 1, empty: 104, chains: 0 },
];

/// The dive from `state` within `spec.share` of the budgets: a won line or None, and the
/// nodes used. Only a game with no redeal left is dived, and not a position the search's
/// endgame takes whole (the beams would hand it straight to that search). While Toad's
/// extraction is open (TOD-3) the beams run after each extraction in turn, each with an
/// equal part of what is left (`toad.dive_after_extractions`: taking an ace out first
/// loses nothing, `toad::extractions_first`; with four foundations, TOD-8, it may, but
/// the dive claims no loss and the search that follows tries every move).
/// `state` is left as given.
pub(super) fn dive(
    rules: &ReserveRules,
    spec: &DiveSpec,
    state: &mut State,
    max_nodes: u64,
    deadline: Instant,
) -> (Option<Vec<Move>>, u64) {
    let board = &state.board;
    if board.vars[REDEALS_DONE] < rules.shape.redeals || state.remembers() {
        return (None, 0);
    }
    if board.piles[rules.stock].len() <= ENDGAME_STOCK && board.piles[rules.hand].is_empty() {
        return (None, 0);
    }
    let now = Instant::now();
    let until = now + deadline.saturating_duration_since(now).mul_f64(spec.share);
    let limit = (max_nodes as f64 * spec.share) as u64;
    let base = board.vars[BASE_RANK] as u8;
    let pool = spec.pool.map(|limits| {
        (PoolGame::new(rules.shape.foundation_cards, base, rules.shape.reserve_wrap, rules.below), limits)
    });
    let mut dive = Dive { rules, spec, pool, nodes: 0 };
    if !rules.extraction_open(&state.board) {
        let line = dive.rounds(state, limit, until);
        return (line, dive.nodes);
    }
    let legal = state.legal_raw().to_vec();
    let extractions: Vec<Move> =
        legal.into_iter().filter(|m| ReserveRules::is_extraction(&state.board, m)).collect();
    for (k, &mv) in extractions.iter().enumerate() {
        let left = (extractions.len() - k) as u32;
        let now = Instant::now();
        let part = now + until.saturating_duration_since(now) / left;
        state.play_raw(mv);
        let line = dive.rounds(state, dive.nodes + limit.saturating_sub(dive.nodes) / u64::from(left), part);
        state.pop();
        if let Some(line) = line {
            return (Some([vec![mv], line].concat()), dive.nodes);
        }
    }
    (None, dive.nodes)
}

struct Dive<'a> {
    rules: &'a ReserveRules,
    spec: &'a DiveSpec,
    pool: Option<(PoolGame, PoolLimits)>,
    nodes: u64, // moves played by the beams and their endgames, and pool positions
}

impl Dive<'_> {
    /// Every variant's beam in turn, a round at each width, until a line is found, the
    /// budgets (`max_nodes` counted from the dive's start) are spent, or a round left
    /// nothing out (`beam.widening_rounds`).
    fn rounds(&mut self, state: &mut State, max_nodes: u64, deadline: Instant) -> Option<Vec<Move>> {
        if self.rules.dead_end(&state.board) {
            return None;
        }
        let mut width = FIRST_WIDTH;
        loop {
            let mut dropped = false;
            for weights in &VARIANTS {
                if self.nodes >= max_nodes || search::past(deadline) {
                    return None;
                }
                let mut beam = Beam {
                    dive: self,
                    weights,
                    width,
                    max_nodes,
                    deadline,
                    path: Vec::new(),
                    links: Vec::new(),
                };
                let (line, cut) = beam.run(state);
                if line.is_some() {
                    return line;
                }
                dropped |= cut;
            }
            if !dropped {
                return None;
            }
            width *= self.spec.growth;
        }
    }
}

/// A candidate for the next layer: its score, order met, parent, the link it grows from
/// and the moves since, and whether the family's dead end holds there.
struct Child {
    score: i64,
    order: usize,
    parent: usize,
    from: usize,
    moves: Vec<Move>,
    dead: bool,
}

const NO_LINK: usize = usize::MAX;

struct Beam<'a, 'b> {
    dive: &'a mut Dive<'b>,
    weights: &'a Weights,
    width: usize,
    max_nodes: u64,
    deadline: Instant,
    /// The moves played on the state since the beam's start.
    path: Vec<Move>,
    /// The lines of the positions kept: (link it grew from, moves since).
    links: Vec<(usize, Vec<Move>)>,
}

impl Beam<'_, '_> {
    fn spent(&self) -> bool {
        self.dive.nodes >= self.max_nodes || search::past(self.deadline)
    }

    /// The moves from the beam's start to the position of `link`.
    fn line_of(&self, mut link: usize) -> Vec<Move> {
        let mut parts = Vec::new();
        while link != NO_LINK {
            let (from, moves) = &self.links[link];
            parts.push(moves);
            link = *from;
        }
        parts.into_iter().rev().flatten().copied().collect()
    }

    /// Put `state` at the position `line` leads to from the beam's start, taking back
    /// only the moves past the part it shares with the line played now (the same moves
    /// from the same start reach the same position: chance is seeded by the deal).
    fn load(&mut self, state: &mut State, line: &[Move]) {
        let common = self.path.iter().zip(line).take_while(|(a, b)| a == b).count();
        while self.path.len() > common {
            state.pop();
            self.path.pop();
        }
        for &mv in &line[common..] {
            state.play_raw(mv);
            self.path.push(mv);
        }
    }

    /// One beam: a won line from the dive's start or None, and whether any position was
    /// dropped (else it tried every placement). `state` is left as given.
    fn run(&mut self, state: &mut State) -> (Option<Vec<Move>>, bool) {
        let rules = self.dive.rules;
        let hold = self.dive.spec.hold;
        let settled = settle(rules, state, false);
        self.dive.nodes += settled.len() as u64;
        let sends_home = settled.iter().any(|m| rules.sends_waste_home(m));
        self.path.clone_from(&settled);
        self.links.push((NO_LINK, settled));
        let mut layer = vec![0];
        if hold && sends_home {
            self.load(state, &[]);
            let held = settle(rules, state, true);
            self.dive.nodes += held.len() as u64;
            self.path.clone_from(&held);
            self.links.push((NO_LINK, held));
            layer.push(1);
        }
        let mut dropped = false;
        let answer = 'beam: loop {
            if layer.is_empty() {
                break None;
            }
            let mut candidates: HashMap<u128, Child> = HashMap::new();
            for (parent, &link) in layer.iter().enumerate() {
                if self.spent() {
                    dropped = true;
                    break 'beam None;
                }
                let line = self.line_of(link);
                self.load(state, &line);
                if state.is_won() {
                    break 'beam Some(line);
                }
                let board = &state.board;
                if board.piles[rules.stock].len() <= ENDGAME_STOCK && board.piles[rules.hand].is_empty() {
                    let budget = ENDGAME_NODES.min(self.max_nodes.saturating_sub(self.dive.nodes));
                    let (tail, used) = endgame(state, budget, self.deadline);
                    self.dive.nodes += used;
                    if let Some(tail) = tail {
                        break 'beam Some([line, tail].concat());
                    }
                    continue;
                }
                self.place(state, parent, link, &mut candidates);
            }
            let (next, cut) = self.kept(state, candidates);
            dropped |= cut;
            layer = next;
        };
        self.load(state, &[]);
        (answer, dropped)
    }

    /// Every placement of the card turned (drawn first if the hand is empty, RBW-5: the
    /// draw is then the only action), each settled, into `candidates`.
    fn place(
        &mut self,
        state: &mut State,
        parent: usize,
        link: usize,
        candidates: &mut HashMap<u128, Child>,
    ) {
        let rules = self.dive.rules;
        let hold = self.dive.spec.hold;
        let mut prefix = Vec::new();
        if state.board.piles[rules.hand].is_empty() {
            let draw = Move::action(DRAW);
            state.play_raw(draw);
            prefix.push(draw);
            self.dive.nodes += 1;
        }
        let placements: Vec<Move> =
            state.legal_raw().iter().copied().filter(|m| m.src == rules.hand).collect();
        for mv in placements {
            state.play_raw(mv);
            for holding in [false, true] {
                let after = settle(rules, state, holding);
                self.dive.nodes += after.len() as u64;
                let key = key_of(rules, &state.board);
                let order = candidates.len();
                let sends_home = after.iter().any(|m| rules.sends_waste_home(m));
                if let std::collections::hash_map::Entry::Vacant(slot) = candidates.entry(key) {
                    let moves = [&prefix[..], &[mv], &after[..]].concat();
                    slot.insert(Child {
                        score: score(rules, &state.board, self.weights),
                        order,
                        parent,
                        from: link,
                        moves,
                        dead: rules.dead_end(&state.board),
                    });
                }
                for _ in &after {
                    state.pop();
                }
                if !hold || !sends_home {
                    break; // holding would settle the same way
                }
            }
            self.dive.nodes += 1;
            state.pop();
        }
        if !prefix.is_empty() {
            state.pop();
        }
    }

    /// The next layer (`beam.kept_layer`): up to `width` positions not at a dead end,
    /// best first (by score, then order met), at most `PER_PARENT` from one parent before
    /// the others' are taken; and whether any position was left out.
    fn kept(&mut self, state: &mut State, candidates: HashMap<u128, Child>) -> (Vec<usize>, bool) {
        let mut ranked: Vec<Child> = candidates.into_values().collect();
        ranked.sort_unstable_by_key(|c| (c.score, c.order));
        let mut layer = Vec::new();
        let mut taken: HashMap<usize, usize> = HashMap::new();
        let mut later = Vec::new();
        for child in ranked {
            if taken.get(&child.parent).copied().unwrap_or(0) >= PER_PARENT {
                later.push(child);
                continue;
            }
            if layer.len() == self.width {
                return (layer, true);
            }
            let parent = child.parent;
            if let Some(link) = self.keep(state, child) {
                layer.push(link);
                *taken.entry(parent).or_insert(0) += 1;
            }
        }
        for child in later {
            if layer.len() == self.width {
                return (layer, true);
            }
            if let Some(link) = self.keep(state, child) {
                layer.push(link);
            }
        }
        (layer, false)
    }

    /// The child's link once kept, or None at a dead end: the family's, then (given a
    /// pool) the pool game's within its limits, asked only while nodes and time are left.
    fn keep(&mut self, state: &mut State, child: Child) -> Option<usize> {
        if child.dead {
            return None;
        }
        if self.dive.pool.is_some() && !self.spent() {
            let line = [self.line_of(child.from), child.moves.clone()].concat();
            self.load(state, &line);
            let rules = self.dive.rules;
            let (game, limits) = self.dive.pool.as_mut().expect("a pool game");
            if pool_proves_lost(rules, game, limits, &state.board) {
                self.dive.nodes += game.nodes;
                return None;
            }
            self.dive.nodes += game.nodes;
        }
        self.links.push((child.from, child.moves));
        Some(self.links.len() - 1)
    }
}

/// Whether `game` proves the position lost within `limits` (`pool_proves_lost`): only
/// with as many cards to come as they allow (the dive runs with no redeal left).
fn pool_proves_lost(rules: &ReserveRules, game: &mut PoolGame, limits: &PoolLimits, board: &Board) -> bool {
    game.nodes = 0;
    let piles = &board.piles;
    let to_come: Vec<u8> = piles[rules.stock].iter().chain(&piles[rules.hand]).map(|&c| rank(c)).collect();
    if to_come.len() > limits.cards {
        return false;
    }
    let ranks = |p: usize| piles[p].iter().map(|&c| rank(c)).collect::<Vec<u8>>();
    let counts = rules.found_piles().map(|f| piles[f].len()).collect();
    let reserves = (0..rules.reserves).map(ranks).collect();
    let wastes = rules.waste_piles().map(ranks).collect();
    game.proves_lost(counts, reserves, wastes, &to_come, limits.budget)
}

/// Play foundation plays, then builds on a reserve (hand card aside), while there are
/// any, in `reserve_order`; the moves played. With `hold`, waste tops stay off the
/// foundations.
fn settle(rules: &ReserveRules, state: &mut State, hold: bool) -> Vec<Move> {
    let mut played = Vec::new();
    loop {
        let mut plays: Vec<Move> = state
            .legal_raw()
            .iter()
            .copied()
            .filter(|m| !m.is_action() && m.src != rules.hand && !(hold && rules.sends_waste_home(m)))
            .collect();
        if plays.is_empty() {
            return played;
        }
        rules.reserve_order(&state.board, &mut plays, None);
        state.play_raw(plays[0]);
        played.push(plays[0]);
    }
}

/// A complete search in the family's order from `state` (left as given), at most
/// `budget` moves (`reserve_search.probe` as the dive runs it): a won line or None, and
/// the moves played. Positions met before are not searched again; every move of the
/// family is irreversible, so no repetition memory tells them apart.
fn endgame(state: &mut State, budget: u64, deadline: Instant) -> (Option<Vec<Move>>, u64) {
    let rules = state.rules.clone();
    let mut seen: HashSet<u128> = HashSet::new();
    seen.insert(key_of_rules(rules.as_ref(), &state.board));
    let mut path: Vec<Move> = Vec::new();
    let mut frames: Vec<(Vec<Move>, usize)> = vec![(children(state), 0)];
    let mut nodes = 0;
    let answer = loop {
        let Some((moves, next)) = frames.last_mut() else {
            break None;
        };
        if *next == moves.len() {
            frames.pop();
            if path.pop().is_some() {
                state.pop();
            }
            continue;
        }
        let mv = moves[*next];
        *next += 1;
        state.play_raw(mv);
        path.push(mv);
        nodes += 1;
        if state.is_won() {
            break Some(path.clone());
        }
        if nodes >= budget || (nodes % 256 == 0 && search::past(deadline)) {
            break None;
        }
        if !seen.insert(key_of_rules(rules.as_ref(), &state.board)) {
            path.pop();
            state.pop();
            continue;
        }
        frames.push((children(state), 0));
    };
    for _ in &path {
        state.pop();
    }
    (answer, nodes)
}

fn key_of(rules: &ReserveRules, board: &Board) -> u128 {
    key_of_rules(rules, board)
}

fn key_of_rules(rules: &dyn Rules, board: &Board) -> u128 {
    let mut key = Vec::with_capacity(64);
    rules.solver_key(board, &mut key);
    hash128(&key)
}

/// The position's score under `weights` (`reserve_dive.score`); lower is better.
fn score(rules: &ReserveRules, board: &Board, weights: &Weights) -> i64 {
    let piles = &board.piles;
    let base = board.vars[BASE_RANK] as u8;
    let mut counts: Vec<usize> = rules.found_piles().map(|f| piles[f].len()).collect();
    counts.sort_unstable();
    let home: usize = counts.iter().sum();
    let wait = waits(rules.shape.foundation_cards, &counts);
    let wait_of = |c: u8| wait[usize::from(place_of(rank(c), base))];
    let (mut blocked, mut gaps, mut tops, mut chains) = (0i64, 0i64, 0i64, 0i64);
    for p in (0..rules.reserves).chain(rules.waste_piles()) {
        let cards = &piles[p];
        if p >= rules.waste0 {
            tops += cards.last().map_or(weights.empty, |&c| wait_of(c));
            if weights.chains != 0 && cards.len() > 1 {
                let mut ends: Vec<i64> = Vec::new(); // patience sorting: the longest run
                for &c in cards {
                    let w = wait_of(c);
                    let i = ends.partition_point(|&e| e <= w);
                    if i == ends.len() {
                        ends.push(w);
                    } else {
                        ends[i] = w;
                    }
                }
                let beyond = ends.len() as i64 - 1;
                chains += beyond * beyond;
            }
        }
        let mut highest = -1;
        for &c in cards.iter().rev() {
            let w = wait_of(c);
            if w < highest {
                blocked += 1;
                gaps += highest - w;
            } else if w > highest {
                highest = w;
            }
        }
    }
    weights.blocked * blocked + weights.gap * gaps + weights.chains * chains
        - weights.home * home as i64
        - weights.top * tops
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::deals::{chance_source, deal_order};
    use crate::engine::{OptValue, Options};
    use crate::games;

    fn deal(game: &str, options: Options, deal: u64) -> State {
        let (rules, decks) = games::rules(game, &options).expect("the game plays");
        let deck = deal_order(deal, decks);
        State::new(rules, &deck, chance_source(Some(deal), &deck))
    }

    /// A dive's line is legal move by move and wins, and the state is left as given:
    /// Toad with its extraction open (TOD-3), Open Shop, and the two-deck Star with the
    /// pool game dropping positions.
    #[test]
    fn the_dives_lines_win_and_leave_the_state_as_given() {
        let toad: Options = vec![
            ("reserve_piles".into(), OptValue::Int(1)),
            ("ace_extraction".into(), OptValue::Bool(true)),
            ("reserve_size".into(), OptValue::Int(13)),
            ("foundations".into(), OptValue::Int(8)),
        ];
        let open_shop: Options = vec![("redeals".into(), OptValue::Int(0))];
        let double_star: Options =
            vec![("foundations".into(), OptValue::Int(8)), ("piles".into(), OptValue::Int(5))];
        for (game, options) in [("toad", toad), ("open-shop", open_shop), ("double-star", double_star)] {
            let mut won = 0;
            let mut extracted = 0;
            for number in 1..9 {
                let mut state = deal(game, options.clone(), number);
                let before = state.board.key();
                let rules = state.rules.clone();
                let deadline = Instant::now() + Duration::from_secs(60); // the node budget decides
                let (line, nodes) = rules.dive(&mut state, 2_000_000, deadline);
                assert_eq!(state.board.key(), before, "{game} deal {number}");
                assert_eq!(state.moves_played(), 0);
                let Some(line) = line else { continue };
                assert!(nodes >= line.len() as u64);
                for mv in line {
                    assert!(state.legal_raw().contains(&mv), "{game} deal {number}");
                    extracted +=
                        usize::from(!mv.is_action() && mv.index + 1 < state.board.piles[mv.src].len());
                    state.play_raw(mv);
                }
                assert!(state.is_won(), "{game} deal {number}");
                won += 1;
            }
            assert!(won >= 3, "{game}: {won} dives won");
            if game == "toad" {
                assert!(extracted > 0, "no dive began with an extraction");
            }
        }
    }

    /// The score prefers cards in order: the same piles with a card needed later
    /// buried above one needed sooner score worse.
    #[test]
    fn a_buried_card_scores_worse() {
        let state = deal("open-shop", vec![("redeals".into(), OptValue::Int(0))], 1);
        let shop = ReserveRules::new("open-shop", crate::games::open_shop::shape(0), 0, false);
        let mut board = Board::new(shop.layout().len(), shop.var_count(), String::new());
        board.piles.clone_from(&state.board.piles);
        board.vars.clone_from(&state.board.vars);
        let base = board.vars[BASE_RANK] as u8;
        let next = |k: u8| ((base - 1 + k) % 13 + 1) << 2; // a card k places above the base
        let pile = shop.waste0;
        let weights = &VARIANTS[0];
        board.piles[pile] = vec![next(9), next(2)]; // the sooner card on top
        let in_order = score(&shop, &board, weights);
        board.piles[pile] = vec![next(2), next(9)]; // the later card on top
        let buried = score(&shop, &board, weights);
        assert!(buried > in_order, "{buried} against {in_order}");
    }
}
