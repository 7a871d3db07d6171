//! Blockade's kept hashes against what they stand for (RULES.md §4): the repetition
//! hash a move leads to, and table keys paired with solver keys, along random lines.

use std::collections::HashMap;
use std::sync::Arc;

use super::*;

use crate::deals::{chance_source, deal_order, SplitMix64};
use crate::games;

/// Blockade's option sets: `move_sequences` both ways, each with three of the others:
/// empty columns left empty or open to any card with a deal at any time, and open to any
/// card with a deal only when stuck.
fn option_sets() -> Vec<Options> {
    let mut sets = Vec::new();
    for sequences in [false, true] {
        for (fill, when) in [("stay", "any"), ("any", "any"), ("any", "stuck")] {
            sets.push(vec![
                ("move_sequences".into(), OptValue::Bool(sequences)),
                ("empty_columns".into(), OptValue::Str(fill.into())),
                ("deal_when".into(), OptValue::Str(when.into())),
            ]);
        }
    }
    sets
}

/// Deal `deal` of Blockade under `options`, and its rules.
fn deal_of(options: &Options, deal: u64) -> (Arc<dyn Rules>, State) {
    let (rules, decks) = games::rules("blockade", options).expect("blockade plays");
    let deck = deal_order(deal, decks);
    let state = State::new(rules.clone(), &deck, chance_source(Some(deal), &deck));
    (rules, state)
}

/// Along random lines of every option set, the repetition hash a reversible move leads
/// to, worked out without playing it, is the one read after playing it, and the kept
/// hashes it reads are those from scratch.
#[test]
fn repetition_hashes_after_a_move_are_read_without_playing_it() {
    let mut rng = SplitMix64::new(3);
    let mut checked = 0;
    for options in option_sets() {
        for deal in 1..=20 {
            let (rules, mut state) = deal_of(&options, deal);
            let mut scratch = Vec::new();
            while !state.legal_raw().is_empty() && state.moves_played() < 1000 {
                assert_eq!(state.board.kept_hash(), Some(state.board.zobrist()), "deal {deal}");
                let legal = state.legal_raw().to_vec();
                for &mv in legal.iter().filter(|m| m.reversible) {
                    let read = rules.repetition_hash_after(&state.board, mv).expect("a column move");
                    state.play_raw(mv);
                    let played = rules.repetition_hash(&state.board, &mut scratch);
                    state.pop();
                    assert_eq!(read, played, "deal {deal}, {mv:?}");
                    checked += 1;
                }
                state.play_raw(legal[rng.below(legal.len() as u64) as usize]);
            }
        }
    }
    assert!(checked > 1000, "{checked} moves");
}

/// Along random lines of every option set, equal table keys go with equal solver keys
/// and back, while the stock lasts and once it is spent (the columns then a multiset).
#[test]
fn table_keys_pair_with_solver_keys_in_every_option_set() {
    let mut rng = SplitMix64::new(17);
    for options in option_sets() {
        let mut pairs: HashMap<u128, Vec<u8>> = HashMap::new();
        let mut keys: HashMap<Vec<u8>, u128> = HashMap::new();
        let mut spent = 0;
        for deal in 1..=30 {
            let (rules, mut state) = deal_of(&options, deal);
            while !state.legal_raw().is_empty() && state.moves_played() < 600 {
                let mut bytes = Vec::new();
                rules.solver_key(&state.board, &mut bytes);
                let key = rules.table_key(&state.board, &mut Vec::new());
                assert_eq!(pairs.entry(key).or_insert_with(|| bytes.clone()), &bytes, "deal {deal}");
                assert_eq!(*keys.entry(bytes).or_insert(key), key, "deal {deal}");
                spent += usize::from(state.board.piles[STOCK].is_empty());
                // deals rarely, so that lines reach late positions with cards on
                let legal = state.legal_raw().to_vec();
                let cards = legal.iter().filter(|m| !m.is_action()).count();
                let pick = if cards > 0 && rng.below(8) > 0 {
                    rng.below(cards as u64)
                } else {
                    rng.below(legal.len() as u64)
                };
                state.play_raw(legal[pick as usize]);
            }
        }
        assert!(pairs.len() > 1000 && spent > 200, "{} positions, {spent} with the stock spent", pairs.len());
    }
}
