//! Sun's SUN-3 crossings and SUN-4 deal on hand-made decks, as
//! `tests/games/test_sun.py` plays them through the Python engine.

use super::*;

use crate::cards::{fresh_deck, parse};
use crate::deals::chance_source;
use crate::engine::State;

const MEETING: [&str; 13] = ["AS", "2S", "3S", "4S", "5S", "6S", "KS", "QS", "JS", "TS", "9S", "8S", "7S"];
const HEARTS: [&str; 12] = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "2D"];

fn options(transfers: &str, deal_when: &str) -> Options {
    vec![
        ("transfers".into(), OptValue::Str(transfers.into())),
        ("deal_when".into(), OptValue::Str(deal_when.into())),
    ]
}

/// A two-deck order: `first` dealt first, every other card after them in fresh order.
fn stacked(first: &[&str]) -> Vec<Card> {
    let mut deck: Vec<Card> = first.iter().map(|c| parse(c).expect("a card code")).collect();
    let mut rest = fresh_deck(2);
    rest.sort_by_key(|&c| (suit(c), rank(c)));
    for card in &deck {
        let at = rest.iter().position(|c| c == card).expect("two copies at most");
        rest.remove(at);
    }
    deck.extend(rest);
    deck
}

fn start(first: &[&str], options: &Options) -> State {
    let rules = build(options).expect("sun plays");
    let deck = stacked(first);
    State::new(rules, &deck, chance_source(None, &deck))
}

fn deal() -> Move {
    Move::action(DEAL)
}

/// Play the first arc of MEETING up: ace-S holds A..6, king-S K..7 (they meet, SUN-3).
fn meet(state: &mut State) {
    for ray in 0..RAYS {
        let to = if ray < 6 { ACE0 } else { KING0 };
        state.play_raw(Move::card(ray, to, 0, false));
    }
}

fn down(index: usize) -> Move {
    Move::card(ACE0, KING0, index, true)
}

fn up(index: usize) -> Move {
    Move::card(KING0, ACE0, index, true)
}

/// SUN-4, `deal_when = "stuck"`: no deal while a card can go up; under `"any"` a deal
/// at any time.
#[test]
fn sun_4_the_arc_waits_while_a_card_can_go_up() {
    let first = [&["AS", "2S"][..], &HEARTS[..11]].concat();
    let mut state = start(&first, &options("purposeful", "stuck"));
    assert!(!state.legal_raw().contains(&deal()));
    state.play_raw(Move::card(0, ACE0, 0, false));
    assert!(!state.legal_raw().contains(&deal()));
    state.play_raw(Move::card(1, ACE0, 0, false));
    assert_eq!(state.legal_raw(), [deal()]);
    let mut any = start(&first, &options("purposeful", "any"));
    assert!(any.legal_raw().contains(&deal()) && any.legal_raw().len() > 1);
}

/// SUN-3 and SUN-4: "A-6 / K-7 with a 4 free: 6 down, 5 down, then the 4 onto king-X";
/// no deal while the crossings are legal, the deal once nothing moves.
#[test]
fn sun_3_crossings_step_towards_a_lower_card_of_a_ray() {
    let first = [&MEETING[..], &["4S"], &HEARTS[..]].concat();
    let mut state = start(&first, &options("purposeful", "stuck"));
    meet(&mut state);
    assert_eq!(state.legal_raw(), [deal()]);
    state.play_raw(deal());
    assert_eq!(state.legal_raw(), [down(5)]);
    state.play_raw(down(5));
    assert_eq!(state.legal_raw(), [down(4)]); // 6S back up would repeat a position
    state.play_raw(down(4));
    assert_eq!(state.legal_raw(), [Move::card(0, KING0, 0, false)]);
    state.play_raw(Move::card(0, KING0, 0, false));
    assert_eq!(state.legal_raw(), [deal()]);
}

/// SUN-3: a crossing up when a card of a ray ranks above the pile's next: 7S, 8S, 9S.
#[test]
fn sun_3_crossings_step_towards_a_higher_card_of_a_ray() {
    let first = [&MEETING[..], &["9S"], &HEARTS[..]].concat();
    let mut state = start(&first, &options("purposeful", "any"));
    meet(&mut state);
    state.play_raw(deal());
    assert_eq!(state.legal_raw(), [up(6), deal()]);
    state.play_raw(up(6));
    assert_eq!(state.legal_raw(), [up(5), deal()]);
    state.play_raw(up(5));
    assert_eq!(state.legal_raw(), [Move::card(0, ACE0, 0, false), deal()]);
}

/// SUN-3: a card the piles want already gives no purpose; `transfers = "free"` crosses
/// both ways, and with `deal_when = "stuck"` the arc waits until the repetition rule
/// has refused every crossing left.
#[test]
fn sun_3_wanted_cards_give_no_purpose_and_free_crossings_hold_the_arc() {
    let first = [&MEETING[..], &["6S", "7S"], &HEARTS[1..]].concat();
    let mut state = start(&first, &options("purposeful", "any"));
    meet(&mut state);
    state.play_raw(deal());
    assert!(state.legal_raw().iter().all(|m| !m.reversible));
    let mut free = start(&MEETING, &options("free", "stuck"));
    meet(&mut free);
    assert_eq!(free.legal_raw(), [down(5), up(6)]);
    for index in (1..=5).rev() {
        assert!(!free.legal_raw().contains(&deal()));
        free.play_raw(down(index));
    }
    assert_eq!(free.legal_raw(), [deal()]);
}

/// SUN-3: a card of a cloud or the wind gives no purpose, a ray's outer card and any
/// card of the ray in focus do.
#[test]
fn sun_3_only_cards_of_a_ray_give_a_purpose() {
    let rules = build(&options("purposeful", "stuck")).expect("sun plays");
    let mut board = Board::new(rules.layout().len(), 5, String::new());
    let cards = |codes: &[&str]| -> Vec<Card> { codes.iter().map(|c| parse(c).expect("a code")).collect() };
    board.piles[ACE0] = cards(&MEETING[..6]);
    board.piles[KING0] = cards(&MEETING[6..]);
    board.piles[CLOUD0] = cards(&["4S", "2H", "9S"]);
    board.vars[STAGE] = 3;
    board.vars[SCATTERED] = RAYS as i32;
    board.vars[CLOUDS] = 1;
    let crossings = |board: &Board| {
        let mut out = Vec::new();
        rules.generate(board, &mut out);
        out.retain(|m| m.reversible);
        out
    };
    assert!(crossings(&board).is_empty());
    board.piles[CLOUD0].clear();
    board.piles[WIND] = cards(&["4S", "2H", "9S"]);
    board.vars[WIND_DONE] = 1;
    assert!(crossings(&board).is_empty());
    board.piles[4] = cards(&["4S", "2H"]); // stage 3: the 4S is covered
    assert!(crossings(&board).is_empty());
    board.piles[4].reverse();
    assert_eq!(crossings(&board), [down(5)]);
    board.piles[4].reverse();
    board.vars[STAGE] = 2; // ray5 in focus: every card of it is available
    board.vars[FOCUS] = 4;
    assert_eq!(crossings(&board), [down(5)]);
    board.piles[4] = cards(&["2H", "KS", "8S"]);
    assert_eq!(crossings(&board), [up(6)]);
}

/// SUN-4 read after the repetition rule: spades and hearts both meet at 6 | 7 with
/// the 4S, 7S, 5H and 8H free; seven crossings walk round spades 5 | 6, hearts 6 | 7 so
/// that every crossing from there repeats a position and the deal is offered, while the
/// same board reached by one crossing offers no deal. The search keys it with its memory.
#[test]
fn sun_4_the_deal_depends_on_the_line_of_crossings() {
    let arcs = [
        ["AS", "2S", "3S", "4S", "5S", "6S", "KS", "QS", "JS", "TS", "9S", "8S", "7S"],
        ["AH", "2H", "3H", "4H", "5H", "6H", "KH", "QH", "JH", "TH", "9H", "8H", "7H"],
        ["4S", "7S", "5H", "8H", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD"],
    ];
    let meeting = || {
        let mut state = start(&arcs.concat(), &options("purposeful", "stuck"));
        for s in 0..2 {
            for ray in 0..RAYS {
                let to = if ray < 6 { ACE0 + s } else { KING0 + s };
                state.play_raw(Move::card(ray, to, 0, false));
            }
            state.play_raw(deal());
        }
        state
    };
    let (spades_down, hearts_down) =
        (|i| Move::card(ACE0, KING0, i, true), |i| Move::card(ACE0 + 1, KING0 + 1, i, true));
    let (spades_up, hearts_up) =
        (|i| Move::card(KING0, ACE0, i, true), |i| Move::card(KING0 + 1, ACE0 + 1, i, true));
    let mut walked = meeting();
    for mv in [
        hearts_up(6),
        spades_down(5),
        spades_down(4),
        hearts_down(6),
        hearts_down(5),
        spades_up(8),
        hearts_up(7),
    ] {
        assert!(walked.legal_raw().contains(&mv), "{mv:?}");
        walked.play_raw(mv);
    }
    let mut direct = meeting();
    direct.play_raw(spades_down(5));
    assert_eq!(walked.board.key(), direct.board.key());
    assert_eq!(walked.legal_raw(), [deal()]);
    assert!(!direct.legal_raw().contains(&deal()));
    assert!(walked.rules.legal_reads_memory(&walked.board));
    assert_ne!(walked.memory_hash(), direct.memory_hash());
}

/// SUN-6: each scatter takes the next ray, turns it over and deals it, innermost card
/// first, one card onto each following ray (its new outer card); what ray 13 leaves over
/// becomes one new cloud (deal 11, every arc dealt and every ray passed unplayed).
#[test]
fn sun_6_scatter_turns_the_ray_over_onto_the_next_rays() {
    use crate::games::testing::{dealt, pile, play};

    let mut state = dealt("sun", &[("transfers", "purposeful"), ("deal_when", "any")], 11);
    for _ in 0..7 {
        play(&mut state, "deal");
    }
    play(&mut state, "next-stage");
    for _ in 0..RAYS {
        play(&mut state, "next-ray");
    }
    let rays = |state: &State| (1..=RAYS).map(|k| pile(state, &format!("ray{k}"))).collect::<Vec<_>>();
    for k in 1..=RAYS {
        let before = rays(&state);
        let clouds = state.board.vars[CLOUDS] as usize;
        play(&mut state, "scatter");
        let after = rays(&state);
        let cards = &before[k - 1];
        assert!(after[k - 1].is_empty(), "ray{k}");
        let targets = RAYS - k;
        for (i, card) in cards.iter().take(targets).enumerate() {
            let target = k + i; // ray k + i + 1, counted from 0
            let mut expected = before[target].clone();
            expected.push(card.clone());
            assert_eq!(after[target], expected, "ray{k}'s card {i} onto ray{}", target + 1);
        }
        let left: Vec<String> = cards.iter().skip(targets).cloned().collect();
        if left.is_empty() {
            assert_eq!(state.board.vars[CLOUDS] as usize, clouds, "ray{k}: no cloud");
        } else {
            assert_eq!(state.board.vars[CLOUDS] as usize, clouds + 1, "ray{k}: one cloud");
            assert_eq!(pile(&state, &format!("cloud{}", clouds + 1)), left, "ray{k}'s cloud");
        }
    }
    assert_eq!(state.board.vars[SCATTERED] as usize, RAYS);
    assert!(state.board.vars[CLOUDS] > 1, "the deal leaves clouds");
}
