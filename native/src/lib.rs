//! The native search core of patience: the games' rules ported from the Python engine
//! (which stays the readable reference) and an exact depth-first search over them.
//! Python reaches it through the extension module `patience._native` (feature `python`).
//!
//! Each game's search knowledge (safe moves, dead ends, probe orders, dives, endgames) was
//! ported from Python modules that have since been removed, keeping only Python's plain
//! reference search. Comments name those modules (`patience.solver.blockade`,
//! `strategies.PROBE_UNITS`, ...) as the origin of a piece. Their docstrings held the
//! longer soundness arguments: read them with `git show 30a4944:src/patience/solver/<name>.py`.
//! docs/solver.md is the reader's guide to the search; docs/notes/solver-log.md keeps the measurements.

#![forbid(unsafe_code)]

pub mod cards;
pub mod deals;
pub mod engine;
pub mod games;
pub mod hash;
pub mod search;

#[cfg(feature = "python")]
mod python;
