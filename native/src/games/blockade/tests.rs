//! Blockade's kept hashes against what they stand for: the repetition
//! hash a move leads to, and table keys paired with solver keys, along random lines.

use std::collections::HashMap;
use std::sync::Arc;

use super::*;

use crate::deals::{chance_source, deal_order, SplitMix64};
use crate::games;

/// Blockade's option sets: `move_sequences` both ways, each with four of the others:
/// empty columns left empty or open to any card, each with a deal only when stuck (the
/// default, BLK-7) and at any time.
fn option_sets() -> Vec<Options> {
    let mut sets = Vec::new();
    for sequences in [false, true] {
        for (fill, when) in [("stay", "stuck"), ("stay", "any"), ("any", "any"), ("any", "stuck")] {
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

/// Blockade with the default options but `deal_when`.
fn dealing(when: &str) -> Options {
    vec![
        ("move_sequences".into(), OptValue::Bool(false)),
        ("empty_columns".into(), OptValue::Str("stay".into())),
        ("deal_when".into(), OptValue::Str(when.into())),
    ]
}

/// A two-deck order: these cards first, then the rest in fresh order.
fn deck_of(first: &str) -> Vec<Card> {
    let first: Vec<Card> =
        first.split_whitespace().map(|c| crate::cards::parse(c).expect("a card")).collect();
    let mut rest = crate::cards::fresh_deck(2);
    for card in &first {
        let at = rest.iter().position(|c| c == card).expect("a copy left");
        rest.remove(at);
    }
    [first, rest].concat()
}

fn deals(state: &mut State) -> bool {
    state.legal_raw().iter().any(Move::is_action)
}

/// BLK-7: under `deal_when = "stuck"` (the default) a marriage keeps the row back, and a
/// play to a foundation too; once neither is possible the row is dealt. Under `any` the
/// row may be dealt at any time.
#[test]
fn a_row_waits_while_a_play_or_a_marriage_is_possible() {
    // row one: 7H and 6H (a marriage), the rest quiet; row two quiet
    let marriage = "7H 6H 9C 4D 6S 8D TS QD 4C 2C KS JH";
    // row one: AS goes up and 2S takes its place, which may follow it; KH refills col1
    let play = "AS 2S 9C 4D 6S 8D TS QD 4C 2C KS 7C JH KH";
    for (first, card_moves) in [(marriage, 1), (play, 1)] {
        let deck = deck_of(first);
        let (rules, _) = games::rules("blockade", &dealing("stuck")).expect("blockade plays");
        let mut state = State::new(rules, &deck, String::new());
        assert!(!deals(&mut state), "{first}");
        assert_eq!(state.legal_raw().len(), card_moves, "{first}");
        let (rules, _) = games::rules("blockade", &dealing("any")).expect("blockade plays");
        let mut any = State::new(rules, &deck, String::new());
        assert!(deals(&mut any), "{first}");
    }
    let (rules, _) = games::rules("blockade", &dealing("stuck")).expect("blockade plays");
    let mut state = State::new(rules, &deck_of(play), String::new());
    let up = state.legal_raw()[0];
    state.play_raw(up);
    assert_eq!(state.legal_raw(), [Move::action(DEAL)]);
}

/// BLK-7 along random lines: under `deal_when = "stuck"` the deal is legal exactly when
/// the stock has cards and no card move is (after the repetition rule); under `any`
/// whenever the stock has cards.
#[test]
fn the_deal_is_legal_exactly_when_the_option_says() {
    let mut rng = SplitMix64::new(29);
    for when in ["stuck", "any"] {
        let mut held_back = 0;
        for deal in 1..=30 {
            let (_, mut state) = deal_of(&dealing(when), deal);
            while !state.legal_raw().is_empty() && state.moves_played() < 600 {
                let stock = !state.board.piles[STOCK].is_empty();
                let legal = state.legal_raw().to_vec();
                let cards = legal.iter().filter(|m| !m.is_action()).count();
                let dealt = legal.iter().any(Move::is_action);
                let expected = stock && (when == "any" || cards == 0);
                assert_eq!(dealt, expected, "{when} deal {deal}");
                held_back += usize::from(stock && !dealt);
                state.play_raw(legal[rng.below(legal.len() as u64) as usize]);
            }
        }
        assert_eq!(held_back > 0, when == "stuck", "{when}: {held_back}");
    }
}

/// BLK-7 read after the repetition rule: the 6H reaches col1 straight from col2, or by way
/// of col3. The boards are the same, but by the longer way its move back to col3 would
/// repeat a position, so that game is stuck and deals while the other may still marry;
/// the search keys such a position with its memory.
#[test]
fn the_row_depends_on_the_line_of_marriages() {
    let deck = deck_of("2S 9C 4D 6S 8D TS QD 4C 2C KS 7C JH 7H 6H 7H 3S 5D 9D JS KD 5C QC 9S TH");
    let (rules, _) = games::rules("blockade", &dealing("stuck")).expect("blockade plays");
    let start = || {
        let mut state = State::new(rules.clone(), &deck, String::new());
        state.play_raw(Move::action(DEAL));
        state
    };
    let six =
        |from: usize, to: usize, state: &State| Move::card(from, to, state.board.piles[from].len() - 1, true);
    let mut walked = start();
    for (from, to) in [(1, 2), (2, 0)] {
        let mv = six(from, to, &walked);
        assert!(walked.legal_raw().contains(&mv), "{mv:?}");
        walked.play_raw(mv);
    }
    let mut direct = start();
    let mv = six(1, 0, &direct);
    direct.play_raw(mv);
    assert_eq!(walked.board.key(), direct.board.key());
    assert_eq!(walked.legal_raw(), [Move::action(DEAL)]);
    let back = six(0, 2, &direct);
    assert_eq!(direct.legal_raw(), [back]);
    assert!(rules.legal_reads_memory(&walked.board));
    assert_ne!(walked.memory_hash(), direct.memory_hash());
    let (anytime, _) = games::rules("blockade", &dealing("any")).expect("blockade plays");
    assert!(!anytime.legal_reads_memory(&walked.board));
}
