//! Clock's dead end on hand-made positions: where the copies' places cut
//! what the relaxation lets through, where they must not, and a plain search (Clock's
//! rules without its safe move and dead end) as the judge.

use std::sync::Arc;

use super::*;
use crate::cards::fresh_deck;
use crate::engine::State;
use crate::search::{solve, Budget, Outcome};

const V: usize = 4; // hour V, base TC: JC QC KC AC 2C 3C 4C 5C
const IX: usize = 8; // hour IX, base 2C: 3C 4C 5C 6C 7C 8C 9C

/// Clock's rules without its safe move and dead end: a search over them proves a loss
/// by trying every line.
struct Plain(Clock);

impl Rules for Plain {
    fn game_id(&self) -> &'static str {
        self.0.game_id()
    }
    fn layout(&self) -> &[Pile] {
        self.0.layout()
    }
    fn actions(&self) -> &'static [&'static str] {
        self.0.actions()
    }
    fn var_count(&self) -> usize {
        self.0.var_count()
    }
    fn setup(&self, board: &mut Board, deck: &[Card]) {
        self.0.setup(board, deck);
    }
    fn generate(&self, board: &Board, out: &mut Vec<Move>) {
        self.0.generate(board, out);
    }
    fn apply(&self, board: &mut Board, mv: Move) {
        self.0.apply(board, mv);
    }
    fn is_won(&self, board: &Board) -> bool {
        self.0.is_won(board)
    }
    fn counters(&self, board: &Board) -> Vec<(String, Value)> {
        self.0.counters(board)
    }
}

fn cards(codes: &[&str]) -> Vec<Card> {
    codes.iter().map(|c| parse(c).expect("a card code")).collect()
}

/// A position: every hour complete but those in `short`, each holding its run's first
/// cards up to the one given; packets, talon and stock as given, bottom first. Every
/// card of the two decks lies in it twice (checked).
fn position(short: &[(usize, &str)], packets: &[&[&str]], talon: &[&str], stock: &[&str]) -> State {
    position_in(Clock::new(false, true), short, packets, talon, stock)
}

/// `position` under `clock`'s options.
fn position_in(
    clock: Clock,
    short: &[(usize, &str)],
    packets: &[&[&str]],
    talon: &[&str],
    stock: &[&str],
) -> State {
    let mut piles = vec![Vec::new(); TALON + 1];
    for (hour, run) in clock.runs.iter().enumerate() {
        let top = short.iter().find(|&&(h, _)| h == hour).map(|&(_, code)| parse(code).expect("a code"));
        let height =
            top.map_or(run.len(), |card| 1 + run.iter().position(|&c| c == card).expect("in the run"));
        piles[HOUR0 + hour] = run[..height].to_vec();
    }
    for (p, packet) in packets.iter().enumerate() {
        piles[PACKET0 + p] = cards(packet);
    }
    piles[TALON] = cards(talon);
    piles[STOCK] = cards(stock);
    let mut counted = [0; CARDS];
    for &card in piles.iter().flatten() {
        counted[usize::from(card)] += 1;
    }
    assert!(fresh_deck(1).iter().all(|&c| counted[usize::from(c)] == 2), "every card twice");
    let deck = fresh_deck(2);
    let mut state = State::new(Arc::new(clock), &deck, String::new());
    state.board.piles = piles;
    state
}

/// The plain search's answer at the position of `state` (without `wrap_marriage`, CLK-4,
/// or with it), within `max_nodes`.
fn plain_outcome(state: &State, wrap: bool, max_nodes: u64) -> Outcome {
    let mut plain = State::new(Arc::new(Plain(Clock::new(wrap, true))), &fresh_deck(2), String::new());
    plain.board.piles = state.board.piles.clone();
    solve(&mut plain, Budget { max_nodes, max_seconds: 60.0, max_table_bytes: 1 << 28 }).outcome
}

/// `drawn` on the talon (first drawn at the bottom); every hour complete but V (at its
/// base TC) and IX (at its base 2C); the clubs those two still need, one per packet, the
/// stock spent. 2C belongs to hour V alone and 6C to hour IX alone (the other copies are
/// IX's and I's bases); the talon's 4C may take V's place 7 or IX's place 2, and so may
/// the packets' 4C.
fn talon_of_clubs(drawn: [&str; 3]) -> State {
    let singles = ["JC", "QC", "KC", "AC", "3C", "3C", "4C", "5C", "5C", "7C", "8C", "9C"];
    let packets: Vec<&[&str]> = singles.iter().map(std::slice::from_ref).collect();
    position(&[(V, "TC"), (IX, "2C")], &packets, &drawn, &[])
}

/// Talon 2C, 4C, 6C (6C on top): 6C needs IX's 4C before it, so the packets' 4C goes
/// there and the talon's 4C to V, after the 2C under it. The relaxation, letting the
/// packets' 4C serve both hours, misses it; the copies' places do not (CLK-2, CLK-6).
#[test]
fn clk2_two_copies_cannot_both_serve_one_hour_under_the_talon_order() {
    let clock = Clock::new(false, true);
    let state = talon_of_clubs(["2C", "4C", "6C"]);
    let piles = &state.board.piles;
    let (walls, tops) = clock.walls(piles);
    assert!(!clock.relaxation_stalls(piles, &walls, &tops, None));
    assert!(bound_places(&clock, piles, &walls).is_none());
    assert!(clock.dead_end(&state.board));
    assert_eq!(plain_outcome(&state, false, 1_000_000), Outcome::Lost);
}

/// The other orders of the same talon leave each copy a place its wall allows: no claim,
/// and every one of them is won.
#[test]
fn clk2_talon_orders_some_choice_of_places_allows_are_not_claimed() {
    let clock = Clock::new(false, true);
    for drawn in [["6C", "4C", "2C"], ["4C", "2C", "6C"], ["2C", "6C", "4C"]] {
        let state = talon_of_clubs(drawn);
        let (walls, _) = clock.walls(&state.board.piles);
        assert!(bound_places(&clock, &state.board.piles, &walls).is_some(), "{drawn:?}");
        assert!(!clock.dead_end(&state.board), "{drawn:?}");
        assert_eq!(plain_outcome(&state, false, 1_000_000), Outcome::Won, "{drawn:?}");
    }
}

/// The copies' places are asked at the start and right after a draw only: the draw that
/// lays 6C is cut at once; a play from a packet to an hour after it leaves a position as
/// lost, and it is not asked there.
#[test]
fn clk6_copies_asked_only_right_after_a_draw() {
    let clock = Clock::new(false, true);
    let mut packets: Vec<&[&str]> = vec![&["JC"], &["KC"], &["AC"], &["3C"], &["3C"], &["4C"]];
    packets.extend([&["5C"][..], &["5C"], &["7C"], &["8C"], &["9C", "QC"]]);
    let mut state = position(&[(V, "TC"), (IX, "2C")], &packets, &["2C", "4C"], &["6C"]);
    assert!(!clock.dead_end(&state.board));
    state.push(Move::action(DRAW)); // unchecked: the short packets would ask for a fill first
    assert!(clock.dead_end(&state.board));
    state.push(Move::card(PACKET0, HOUR0 + V, 0, false)); // JC to hour V
    let piles = &state.board.piles;
    let (walls, tops) = clock.walls(piles);
    assert!(!clock.relaxation_stalls(piles, &walls, &tops, None));
    assert!(bound_places(&clock, piles, &walls).is_none());
    assert!(!clock.dead_end(&state.board));
}

/// `drawn` on the talon; every hour complete but V (at 3C) and IX (at its base 2C), a
/// 5C married onto the last 6C (hour I's base is the first), stuck there (CLK-4: both
/// 6Cs are out of reach) and the clubs IX still needs one per packet. Off the hours: both
/// 4Cs and both 5Cs (IX's places 2 and 3, or V's 7 and 8), and 3C, 6C, 7C, 8C, 9C for IX
/// alone.
fn five_over_six(drawn: [&str; 3]) -> State {
    let packets: [&[&str]; 5] = [&["6C", "5C"], &["3C"], &["4C"], &["8C"], &["9C"]];
    position(&[(V, "3C"), (IX, "2C")], &packets, &drawn, &[])
}

/// Talon 4C, 7C, 5C (5C on top), a packet 6C under the married 5C. 7C over the talon's
/// 4C sends that 4C to V (the other 4C to IX), so the talon's 5C goes to IX and the
/// packet's 5C to V, after the talon's 4C, under 7C, which waits for the 6C under that
/// 5C. Every copy has a place its own wall allows, and the relaxation lets the other 4C
/// serve V too; with the three places bound to their copies it stalls (CLK-2, CLK-4).
#[test]
fn clk4_a_copy_bound_to_its_place_walls_in_what_the_relaxation_frees() {
    let clock = Clock::new(false, true);
    let state = five_over_six(["4C", "7C", "5C"]);
    let piles = &state.board.piles;
    let (walls, tops) = clock.walls(piles);
    assert_eq!((walls.len, walls.walls[0].0, walls.walls[1].0), (2, TALON, PACKET0));
    assert!(!clock.relaxation_stalls(piles, &walls, &tops, None));
    let bound = bound_places(&clock, piles, &walls).expect("a choice of places");
    assert_eq!(bound.place_of(0, 0), Some((HOUR0 + V, 7))); // the talon's 4C
    assert_eq!(bound.place_of(0, 2), Some((HOUR0 + IX, 3))); // the talon's 5C
    assert_eq!(bound.place_of(1, 1), Some((HOUR0 + V, 8))); // the packet's 5C
    assert_eq!((bound.place_of(0, 1), bound.place_of(1, 0)), (None, None)); // one place each
    assert!(clock.relaxation_stalls(piles, &walls, &tops, Some(&bound)));
    assert!(clock.dead_end(&state.board));
    assert_eq!(plain_outcome(&state, false, 1_000_000), Outcome::Lost);
}

#[test]
fn clk4_bound_copies_in_a_winnable_order_are_not_claimed() {
    let clock = Clock::new(false, true);
    let state = five_over_six(["7C", "4C", "5C"]);
    let piles = &state.board.piles;
    let (walls, tops) = clock.walls(piles);
    let bound = bound_places(&clock, piles, &walls).expect("a choice of places");
    assert!(!clock.relaxation_stalls(piles, &walls, &tops, Some(&bound)));
    assert!(!clock.dead_end(&state.board));
    assert_eq!(plain_outcome(&state, false, 1_000_000), Outcome::Won);
}

/// Random lines (hour plays four times in five) of deals 1-2000, each option set: the
/// first position right after a draw, with at most `STOCK_LEFT` cards in the stock, that
/// the copies' places cut and the relaxation lets through goes to the plain search, which
/// never wins it and proves a few of them lost within its budget (most take longer).
#[test]
fn copies_cut_no_position_the_plain_search_wins() {
    use crate::deals::{chance_source, deal_order, SplitMix64};
    const STOCK_LEFT: usize = 6;
    let mut rng = SplitMix64::new(11);
    for wrap in [false, true] {
        let clock = Clock::new(wrap, true);
        let (mut proved, mut open) = (0, 0);
        for deal in 1..=2000 {
            let deck = deal_order(deal, 2);
            let mut state =
                State::new(Arc::new(Clock::new(wrap, true)), &deck, chance_source(Some(deal), &deck));
            loop {
                let legal = state.legal_raw().to_vec();
                if legal.is_empty() {
                    break;
                }
                let plays: Vec<Move> =
                    legal.iter().copied().filter(|m| !m.is_action() && m.dst < PACKET0).collect();
                let mv = if !plays.is_empty() && rng.below(5) > 0 {
                    plays[rng.below(plays.len() as u64) as usize]
                } else {
                    legal[rng.below(legal.len() as u64) as usize]
                };
                state.play_raw(mv);
                let piles = &state.board.piles;
                if mv != Move::action(DRAW) || piles[STOCK].len() > STOCK_LEFT {
                    continue;
                }
                let (walls, tops) = clock.walls(piles);
                if walls.len == 0
                    || clock.relaxation_stalls(piles, &walls, &tops, None)
                    || !clock.dead_end(&state.board)
                {
                    continue;
                }
                match plain_outcome(&state, wrap, 200_000) {
                    Outcome::Won => panic!("deal {deal}, wrap {wrap}: a won position cut"),
                    Outcome::Lost => proved += 1,
                    Outcome::Unknown => open += 1,
                }
                break;
            }
        }
        assert!(proved >= 3, "wrap {wrap}: {proved} proved lost, {open} open");
    }
}

/// Hour IX at its base 2C, every other hour complete; 3C on packet1 over 5C, 4C on
/// packet2 over 8C, the other clubs IX needs in the stock (or, with `spent`, one per
/// packet from packet3 on): 3C may go to IX or marry onto 4C.
fn three_onto_four(strict: bool, spent: bool) -> State {
    let mut packets: Vec<&[&str]> = vec![&["5C", "3C"], &["8C", "4C"]];
    let rest = ["6C", "7C", "9C"];
    if spent {
        packets.extend(rest.iter().map(std::slice::from_ref));
    }
    let stock: &[&str] = if spent { &[] } else { &rest };
    position_in(Clock::new(false, strict), &[(IX, "2C")], &packets, &[], stock)
}

const THREE_TO_IX: Move = Move { src: PACKET0, dst: HOUR0 + IX, index: 1, reversible: false };
const THREE_ONTO_FOUR: Move = Move { src: PACKET0, dst: PACKET0 + 1, index: 1, reversible: true };
const THREE_FROM_FOUR_TO_IX: Move = Move { src: PACKET0 + 1, dst: HOUR0 + IX, index: 2, reversible: false };

fn legal(state: &mut State) -> Vec<Move> {
    state.legal_raw().to_vec()
}

/// CLK-5, strict phases: the play and the marriage are both open at first (no play is
/// forced before a marriage); after the marriage, while `fill` is legal, the married 3C
/// may not go to IX until the fill, which starts the next round.
#[test]
fn clk5_strict_a_marriage_holds_packet_plays_until_the_fill() {
    let mut state = three_onto_four(true, false);
    assert!(legal(&mut state).contains(&THREE_TO_IX));
    assert!(legal(&mut state).contains(&THREE_ONTO_FOUR));
    state.play_raw(THREE_ONTO_FOUR);
    assert_eq!(state.board.vars[MARRIED], 1);
    assert_eq!(legal(&mut state), vec![Move::action(FILL)]);
    state.play_raw(Move::action(FILL));
    assert_eq!(state.board.vars[MARRIED], 0);
    assert!(legal(&mut state).contains(&THREE_FROM_FOUR_TO_IX));
}

/// CLK-5: undoing the marriage restores the phase and the play it held back.
#[test]
fn clk5_strict_undo_restores_the_phase() {
    let mut state = three_onto_four(true, false);
    let before = state.board.key();
    state.play_raw(THREE_ONTO_FOUR);
    assert_ne!(state.board.key(), before); // the phase is part of the key
    state.pop();
    assert_eq!(state.board.vars[MARRIED], 0);
    assert_eq!(state.board.key(), before);
    assert!(legal(&mut state).contains(&THREE_TO_IX));
}

/// CLK-5, strict phases: the talon's top card waits for the fill too.
#[test]
fn clk5_strict_a_marriage_holds_talon_plays_until_the_fill() {
    let packets: [&[&str]; 2] = [&["9C", "4C"], &["8C", "5C"]];
    let clock = Clock::new(false, true);
    let mut state = position_in(clock, &[(IX, "2C")], &packets, &["3C"], &["6C", "7C"]);
    let talon_play = Move::card(TALON, HOUR0 + IX, 0, false);
    assert!(legal(&mut state).contains(&talon_play));
    state.play_raw(Move::card(PACKET0, PACKET0 + 1, 1, true)); // 4C onto 5C
    assert!(!legal(&mut state).contains(&talon_play));
    state.play_raw(Move::action(FILL));
    assert!(legal(&mut state).contains(&talon_play));
}

/// CLK-5: once the stock is spent `fill` is never legal again, so a marriage holds
/// nothing back.
#[test]
fn clk5_strict_plays_follow_a_marriage_once_the_stock_is_spent() {
    let mut state = three_onto_four(true, true);
    state.play_raw(THREE_ONTO_FOUR);
    assert!(legal(&mut state).contains(&THREE_FROM_FOUR_TO_IX));
}

/// CLK-5, `phases = "free"`: plays and marriages mix before the refill, and no phase is
/// kept.
#[test]
fn clk5_free_plays_follow_a_marriage_before_the_fill() {
    let mut state = three_onto_four(false, false);
    state.play_raw(THREE_ONTO_FOUR);
    assert_eq!(state.board.vars[MARRIED], 0);
    assert!(legal(&mut state).contains(&THREE_FROM_FOUR_TO_IX));
}

const III: usize = 2; // hour III, base 8S: 9S TS JS QS KS AS 2S 3S

/// Hour III at its base 8S, every other hour complete; the spades it needs in packets,
/// the AS at the top of packet1 and the KS at the top of packet2.
fn king_and_ace(wrap: bool) -> State {
    let packets: [&[&str]; 6] = [&["9S", "AS"], &["TS", "KS"], &["JS"], &["QS"], &["2S"], &["3S"]];
    position_in(Clock::new(wrap, true), &[(III, "8S")], &packets, &[], &[])
}

/// CLK-4: a king is laid on an ace only with `wrap_marriage`, a marriage (reversible,
/// for the repetition rule) like any other.
#[test]
fn clk4_a_king_marries_onto_an_ace_only_with_wrap_marriage() {
    use crate::games::testing::{is_legal, pile, play};

    let mut plain = king_and_ace(false);
    assert!(is_legal(&mut plain, "QS:packet4>packet2")); // the rule itself holds
    assert!(!is_legal(&mut plain, "KS:packet2>packet1"));
    let mut wrapping = king_and_ace(true);
    let married = play(&mut wrapping, "KS:packet2>packet1");
    assert!(married.reversible);
    assert_eq!(pile(&wrapping, "packet1"), ["9S", "AS", "KS"]);
}
