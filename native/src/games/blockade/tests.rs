//! Blockade's kept hashes against what they stand for: the repetition
//! hash a move leads to, and table keys paired with solver keys, along random lines;
//! and its reversible moves and the repetition memory on hand-made deals.

use std::collections::HashMap;
use std::sync::Arc;

use super::*;

use crate::deals::{chance_source, deal_order, SplitMix64};
use crate::games;
use crate::games::testing::{find, hand_made, is_legal, legal, pile, play, stack};

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

// Hand-made deals, as `tests/games/test_blockade.py` plays them ---------------------------

fn blockade_options<'a>(empty_columns: &'a str, deal_when: &'a str) -> [(&'static str, &'a str); 3] {
    [("move_sequences", "false"), ("empty_columns", empty_columns), ("deal_when", deal_when)]
}

fn reversible(state: &mut State, mv: &str) -> bool {
    find(state, mv).unwrap_or_else(|| panic!("{mv} is legal")).reversible
}

fn column(state: &State, n: usize) -> Vec<String> {
    pile(state, &format!("col{n}"))
}

/// BLK-5, BLK-6: a marriage that empties its column while the stock lasts brings a
/// refill and is irreversible; one that leaves a card behind is reversible, and the
/// repetition rule refuses the marriage straight back.
#[test]
fn blk6_a_marriage_that_brings_a_refill_is_irreversible_the_others_reversible() {
    let first = ["7H", "6H", "7H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC"];
    let mut state = hand_made("blockade", &blockade_options("stay", "stuck"), &first);
    assert!(!reversible(&mut state, "6H:col2>col1"));
    assert!(!reversible(&mut state, "6H:col2>col3"));
    play(&mut state, "6H:col2>col3"); // col3: 7H 6H; col2 refilled
    assert!(reversible(&mut state, "6H:col3>col1"));
    play(&mut state, "6H:col3>col1");
    assert!(!is_legal(&mut state, "6H:col1>col3"));
}

/// Aces first, then eight rows giving column n the cards `columns[n]` (top to bottom;
/// other columns the remaining cards in fresh order): seven deals spend the stock.
fn laid_out(columns: &[(usize, [Option<&'static str>; 8])], options: &[(&str, &str)]) -> State {
    const ACES: [&str; 8] = ["AS", "AH", "AD", "AC", "AS", "AH", "AD", "AC"];
    let named: Vec<&str> = columns.iter().flat_map(|(_, cards)| cards.iter().flatten().copied()).collect();
    let used: Vec<&str> = ACES.iter().copied().chain(named).collect();
    let filler: Vec<String> = stack(&used, 2)[used.len()..].iter().map(|&c| crate::cards::code(c)).collect();
    let mut filler = filler.into_iter();
    let mut deck: Vec<String> = ACES.iter().map(|c| c.to_string()).collect();
    for row in 0..8 {
        for col in 1..=COLUMNS {
            let given = columns.iter().find(|(n, _)| *n == col).and_then(|(_, cards)| cards[row]);
            deck.push(given.map_or_else(|| filler.next().expect("enough cards"), str::to_string));
        }
    }
    let deck: Vec<&str> = deck.iter().map(String::as_str).collect();
    hand_made("blockade", options, &deck)
}

/// The stock spent, col1 emptied onto found1, col2 down to the KD alone, col3 ending
/// 5C 4C (`emptied` in the Python tests).
fn emptied(options: &[(&str, &str)]) -> State {
    let spades = ["9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"].map(Some);
    let hearts = ["KD", "8H", "7H", "6H", "5H", "4H", "3H", "2H"].map(Some);
    let clubs = [None, None, None, None, None, None, Some("5C"), Some("4C")];
    let mut state = laid_out(&[(1, spades), (2, hearts), (3, clubs)], options);
    for _ in 0..7 {
        play(&mut state, "deal");
    }
    // the foot of `col` onto `found`, `times` over
    let mut play_up = |col: usize, found: usize, times: usize| {
        for _ in 0..times {
            let up = legal(&mut state)
                .into_iter()
                .find(|m| m.contains(&format!(":col{col}[")) && m.ends_with(&format!(">found{found}")));
            play(&mut state, &up.expect("the foot goes up"));
        }
    };
    play_up(1, 1, 8);
    play_up(2, 2, 7);
    assert!(column(&state, 1).is_empty() && column(&state, 2) == ["KD"]);
    state
}

/// BLK-8 with `empty_columns = "any"`: a card moved into an empty column is reversible,
/// and the repetition rule refuses the move straight back.
#[test]
fn blk8_a_move_into_an_empty_column_is_reversible() {
    let mut state = emptied(&blockade_options("any", "any"));
    assert!(reversible(&mut state, "4C:col3>col1"));
    play(&mut state, "4C:col3>col1");
    assert!(!is_legal(&mut state, "4C:col1>col3"));
}

/// AS to found1 first; row one lays the 2S on col3, row two the 7H's under col1 and col2
/// and the 6H under the 2S; the stock then starts with the other 2S. Nothing else marries
/// or goes up.
const SHUTTLE: [&str; 26] = [
    "AS", "9C", "4D", "2S", "6S", "8D", "TS", "QD", "4C", "2C", "KS", "7C", "JH", "7H", "7H", "6H", "3D",
    "9D", "JS", "KD", "5C", "QC", "9S", "TH", "4S", "2S",
];

/// After the deal: the 6H may go between the 7H's at the feet of col1 and col2, each
/// time a reversible marriage (its column keeps the 2S), and the 2S may go up.
fn shuttle() -> State {
    let mut state = hand_made("blockade", &blockade_options("stay", "any"), &SHUTTLE);
    play(&mut state, "deal");
    let feet: Vec<String> = (1..=3).map(|n| column(&state, n).pop().expect("a card")).collect();
    assert_eq!(feet, ["7H", "7H", "6H"]);
    state
}

/// The repetition memory belongs to the position (docs/rules.md, "Repetition"): two
/// marriages taken back leave the first legal again and every move as it was.
#[test]
fn blk5_undo_takes_the_undone_positions_out_of_the_repetition_memory() {
    let mut state = shuttle();
    let before = legal(&mut state);
    assert!(is_legal(&mut state, "6H:col3>col1"));
    play(&mut state, "6H:col3>col1");
    play(&mut state, "6H:col1>col2");
    state.pop();
    state.pop();
    assert_eq!(legal(&mut state), before);
    assert!(!state.remembers());
}

/// The memory holds the positions since the last irreversible step only: the 2S goes up
/// and the other 2S fills its column at once (BLK-6), so the columns look as before, and
/// the marriage back to them is legal, for the foundations differ.
#[test]
fn blk5_blk6_a_play_to_a_foundation_clears_the_repetition_memory() {
    let mut state = shuttle();
    play(&mut state, "6H:col3>col1");
    play(&mut state, "6H:col1>col2");
    assert!(!is_legal(&mut state, "6H:col2>col1"));
    let columns: Vec<Vec<String>> = (1..=COLUMNS).map(|n| column(&state, n)).collect();
    play(&mut state, "2S:col3>found1");
    assert_eq!((1..=COLUMNS).map(|n| column(&state, n)).collect::<Vec<_>>(), columns);
    assert!(is_legal(&mut state, "6H:col2>col1"));
    play(&mut state, "6H:col2>col1");
    assert!(!is_legal(&mut state, "6H:col1>col2")); // the memory starts again after the play
}
