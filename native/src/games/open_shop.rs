//! Open Shop (`patience.games.open_shop`): the Rainbow's easier cousin, an
//! open column of 18 over four foundations of 26 and five free piles, on the reserve
//! family's procedure and solver knowledge (`reserve_family.rs`).

use std::sync::Arc;

use crate::engine::{OptValue, Options, Rules};
use crate::games::reserve_family::{DiveSpec, ReserveRules, Shape};

/// Open Shop with `options` (`redeals`: 0, or 1 for OPS-1's [R] reading of RBW-7).
pub fn build(options: &Options) -> Result<Arc<dyn Rules>, String> {
    let mut redeals = None;
    for (name, value) in options {
        match (name.as_str(), value) {
            ("redeals", OptValue::Int(n @ (0 | 1))) => redeals = Some(*n as i32),
            _ => return Err(format!("open-shop: option {name} = {value:?} is not supported")),
        }
    }
    let shape = shape(redeals.ok_or("open-shop: option redeals missing")?);
    Ok(Arc::new(ReserveRules::new("open-shop", shape, 0, false).probed(PROBE_UNIT).dived(DIVE)))
}

/// Open Shop's shape with `redeals` (0 or 1).
pub fn shape(redeals: i32) -> Shape {
    // OPS-1: as Rainbow, but the shop lies face up, five free piles, one pass; with
    // redeals = 1 the redeal is RBW-7's (pile1 … pile5 gathered and shuffled)
    Shape {
        reserves: &["shop"],
        reserve_size: 18,
        reserve_wrap: true,
        foundations: 4,
        foundation_cards: 26,
        waste_piles: 5,
        base_from_deal: true,
        face_down_reserve: false,
        ace_extraction: false,
        redeals,
        even_piles: false,
    }
}

/// The shortest probe (`strategies.PROBE_UNITS`): a won line is some 250 moves, so a
/// 256-node probe would never end its first dive.
const PROBE_UNIT: u64 = 512;

/// Open Shop's dive (`strategies.open_shop_dive`): half the budgets, beams four times as
/// wide a round (2, 8, 32, 128, 512): its late wins are width-128 beams'.
const DIVE: DiveSpec = DiveSpec { share: 0.5, hold: false, growth: 4, pool: None };
