//! Every game the native engine plays, registered in one place: `GAMES`.
//!
//! To add a game: write `games/<game>.rs` with a `build(&Options)` that returns its
//! `Rules` (or an error naming an option it does not play), add `pub mod <game>;` and one
//! entry to `GAMES` below, and a differential test in `tests/native/` (docs/design.md).

use std::sync::Arc;

use crate::engine::{Options, Rules};

pub mod blockade;
pub mod clock;
pub mod double_star;
pub mod open_shop;
pub mod rainbow;
pub mod reserve_family;
pub mod shah;
pub mod star;
pub mod sun;
#[cfg(test)]
pub mod testing;
pub mod toad;

/// A game's builder: its rules for one resolved option set, or why the native engine
/// does not play that option set.
pub type Build = fn(&Options) -> Result<Arc<dyn Rules>, String>;

/// A game of the native engine.
pub struct Game {
    /// The game id, as `patience.engine.registry` has it.
    pub id: &'static str,
    pub decks: usize,
    pub build: Build,
    /// The share of `patience.solve`'s budgets the native search gets: 1 where it decides
    /// at least the deals the Python search decides in the same budget (bench/solver.py
    /// --side-by-side), so it answers alone; below 1 where it decides most deals far
    /// sooner but not all, so it goes first and the Python search gets what is left when
    /// it answers "unknown"; 0 while only the rules are ported.
    pub search_share: f64,
}

pub const GAMES: &[Game] = &[
    Game { id: "star", decks: 1, build: star::build, search_share: 1.0 },
    // alone since the Python search is the plain reference one: deals 1-300 at 2,000,000
    // nodes and 10 s, 297 won and 3 open alone against 295 and 5 with a tenth first
    Game { id: "clock", decks: 2, build: clock::build, search_share: 1.0 },
    // Rainbow, Toad, Open Shop and two-deck Star, with the reserve family's probes on
    // ranks, dives and pool game (reserve_family.rs), decide at least every deal the
    // Python search decides (deals 1-50, 10 s,
    // bench/solver.py --side-by-side --games rainbow toad open-shop double-star --deals 50
    // --jobs 2: Rainbow 100 % both, Toad 100 % both, Open Shop 86 % against 80 %,
    // two-deck Star 98 % against 90 %; docs/notes/solver-log.md)
    Game { id: "rainbow", decks: 2, build: rainbow::build, search_share: 1.0 },
    Game { id: "sun", decks: 2, build: sun::build, search_share: 1.0 },
    Game { id: "toad", decks: 2, build: toad::build, search_share: 1.0 },
    Game { id: "open-shop", decks: 2, build: open_shop::build, search_share: 1.0 },
    Game { id: "double-star", decks: 2, build: double_star::build, search_share: 1.0 },
    // with their dives these decide at least the deals the Python search decides (Blockade
    // 56 % against 42 %, Shah 92 % against 90 %: deals 1-50, 10 s, docs/notes/solver-log.md)
    Game { id: "blockade", decks: 2, build: blockade::build, search_share: 1.0 },
    Game { id: "shah", decks: 2, build: shah::build, search_share: 1.0 },
];

/// The game `id`, or why not.
pub fn game(id: &str) -> Result<&'static Game, String> {
    GAMES.iter().find(|g| g.id == id).ok_or_else(|| format!("the native engine does not play {id}"))
}

/// The rules of `game` with `options`, and its number of decks; an error says why not.
pub fn rules(id: &str, options: &Options) -> Result<(Arc<dyn Rules>, usize), String> {
    let game = game(id)?;
    Ok(((game.build)(options)?, game.decks))
}
