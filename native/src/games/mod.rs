//! Every game the native engine plays, registered in one place: `GAMES`.
//!
//! To add a game: write `games/<game>.rs` with a `build(&Options)` that returns its
//! `Rules` (or an error naming an option it does not play), add `pub mod <game>;` and one
//! line to `GAMES` below, and a differential test in `tests/native/` (docs/design.md).

use std::sync::Arc;

use crate::engine::{Options, Rules};

pub mod blockade;
pub mod probes;
pub mod shah;
pub mod star;

/// A game's builder: its rules for one resolved option set, or why the native engine
/// does not play that option set.
pub type Build = fn(&Options) -> Result<Arc<dyn Rules>, String>;

/// Game id (as `patience.engine.registry`), number of decks, builder.
pub const GAMES: &[(&str, usize, Build)] = &[
    ("star", 1, star::build),
    ("blockade", 2, blockade::build),
    ("shah", 2, shah::build),
];

/// The rules of `game` with `options`, and its number of decks; an error says why not.
pub fn rules(game: &str, options: &Options) -> Result<(Arc<dyn Rules>, usize), String> {
    let (_, decks, build) = GAMES
        .iter()
        .find(|(id, _, _)| *id == game)
        .ok_or_else(|| format!("the native engine does not play {game}"))?;
    Ok((build(options)?, *decks))
}
