//! Rainbow (`patience.games.rainbow`): 26 cards in an arc, four foundations
//! twice round, three even piles; the reserve family's procedure and solver knowledge
//! (`reserve_family.rs`), searched by restarted probes in the family's probe order.

use std::sync::Arc;

use crate::engine::{OptValue, Options, Rules};
use crate::games::reserve_family::{ReserveRules, Shape};

/// Rainbow with `options` (`redeals`: 3 or 5), or why not.
pub fn build(options: &Options) -> Result<Arc<dyn Rules>, String> {
    let mut redeals = None;
    for (name, value) in options {
        match (name.as_str(), value) {
            ("redeals", OptValue::Int(n @ (3 | 5))) => redeals = Some(*n as i32),
            _ => return Err(format!("rainbow: option {name} = {value:?} is not supported")),
        }
    }
    let redeals = redeals.ok_or("rainbow: option redeals missing")?;
    let shape = Shape {
        reserves: &["rainbow"],
        reserve_size: 26,
        reserve_wrap: true, // RBW-1, RBW-4
        foundations: 4,
        foundation_cards: 26, // RBW-3
        waste_piles: 3,
        base_from_deal: true,
        face_down_reserve: true,
        ace_extraction: false,
        redeals,          // RBW-7
        even_piles: true, // RBW-6
    };
    // searched by restarted probes, as `solver.strategies.PROBE_ORDERS` has it; with
    // redeals left no dive (`strategies.DIVES` has none for Rainbow)
    Ok(Arc::new(ReserveRules::new("rainbow", shape, 0, false).probed(256)))
}
