//! The native search core of patience: the games' rules ported from the Python engine
//! (which stays the readable reference) and an exact depth-first search over them.
//! Python reaches it through the extension module `patience._native` (feature `python`).

#![forbid(unsafe_code)]

pub mod cards;
pub mod deals;
pub mod engine;
pub mod games;
pub mod hash;
pub mod search;

#[cfg(feature = "python")]
mod python;
