//! Rainbow (RULES.md §6, `patience.games.rainbow`): 26 cards in an arc, four foundations
//! twice round, three even piles; the reserve family's procedure (`reserve_family.rs`).
//! Its solver knowledge beyond the table key (`patience.solver.reserve_family`) is not
//! ported: the search tries moves in the generic order and by restarted probes.

use std::sync::Arc;

use crate::engine::{OptValue, Options, Rules};
use crate::games::reserve_family::{ReserveFamily, Shape};

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
        redeals, // RBW-7
        even_piles: true,
    };
    // searched by restarted probes, as `solver.strategies.PROBE_ORDERS` has it
    Ok(Arc::new(ReserveFamily::new("rainbow", shape).probed(256)))
}
