//! Star, two decks (`patience.games.double_star`): a fanned reserve of 20
//! over foundations of one base rank, on the reserve family's procedure and solver
//! knowledge (`reserve_family.rs`), as the Python game is; it shares no rule with the
//! one-deck Star (`star.rs`), whose suits, directions and cells it does not have.

use std::sync::Arc;

use crate::engine::{OptValue, Options, Rules};
use crate::games::reserve_family::{DiveSpec, PoolLimits, ReserveRules, Shape};

/// Two-deck Star with `options` (`foundations` 8 or 4, DST-2; `piles` 3 to 5, DST-4).
pub fn build(options: &Options) -> Result<Arc<dyn Rules>, String> {
    let (mut foundations, mut piles) = (None, None);
    for (name, value) in options {
        match (name.as_str(), value) {
            ("foundations", OptValue::Int(n @ (4 | 8))) => foundations = Some(*n as usize),
            ("piles", OptValue::Int(n @ 3..=5)) => piles = Some(*n as usize),
            _ => return Err(format!("double-star: option {name} = {value:?} is not supported")),
        }
    }
    let foundations = foundations.ok_or("double-star: option foundations missing")?;
    let piles = piles.ok_or("double-star: option piles missing")?;
    let shape = shape(foundations, piles);
    // DST-4 [R]: with three waste piles a wrong early placement buries cards for good,
    // and the probes, which vary the last placements first, seldom recover from one,
    // while the dive weighs the placements card by card; with four or five the probes
    // win most deals within a few thousand nodes (`strategies.DOUBLE_STAR_DIVE_SHARES`)
    let share = if piles == 3 { 0.75 } else { 0.25 };
    let dive = DiveSpec { share, hold: false, growth: 4, pool: Some(POOL) };
    Ok(Arc::new(ReserveRules::new("double-star", shape, 0, false).probed(PROBE_UNIT).dived(dive)))
}

/// The shortest probe (`strategies.PROBE_UNITS`): a won line is some 240-250 moves.
const PROBE_UNIT: u64 = 384;

/// The dive also drops the positions with at most 12 cards to come that the pool game
/// proves lost within 1,000 of its positions (`strategies.DOUBLE_STAR_POOL`); beams widen
/// four times a round, as Toad's: its late wins need a round of width 128 or 512.
const POOL: PoolLimits = PoolLimits { cards: 12, budget: 1_000 };

/// The two-deck Star's shape with `foundations` (8 or 4) and `piles` (3 to 5).
pub fn shape(foundations: usize, piles: usize) -> Shape {
    Shape {
        reserves: &["reserve"], // DST-1
        reserve_size: 20,
        reserve_wrap: true, // DST-3
        foundations,
        foundation_cards: 104 / foundations, // DST-2: 13 each, or 26
        waste_piles: piles,                  // DST-4
        base_from_deal: true,                // DST-2: the 21st card is the first base
        face_down_reserve: false,
        ace_extraction: false,
        redeals: 0, // DST-4: one pass
        even_piles: false,
    }
}
