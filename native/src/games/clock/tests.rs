//! Clock's dead end on hand-made positions (RULES.md §5): where the copies' places cut
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
        0
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
    let clock = Clock::new(false);
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
    let mut plain = State::new(Arc::new(Plain(Clock::new(wrap))), &fresh_deck(2), String::new());
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
    let clock = Clock::new(false);
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
    let clock = Clock::new(false);
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
    let clock = Clock::new(false);
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
    let clock = Clock::new(false);
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
    let clock = Clock::new(false);
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
        let clock = Clock::new(wrap);
        let (mut proved, mut open) = (0, 0);
        for deal in 1..=2000 {
            let deck = deal_order(deal, 2);
            let mut state = State::new(Arc::new(Clock::new(wrap)), &deck, chance_source(Some(deal), &deck));
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
