//! Toad (RULES.md §8, `patience.games.toad`): one or two squared toad piles, eight ace
//! foundations and five free piles, on the reserve family's procedure
//! (`reserve_family.rs`); and what the solver knows of its ace extraction
//! (`patience.solver.toad`).

use std::sync::Arc;

use crate::engine::{Move, OptValue, Options, Rules};
use crate::games::reserve_family::{DiveSpec, ReserveRules, Shape};

/// Toad with `options` (`reserve_piles` 1 or 2, `ace_extraction`, `reserve_size` 1 to
/// 26), under today's rules (version 2: the extraction is the player's move, TOD-3).
pub fn build(options: &Options) -> Result<Arc<dyn Rules>, String> {
    let (mut piles, mut extraction, mut size) = (None, None, None);
    for (name, value) in options {
        match (name.as_str(), value) {
            ("reserve_piles", OptValue::Int(n @ (1 | 2))) => piles = Some(*n),
            ("ace_extraction", OptValue::Bool(b)) => extraction = Some(*b),
            ("reserve_size", OptValue::Int(n @ 1..=26)) => size = Some(*n as usize),
            _ => return Err(format!("toad: option {name} = {value:?} is not supported")),
        }
    }
    let piles = piles.ok_or("toad: option reserve_piles missing")?;
    let shape = Shape {
        // TOD-1, TOD-7
        reserves: if piles == 2 { &["toad1", "toad2"] } else { &["toad"] },
        reserve_size: size.ok_or("toad: option reserve_size missing")?,
        reserve_wrap: false, // TOD-4
        foundations: 8,
        foundation_cards: 13, // TOD-2: A to K, so never round the corner
        waste_piles: 5,       // TOD-5
        base_from_deal: false,
        face_down_reserve: false,
        ace_extraction: extraction.ok_or("toad: option ace_extraction missing")?, // TOD-3
        redeals: 0,                                                               // TOD-6
        even_piles: false,
    };
    // the counter `ace_extracted` is Toad's whatever the options (rules version 2)
    Ok(Arc::new(ReserveRules::new("toad", shape, 1, true).probed(PROBE_UNIT).dived(DIVE)))
}

/// The shortest probe (`strategies.PROBE_UNITS`): a high card on the toad pile puts the
/// placements that decide the deal far back, so the probes back up further than 256.
const PROBE_UNIT: u64 = 1024;

/// Toad's dive (`strategies.toad_dive`): half the budgets; each placement also kept with
/// the waste tops held off the foundations (a won line may keep a card on a waste pile
/// so that a foundation stays free for a card still buried in a toad pile, TOD-2, TOD-5);
/// beams four times as wide a round (2, 8, 32, 128, ...): with tops held a round of
/// width 32 no longer fits the share of 10 s, and the rounds between reach lines the
/// widths 2 and 32 miss.
const DIVE: DiveSpec = DiveSpec { share: 0.5, hold: true, growth: 4, pool: None };

/// `search_after_extractions`: while an extraction is open (TOD-3) only the extractions
/// (`is_extraction`) need searching, deepest first in toad1, then toad2, as generated.
/// Taking an ace out first loses nothing: if a winning line L takes ace a out later,
/// L' takes it out first and then plays L without that move (nothing is ever laid on an
/// ace, TOD-4, so every card above a is L's in L's order, and foundations build
/// regardless of suit, TOD-2, so each of L's plays finds a foundation of the same
/// count); if L takes none out, every ace under a top reaches a foundation from the top
/// in L, and L' takes one of them out first and skips that play. Toad has no reversible
/// move (§0), so no repetition memory tells the lines apart. `patience.solver.toad`
/// gives the argument in full.
pub fn extractions_first(legal: &mut Vec<Move>, is_extraction: impl Fn(&Move) -> bool) {
    legal.retain(is_extraction);
}
