//! The exact search, as `patience.solver.depth_first.depth_first`: depth-first over
//! push/pop with a table of explored positions, each game's safe moves, dead ends and move
//! order, and budgets of nodes, time and table memory.
//!
//! The question is single-agent reachability, so a position once reached is never
//! searched twice: it is on the current path (a cycle) or its subtree is finished. As in
//! Tarjan's strongly connected components, every explored position gets a number and a
//! lowlink; a position that finishes with a lowlink not below its own number closes a
//! component with no win in it, and all of it is proved lost. A position reached by a
//! reversible move takes the number of the first position after the last irreversible
//! move as its lowlink, because the repetition rule silently drops moves
//! back to the positions since then. The Python module's docstring argues each step.
//!
//! The table holds each position's `Rules::table_key`: a 128-bit hash of its `solver_key`,
//! or the key itself where it fits; two positions would have to collide in 128 bits to
//! be confused (`hash.rs` gives the odds), and a won line is replayed by the Python engine
//! before it is returned.

use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::deals::SplitMix64;
use crate::engine::{Move, State};
pub use crate::hash::hash128;
use crate::hash::{HashedMap, HashedSet};

const TIME_CHECK_EVERY: u64 = 1024; // nodes between clock readings
/// The least time between two asks whether a search was interrupted (`past`).
const INTERRUPT_CHECK_EVERY: Duration = Duration::from_millis(50);
const PROVED: u32 = u32::MAX; // a table entry proved lost (else: the position's number)

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won,
    Lost,
    Unknown,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Won => "won",
            Outcome::Lost => "lost",
            Outcome::Unknown => "unknown",
        }
    }
}

/// The budgets of one search: moves played, seconds, and bytes of table.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub max_nodes: u64,
    pub max_seconds: f64,
    pub max_table_bytes: usize,
}

/// A search's answer: the outcome, the won line (raw moves from the start), moves played.
#[derive(Debug)]
pub struct Answer {
    pub outcome: Outcome,
    pub line: Vec<Move>,
    pub nodes: u64,
}

type Table = HashedMap<u32>;

/// Bytes of one table slot (a 128-bit key and a number, aligned to 32, and a control
/// byte), of one entry of the stack of unproved positions, and of one proved key.
const SLOT_BYTES: usize = 32 + 1;
const UNPROVED_BYTES: usize = 32;
const PROVED_BYTES: usize = 16 + 1;

/// The keys of the positions proved lost. Restarted probes keep them from one probe to
/// the next; one depth-first search has them all in its table already, so it only counts
/// them, and the table budget counts them as if kept (`capacity`), so that a search stops
/// where it always did.
struct Proved {
    keys: HashedSet,
    keep: bool,
    count: usize,
}

impl Proved {
    fn new(keep: bool) -> Proved {
        Proved { keys: HashedSet::default(), keep, count: 0 }
    }

    fn insert(&mut self, key: u128) {
        if !self.keep || self.keys.insert(key) {
            self.count += 1;
        }
    }

    fn contains(&self, key: &u128) -> bool {
        self.keep && self.keys.contains(key)
    }

    fn len(&self) -> usize {
        self.count
    }

    /// The capacity the set has, or would have had with every key kept.
    fn capacity(&self) -> usize {
        if self.keep {
            self.keys.capacity()
        } else {
            set_capacity(self.count)
        }
    }
}

/// The capacity of a `HashSet` after `len` distinct insertions and no removal.
fn set_capacity(len: usize) -> usize {
    let mut capacity = 0;
    while capacity < len {
        capacity = grown_capacity(capacity);
    }
    capacity
}

/// The capacity a hash table (`HashSet` or `HashMap`, no removal) grows to when an
/// insertion finds it full at `capacity`: that of the next power-of-two number of buckets
/// that holds one more key at 7/8 load (4 and 8 buckets: one fewer than the buckets).
fn grown_capacity(capacity: usize) -> usize {
    let wanted = capacity + 1;
    let buckets = if wanted < 4 {
        4
    } else if wanted < 8 {
        8
    } else {
        (wanted * 8 / 7).next_power_of_two()
    };
    if buckets <= 8 {
        buckets - 1
    } else {
        buckets / 8 * 7
    }
}

/// Insert into the search's table, counting in `capacity` the capacity a new map would
/// have (the table's memory is reused, `Buffers`): an insertion, even of a key already
/// there, grows a full map first.
fn insert_counted(table: &mut Table, capacity: &mut usize, key: u128, value: u32) {
    if table.len() == *capacity {
        *capacity = grown_capacity(*capacity);
    }
    table.insert(key, value);
}

/// The largest table whose memory a probe reuses (entries).
const REUSED_TABLE: usize = 1 << 14;

/// What a depth-first search allocates, kept from one restarted probe to the next (each
/// probe starts them empty: only their memory is reused).
#[derive(Default)]
struct Buffers {
    table: Table,
    unproved: Vec<(u32, u128)>, // explored, not proved, in order found
    frames: Vec<Frame>,
    // the frames' move lists, reused: a finished frame's list goes back here
    spare: Vec<Vec<Move>>,
    run: Vec<u128>, // keys of the positions a run of forced moves passed
    scratch: Vec<u8>,
}

impl Buffers {
    /// Empty them for a new search, keeping their memory.
    fn clear(&mut self) {
        if self.table.capacity() > REUSED_TABLE {
            self.table = Table::default(); // clearing its control bytes would cost more
        } else {
            self.table.clear();
        }
        self.unproved.clear();
        for frame in self.frames.drain(..) {
            self.spare.push(frame.moves);
        }
        self.run.clear();
    }
}

struct Frame {
    moves: Vec<Move>,
    next: usize,
    number: u32,
    low: u32,
    stretch: u32,  // number of the first position after the last irreversible move
    played: usize, // moves from the parent's position to this one: its move and a forced run
}

/// The order the search tries moves in: the game's own, or a probe's.
enum Order<'a> {
    Game,
    Probe(u64, &'a mut SplitMix64),
}

/// The moves the search tries from here, in order: none at a dead end, the safe move
/// alone when there is one, else every legal move in the game's order.
pub fn children(state: &mut State) -> Vec<Move> {
    let mut moves = Vec::new();
    children_in(state, &mut Order::Game, &mut moves, None);
    moves
}

/// `children` in `order`, written into `legal`; `table_key` is the position's
/// `Rules::table_key` where the caller has it.
fn children_in(state: &mut State, order: &mut Order<'_>, legal: &mut Vec<Move>, table_key: Option<u128>) {
    legal.clear();
    let dead = match table_key {
        Some(key) => state.rules.dead_end_at(&state.board, key),
        None => state.rules.dead_end(&state.board),
    };
    if dead {
        return;
    }
    state.legal_into(legal);
    if !legal.is_empty() {
        if let Some(forced) = state.rules.safe_move(&state.board, legal) {
            legal.clear();
            legal.push(forced);
            return;
        }
    }
    match order {
        Order::Game => state.rules.order(&state.board, legal),
        Order::Probe(probe, rng) => state.rules.probe_order(&state.board, legal, *probe, rng),
    }
}

/// A running search's check whether it must stop before its budgets are spent (the
/// Python bindings' Ctrl-C), asked at most every `INTERRUPT_CHECK_EVERY`; once it says
/// yes, every later `past` does.
struct Interrupt {
    check: Box<dyn FnMut() -> bool>,
    next: Instant,
    hit: bool,
}

thread_local! {
    // Per thread, not an argument: every game's dive and probes already read their
    // deadlines through `past`, so they stop on an interrupt as on the clock.
    static INTERRUPT: Cell<Option<Interrupt>> = const { Cell::new(None) };
}

/// Whether a search must stop: `deadline` has passed, or the search running on this
/// thread was interrupted (`solve_interruptible`).
pub fn past(deadline: Instant) -> bool {
    let now = Instant::now();
    now > deadline || interrupted(now)
}

fn interrupted(now: Instant) -> bool {
    // taken out while the check runs, so that a check that runs a search itself finds
    // no interrupt of its own
    let Some(mut interrupt) = INTERRUPT.take() else {
        return false;
    };
    if !interrupt.hit && now >= interrupt.next {
        interrupt.next = now + INTERRUPT_CHECK_EVERY;
        interrupt.hit = (interrupt.check)();
    }
    let hit = interrupt.hit;
    INTERRUPT.set(Some(interrupt));
    hit
}

/// Puts back the interrupt a search found when it started (none, but in a nested search).
struct Restore(Option<Interrupt>);

impl Drop for Restore {
    fn drop(&mut self) {
        INTERRUPT.set(self.0.take());
    }
}

/// `solve`, asking `interrupted` every `INTERRUPT_CHECK_EVERY` or so whether to stop at
/// once: None when it said so. `state` is as it was given either way.
pub fn solve_interruptible(
    state: &mut State,
    budget: Budget,
    interrupted: impl FnMut() -> bool + 'static,
) -> Option<Answer> {
    // first asked after `INTERRUPT_CHECK_EVERY`: a short search is never stopped to ask
    let next = Instant::now() + INTERRUPT_CHECK_EVERY;
    let check = Interrupt { check: Box::new(interrupted), next, hit: false };
    let _restore = Restore(INTERRUPT.replace(Some(check)));
    let answer = solve(state, budget);
    let hit = INTERRUPT.take().is_some_and(|interrupt| interrupt.hit);
    (!hit).then_some(answer)
}

/// The most of the node and time budgets a game's exact lead may take (`Rules::exact_lead`).
pub const LEAD_SHARE: f64 = 0.05;

/// Search from `state`, which is as it was given when the search returns: one
/// depth-first search, or restarted probes for a game that asks for them
/// (`Rules::probe_unit`, as `depth_first.restarts`).
pub fn solve(state: &mut State, budget: Budget) -> Answer {
    let deadline = Instant::now() + Duration::from_secs_f64(budget.max_seconds.clamp(0.0, 1e9));
    if state.is_won() {
        return Answer { outcome: Outcome::Won, line: Vec::new(), nodes: 0 };
    }
    // a short exact search first where the game asks for it (`Rules::exact_lead`): the
    // losses it proves are answered at once, not after a dive that can only find wins
    let rules = state.rules.clone();
    let mut spent = 0;
    let lead = rules.exact_lead();
    if lead > 0 {
        let now = Instant::now();
        let until = now + deadline.saturating_duration_since(now).mul_f64(LEAD_SHARE);
        let nodes = lead.min((budget.max_nodes as f64 * LEAD_SHARE) as u64);
        let answer = search(state, Budget { max_nodes: nodes, ..budget }, until);
        if answer.outcome != Outcome::Unknown {
            return answer;
        }
        spent = answer.nodes;
    }
    // a game's dive (`Rules::dive`): it may find a win, never a loss; the search below
    // gets the nodes it leaves
    let left = budget.max_nodes.saturating_sub(spent);
    let (dived_line, dived) = rules.dive(state, left, deadline);
    spent += dived;
    if let Some(line) = dived_line {
        return Answer { outcome: Outcome::Won, line, nodes: spent };
    }
    let budget = Budget { max_nodes: budget.max_nodes.saturating_sub(spent), ..budget };
    let answer = search(state, budget, deadline);
    Answer { nodes: answer.nodes + spent, ..answer }
}

/// One depth-first search, or restarted probes for a game that asks for them.
fn search(state: &mut State, budget: Budget, deadline: Instant) -> Answer {
    let Some(unit) = state.rules.probe_unit() else {
        let mut proved = Proved::new(false);
        let mut buffers = Buffers::default();
        return depth_first(
            state,
            budget.max_nodes,
            deadline,
            budget.max_table_bytes,
            (&mut proved, &mut buffers),
            Order::Game,
        );
    };
    let mut proved = Proved::new(true);
    let mut buffers = Buffers::default();
    let mut rng = SplitMix64::new(0x5EED);
    let mut nodes = 0;
    let mut probe = 0;
    while nodes < budget.max_nodes && !past(deadline) {
        let cutoff = probe_cutoff(probe, unit).min(budget.max_nodes - nodes);
        let order = Order::Probe(probe, &mut rng); // probe 0: the game's probe order for it
        let kept = (&mut proved, &mut buffers);
        let answer = depth_first(state, cutoff, deadline, budget.max_table_bytes, kept, order);
        nodes += answer.nodes;
        if answer.outcome != Outcome::Unknown {
            return Answer { nodes, ..answer };
        }
        if proved.len() * PROVED_BYTES * 3 > budget.max_table_bytes {
            break;
        }
        probe += 1;
    }
    Answer { outcome: Outcome::Unknown, line: Vec::new(), nodes }
}

/// The i-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...
pub fn luby(mut i: u64) -> u64 {
    loop {
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// Probe `probe`'s node cut-off (`probes.probe_cutoff`): `unit`, except every fourth
/// probe, whose cut-off is `unit` times the next term of Luby's sequence.
pub fn probe_cutoff(probe: u64, unit: u64) -> u64 {
    if probe % 4 == 3 {
        unit * luby(probe / 4 + 1)
    } else {
        unit
    }
}

/// What a game's own probe (Blockade's, Shah's) may still spend: moves against its
/// cut-off, the clock read every `TIME_CHECK_EVERY` moves.
pub struct ProbeSpend {
    pub nodes: u64, // moves played so far
    cutoff: u64,
    until: Instant,
    out_of_time: bool,
}

impl ProbeSpend {
    pub fn new(cutoff: u64, until: Instant) -> ProbeSpend {
        ProbeSpend { nodes: 0, cutoff, until, out_of_time: false }
    }

    /// Count one more move, or false once the cut-off or the time is spent (nothing is
    /// counted then).
    pub fn step(&mut self) -> bool {
        if self.nodes >= self.cutoff || self.out_of_time {
            return false;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(TIME_CHECK_EVERY) && past(self.until) {
            self.out_of_time = true;
        }
        true
    }
}

/// One depth-first search (`depth_first.depth_first`): `proved` holds the keys of
/// positions proved lost, kept between probes from the same start, as are `buffers`.
fn depth_first(
    state: &mut State,
    max_nodes: u64,
    deadline: Instant,
    max_table_bytes: usize,
    (proved, buffers): (&mut Proved, &mut Buffers),
    mut order: Order<'_>,
) -> Answer {
    if state.is_won() {
        return Answer { outcome: Outcome::Won, line: Vec::new(), nodes: 0 };
    }
    let rules = state.rules.clone();
    // the start's repetition memory forbids some positions until the first irreversible
    // move, so while it lasts the key says whether one has been made
    let track_memory = state.remembers();
    let mut irreversible = 0u32;
    buffers.clear();
    let Buffers { table, unproved, frames, spare, run, scratch } = buffers;
    let mut table_key = |state: &State, irreversible: u32| -> u128 {
        let key = if track_memory && irreversible > 0 {
            scratch.clear();
            rules.solver_key(&state.board, scratch);
            scratch.push(1);
            hash128(scratch)
        } else {
            rules.table_key(&state.board, scratch)
        };
        // where the memory decides more than which reversible moves are refused, one
        // board reached along two lines may offer different moves: the key tells them apart
        if state.remembers() && rules.legal_reads_memory(&state.board) {
            key ^ state.memory_hash().rotate_left(1)
        } else {
            key
        }
    };
    let root = table_key(state, 0);
    if proved.contains(&root) {
        return Answer { outcome: Outcome::Lost, line: Vec::new(), nodes: 0 };
    }
    // the table a fresh map would have: its growth (and so the memory budget) counts as
    // if the map were new, though its memory is reused
    let mut capacity = 0;
    insert_counted(table, &mut capacity, root, 0);
    unproved.push((0, root));
    let mut count: u32 = 1;
    let mut path: Vec<Move> = Vec::new();
    let mut first = spare.pop().unwrap_or_default();
    children_in(state, &mut order, &mut first, None);
    frames.push(Frame { moves: first, next: 0, number: 0, low: 0, stretch: 0, played: 0 });
    let mut nodes: u64 = 0;
    let mut next_clock_check = TIME_CHECK_EVERY;
    let unwind = |state: &mut State, path: &[Move]| {
        for _ in path {
            state.pop();
        }
    };
    while let Some(frame) = frames.last_mut() {
        if frame.next == frame.moves.len() {
            let (number, low) = (frame.number, frame.low);
            let mut frame = frames.pop().expect("the frame looked at");
            spare.push(std::mem::take(&mut frame.moves));
            if low >= number {
                // a closed component: all of it proved lost
                while let Some(&(n, key)) = unproved.last() {
                    if n < number {
                        break;
                    }
                    unproved.pop();
                    insert_counted(table, &mut capacity, key, PROVED);
                    proved.insert(key);
                }
            } else if let Some(parent) = frames.last_mut() {
                parent.low = parent.low.min(low);
            }
            for _ in 0..frame.played {
                let mv = path.pop().expect("a move per position of the frame's run");
                if track_memory && !mv.reversible {
                    irreversible -= 1;
                }
                state.pop();
            }
            continue;
        }
        let mv = frame.moves[frame.next];
        frame.next += 1;
        state.play_raw(mv);
        path.push(mv);
        if track_memory && !mv.reversible {
            irreversible += 1;
        }
        nodes += 1;
        if state.is_won() {
            unwind(state, &path);
            return Answer { outcome: Outcome::Won, line: path, nodes };
        }
        // A position whose one move is forced and irreversible stands or falls with the
        // position that move leads to, which is searched in its place: the positions of
        // a run of forced moves get no frames, and take the number of the position the
        // run ends in (none if that one was met before: they are then met again).
        let mut played = 1;
        run.clear();
        let mut last_reversible = mv.reversible;
        loop {
            let key = table_key(state, irreversible);
            let found = match table.get(&key) {
                Some(&n) => Some(n),
                None if proved.contains(&key) => Some(PROVED),
                None => None,
            };
            if let Some(found) = found {
                if found != PROVED && frame.low > found {
                    frame.low = found; // an unproved position: on the path or tainted by it
                }
                for _ in 0..played {
                    let back = path.pop().expect("a move of this run");
                    if track_memory && !back.reversible {
                        irreversible -= 1;
                    }
                    state.pop();
                }
                break;
            }
            let mut moves = spare.pop().unwrap_or_default();
            // the key is the table key itself unless the start's memory is tracked
            let own = !(track_memory && irreversible > 0);
            children_in(state, &mut order, &mut moves, own.then_some(key));
            if let [forced] = moves[..] {
                if !forced.reversible && nodes < max_nodes {
                    spare.push(moves);
                    run.push(key);
                    state.play_raw(forced);
                    path.push(forced);
                    played += 1;
                    last_reversible = false;
                    if track_memory {
                        irreversible += 1;
                    }
                    nodes += 1;
                    if state.is_won() {
                        unwind(state, &path);
                        return Answer { outcome: Outcome::Won, line: path, nodes };
                    }
                    continue;
                }
            }
            let grows = table.len() + run.len() + 1 > capacity;
            if grows && table_bytes(capacity, unproved, proved) > max_table_bytes {
                unwind(state, &path);
                return Answer { outcome: Outcome::Unknown, line: Vec::new(), nodes };
            }
            let number = count;
            count += 1;
            for &passed in run.iter().chain([&key]) {
                insert_counted(table, &mut capacity, passed, number);
                unproved.push((number, passed));
            }
            let stretch = if last_reversible { frame.stretch } else { number };
            frames.push(Frame { moves, next: 0, number, low: stretch, stretch, played });
            break;
        }
        let clock_due = nodes >= next_clock_check;
        if clock_due {
            next_clock_check = nodes + TIME_CHECK_EVERY;
        }
        if nodes >= max_nodes || (clock_due && past(deadline)) {
            unwind(state, &path);
            return Answer { outcome: Outcome::Unknown, line: Vec::new(), nodes };
        }
    }
    Answer { outcome: Outcome::Lost, line: Vec::new(), nodes }
}

/// The bytes the tables and the unproved stack would hold once the table has grown again
/// (the old and the new table both live while it grows).
fn table_bytes(capacity: usize, unproved: &[(u32, u128)], proved: &Proved) -> usize {
    let buckets = (capacity * 8 / 7).next_power_of_two().max(4);
    buckets * 3 * SLOT_BYTES
        + unproved.len().next_power_of_two() * 2 * UNPROVED_BYTES
        + (proved.capacity() * 8 / 7).next_power_of_two() * PROVED_BYTES
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::collections::HashMap;

    use crate::deals::{chance_source, deal_order};
    use crate::engine::{OptValue, Options};
    use crate::games;

    fn star(deal: u64) -> State {
        let options: Options = vec![("direction".into(), OptValue::Str("first-fit".into()))];
        let (rules, decks) = games::rules("star", &options).expect("star plays");
        let deck = deal_order(deal, decks);
        State::new(rules, &deck, chance_source(Some(deal), &deck))
    }

    const BUDGET: Budget = Budget { max_nodes: 5_000_000, max_seconds: 60.0, max_table_bytes: 1 << 30 };

    #[test]
    fn a_won_line_replays_to_a_win_and_the_state_is_left_as_it_was() {
        let mut state = star(1);
        let before = state.board.key();
        let answer = solve(&mut state, BUDGET);
        assert_eq!(answer.outcome, Outcome::Won);
        assert_eq!(state.board.key(), before);
        for mv in answer.line {
            assert!(state.legal_raw().contains(&mv));
            state.play_raw(mv);
        }
        assert!(state.is_won());
    }

    #[test]
    fn a_lost_deal_is_proved_and_budgets_stop_a_search() {
        let mut state = star(2); // lost: every line searched in some 420,000 positions
        assert_eq!(solve(&mut state, BUDGET).outcome, Outcome::Lost);
        let few_nodes = Budget { max_nodes: 1000, ..BUDGET };
        let answer = solve(&mut state, few_nodes);
        assert_eq!((answer.outcome, answer.nodes), (Outcome::Unknown, 1000));
        let small_table = Budget { max_table_bytes: 1 << 16, ..BUDGET };
        assert_eq!(solve(&mut state, small_table).outcome, Outcome::Unknown);
        assert_eq!(state.moves_played(), 0);
    }

    /// An interrupted search stops at its next look at the clock after the interrupt's
    /// first check, leaves the position as it was and says so (None); one never
    /// interrupted answers as `solve` does.
    #[test]
    fn an_interrupt_stops_a_search_at_once() {
        let mut state = star(2); // lost, in some 420,000 positions
        let before = state.board.key();
        let asked = std::rc::Rc::new(Cell::new(0));
        let count = asked.clone();
        let stop = move || {
            count.set(count.get() + 1);
            true
        };
        assert!(solve_interruptible(&mut state, BUDGET, stop).is_none());
        assert_eq!(asked.get(), 1);
        assert_eq!((state.board.key(), state.moves_played()), (before, 0));
        let answer = solve_interruptible(&mut state, BUDGET, || false).expect("not interrupted");
        assert_eq!(answer.outcome, Outcome::Lost);
        assert!(!past(Instant::now() + Duration::from_secs(60)), "no interrupt outside a search");
    }

    /// Shah 117 and Blockade 204 are lost, which the exact search proves in 1 and 371
    /// positions: their exact leads answer before the dives, which would otherwise spend
    /// nine tenths of a budget this large looking for a win.
    #[test]
    fn an_exact_lead_proves_a_quick_loss_before_the_dive() {
        let s = |name: &str, v: &str| (name.to_string(), OptValue::Str(v.to_string()));
        let b = |name: &str, v: bool| (name.to_string(), OptValue::Bool(v));
        let blockade = vec![b("move_sequences", false), s("empty_columns", "stay"), s("deal_when", "any")];
        let huge = Budget { max_nodes: 1 << 40, max_seconds: 30.0, max_table_bytes: 1 << 30 };
        for (game, options, deal) in [("shah", Vec::new(), 117), ("blockade", blockade, 204)] {
            let (rules, decks) = games::rules(game, &options).expect("a native game");
            let deck = deal_order(deal, decks);
            let mut state = State::new(rules.clone(), &deck, chance_source(Some(deal), &deck));
            let answer = solve(&mut state, huge);
            assert_eq!(answer.outcome, Outcome::Lost, "{game} {deal}");
            assert!(answer.nodes <= rules.exact_lead(), "{game} {deal}: {} nodes", answer.nodes);
            assert_eq!(state.moves_played(), 0);
        }
    }

    #[test]
    fn the_counted_capacity_is_the_sets() {
        let mut kept = HashedSet::default();
        for key in 0..200_000u128 {
            assert_eq!(set_capacity(kept.len()), kept.capacity());
            kept.insert(key.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835));
        }
    }

    /// The search reuses its table between probes and counts the capacity a new one
    /// would have, growing it as a map grows: when an insertion finds it full, even one
    /// that marks a key already there (as the search marks positions proved).
    #[test]
    fn the_counted_capacity_is_a_new_tables() {
        let mut table = Table::default();
        let mut capacity = 0;
        let mut rng = SplitMix64::new(3);
        let mut keys = Vec::new();
        for key in 0..200_000u128 {
            let key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
            insert_counted(&mut table, &mut capacity, key, 0);
            assert_eq!(capacity, table.capacity());
            keys.push(key);
            if rng.below(3) == 0 {
                let again = keys[rng.below(keys.len() as u64) as usize];
                insert_counted(&mut table, &mut capacity, again, PROVED);
                assert_eq!(capacity, table.capacity());
            }
        }
    }

    /// Table keys must tell positions apart exactly as `solver_key` does (Star's packed
    /// key, the others' hashes; Blockade's with its foundations as heights): along random
    /// lines of several deals of each game, equal table keys and equal solver keys go
    /// together.
    #[test]
    fn table_keys_pair_with_solver_keys() {
        let s = |name: &str, v: &str| (name.to_string(), OptValue::Str(v.to_string()));
        let b = |name: &str, v: bool| (name.to_string(), OptValue::Bool(v));
        let games: [(&str, Options); 6] = [
            ("star", vec![s("direction", "first-fit")]),
            ("sun", vec![s("transfers", "purposeful"), s("deal_when", "stuck")]),
            ("clock", vec![b("wrap_marriage", false), s("phases", "strict")]),
            ("blockade", vec![b("move_sequences", false), s("empty_columns", "stay"), s("deal_when", "any")]),
            ("blockade", vec![b("move_sequences", true), s("empty_columns", "any"), s("deal_when", "stuck")]),
            ("shah", Vec::new()),
        ];
        let mut rng = SplitMix64::new(7);
        let mut scratch = Vec::new();
        for (game, options) in games {
            let mut pairs: HashMap<u128, Vec<u8>> = HashMap::new();
            let mut keys: HashMap<Vec<u8>, u128> = HashMap::new();
            for deal in 1..=40 {
                let (rules, decks) = games::rules(game, &options).expect("a native game");
                let deck = deal_order(deal, decks);
                let mut state = State::new(rules.clone(), &deck, chance_source(Some(deal), &deck));
                while !state.legal_raw().is_empty() && state.moves_played() < 2000 {
                    let mut bytes = Vec::new();
                    rules.solver_key(&state.board, &mut bytes);
                    let key = rules.table_key(&state.board, &mut scratch);
                    assert_eq!(pairs.entry(key).or_insert_with(|| bytes.clone()), &bytes, "{game}");
                    assert_eq!(*keys.entry(bytes).or_insert(key), key, "{game}");
                    let legal = state.legal_raw().to_vec();
                    state.play_raw(legal[rng.below(legal.len() as u64) as usize]);
                }
            }
            assert!(pairs.len() > 1000, "{game}: {} positions", pairs.len());
        }
    }

    #[test]
    fn luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(probe_cutoff(3, 256), 256);
        assert_eq!(probe_cutoff(11, 256), 512);
        assert_eq!(probe_cutoff(3 + 4 * 6, 256), 256 * 4);
    }
}
