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
//! move as its lowlink, because the repetition rule (RULES.md §0) silently drops moves
//! back to the positions since then. The Python module's docstring argues each step.
//!
//! The table holds a 128-bit hash of each position's `solver_key`; two positions would
//! have to collide in 128 bits to be confused, and a won line is replayed by the Python
//! engine before it is returned.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};

use crate::engine::{Move, State};

const TIME_CHECK_EVERY: u64 = 1024; // nodes between clock readings
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

/// The table's keys are already hashes: the hasher only folds the 128 bits.
#[derive(Default)]
struct Fold(u64);

impl Hasher for Fold {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u128(&mut self, i: u128) {
        self.0 = (i as u64) ^ ((i >> 64) as u64);
    }
}

type Table = HashMap<u128, u32, BuildHasherDefault<Fold>>;

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Two independent 64-bit hashes of `bytes` (and its length), as one 128-bit key.
pub fn hash128(bytes: &[u8]) -> u128 {
    let mut a: u64 = 0x243F_6A88_85A3_08D3 ^ bytes.len() as u64;
    let mut b: u64 = 0x1319_8A2E_0370_7344;
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        a = mix(a ^ w).rotate_left(17);
        b = mix(b.wrapping_add(w).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (b >> 29));
    }
    u128::from(mix(a)) << 64 | u128::from(mix(b ^ a.rotate_left(32)))
}

/// Bytes of one table slot (a 128-bit key and a number, aligned to 32, and a control
/// byte) and of one entry of the stack of unproved positions.
const SLOT_BYTES: usize = 32 + 1;
const UNPROVED_BYTES: usize = 32;

struct Frame {
    moves: Vec<Move>,
    next: usize,
    number: u32,
    low: u32,
    stretch: u32, // number of the first position after the last irreversible move
}

/// The moves the search tries from here, in order: none at a dead end, the safe move
/// alone when there is one, else every legal move in the game's order.
pub fn children(state: &mut State) -> Vec<Move> {
    if state.rules.dead_end(&state.board) {
        return Vec::new();
    }
    let mut legal = state.legal_raw().to_vec();
    if !legal.is_empty() {
        if let Some(forced) = state.rules.safe_move(&state.board, &legal) {
            return vec![forced];
        }
    }
    state.rules.order(&state.board, &mut legal);
    legal
}

/// Depth-first search from `state`, which is as it was given when the search returns.
pub fn solve(state: &mut State, budget: Budget) -> Answer {
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(budget.max_seconds.clamp(0.0, 1e9));
    if state.is_won() {
        return Answer {
            outcome: Outcome::Won,
            line: Vec::new(),
            nodes: 0,
        };
    }
    let rules = state.rules.clone();
    // a game's dive first (`Rules::dive`): it may find a win, never a loss
    let (dived_line, dived) = rules.dive(state, budget.max_nodes, deadline);
    if let Some(line) = dived_line {
        return Answer {
            outcome: Outcome::Won,
            line,
            nodes: dived,
        };
    }
    // the start's repetition memory forbids some positions until the first irreversible
    // move, so while it lasts the key says whether one has been made
    let track_memory = state.remembers();
    let mut irreversible = 0u32;
    let mut scratch = Vec::with_capacity(64);
    let mut table_key = |state: &State, irreversible: u32| -> u128 {
        scratch.clear();
        rules.solver_key(&state.board, &mut scratch);
        if track_memory && irreversible > 0 {
            scratch.push(1);
        }
        hash128(&scratch)
    };

    let mut table = Table::default();
    let mut unproved: Vec<(u32, u128)> = Vec::new(); // explored, not proved, in order found
    let root = table_key(state, 0);
    table.insert(root, 0);
    unproved.push((0, root));
    let mut count: u32 = 1;
    let mut path: Vec<Move> = Vec::new();
    let first = children(state);
    let mut frames = vec![Frame {
        moves: first,
        next: 0,
        number: 0,
        low: 0,
        stretch: 0,
    }];
    let mut nodes: u64 = dived;
    let unwind = |state: &mut State, path: &[Move]| {
        for _ in path {
            state.pop();
        }
    };
    while let Some(frame) = frames.last_mut() {
        if frame.next == frame.moves.len() {
            let (number, low) = (frame.number, frame.low);
            frames.pop();
            if low >= number {
                // a closed component: all of it proved lost
                while let Some(&(n, key)) = unproved.last() {
                    if n < number {
                        break;
                    }
                    unproved.pop();
                    table.insert(key, PROVED);
                }
            } else if let Some(parent) = frames.last_mut() {
                parent.low = parent.low.min(low);
            }
            if let Some(mv) = path.pop() {
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
            return Answer {
                outcome: Outcome::Won,
                line: path,
                nodes,
            };
        }
        let key = table_key(state, irreversible);
        match table.get(&key) {
            Some(&found) => {
                if found != PROVED && frame.low > found {
                    frame.low = found; // an unproved position: on the path or tainted by it
                }
                if track_memory && !mv.reversible {
                    irreversible -= 1;
                }
                path.pop();
                state.pop();
            }
            None => {
                if table.len() == table.capacity()
                    && table_bytes(&table, &unproved) > budget.max_table_bytes
                {
                    unwind(state, &path);
                    return Answer {
                        outcome: Outcome::Unknown,
                        line: Vec::new(),
                        nodes,
                    };
                }
                let number = count;
                count += 1;
                table.insert(key, number);
                unproved.push((number, key));
                let stretch = if mv.reversible { frame.stretch } else { number };
                let moves = children(state);
                frames.push(Frame {
                    moves,
                    next: 0,
                    number,
                    low: stretch,
                    stretch,
                });
            }
        }
        if nodes >= budget.max_nodes
            || (nodes.is_multiple_of(TIME_CHECK_EVERY) && Instant::now() > deadline)
        {
            unwind(state, &path);
            return Answer {
                outcome: Outcome::Unknown,
                line: Vec::new(),
                nodes,
            };
        }
    }
    Answer {
        outcome: Outcome::Lost,
        line: Vec::new(),
        nodes,
    }
}

/// The bytes the table and the unproved stack would hold once the table has grown again
/// (the old and the new table both live while it grows).
fn table_bytes(table: &Table, unproved: &[(u32, u128)]) -> usize {
    let buckets = (table.capacity() * 8 / 7).next_power_of_two().max(4);
    buckets * 3 * SLOT_BYTES + unproved.len().next_power_of_two() * 2 * UNPROVED_BYTES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_tells_close_keys_apart() {
        let mut seen = std::collections::HashSet::new();
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                assert!(seen.insert(hash128(&[a, b, 0xff])));
            }
        }
        assert_ne!(hash128(&[0]), hash128(&[0, 0]));
    }
}
