//! Star (`patience.games.star`): a clock face of four bases and four cells
//! round a reserve; and what the solver knows of it (`patience.solver.star`).

use std::sync::Arc;

use crate::cards::{rank, suit, Card};
use crate::engine::{Board, Kind, Move, OptValue, Options, Pile, Place, Rules, State, Value};
use crate::hash::spread;

const BASES: [&str; 4] = ["base-12", "base-6", "base-3", "base-9"]; // STR-2: order of new suits
const CELLS: [&str; 4] = ["cell-1", "cell-4", "cell-7", "cell-10"];
const CELL0: usize = 4;
const RESERVE: usize = 8;
const STOCK: usize = 9;
const REDEALS: i32 = 2; // STR-7: three rounds

const DRAW: usize = 0;
const REDEAL: usize = 1;
// a base's direction (STR-3), stored as vars[base]
const UNSET: i32 = 0;
const UP: i32 = 1;
const DOWN: i32 = 2;
// vars: directions of the four bases, redeals made, base pile of each suit S H D C
const ROUNDS_DONE: usize = 4;
const BASE_OF_SUIT: usize = 5;

/// A cell play is tried after the draw when the card that would refill the cell is more
/// than this many steps from its base's next card (`patience.solver.star.HOLD_BEYOND`).
const HOLD_BEYOND: i32 = 4;

pub struct Star {
    layout: Vec<Pile>,
    first_fit: bool,
}

/// Star with `options` (`direction`: `"first-fit"` or `"free"`), or why not.
pub fn build(options: &Options) -> Result<Arc<dyn Rules>, String> {
    let mut first_fit = None;
    for (name, value) in options {
        match (name.as_str(), value) {
            ("direction", OptValue::Str(v)) if v == "first-fit" => first_fit = Some(true),
            ("direction", OptValue::Str(v)) if v == "free" => first_fit = Some(false),
            _ => return Err(format!("star: option {name} = {value:?} is not supported")),
        }
    }
    let first_fit = first_fit.ok_or("star: option direction missing")?;
    let mut layout: Vec<Pile> = BASES.iter().map(|b| Pile::new(b, Kind::Foundation, 13)).collect();
    layout.extend(CELLS.iter().map(|c| Pile::new(c, Kind::Cell, 0)));
    layout.push(Pile::new("reserve", Kind::Reserve, 0));
    layout.push(Pile::new("stock", Kind::Stock, 0));
    Ok(Arc::new(Star { layout, first_fit }))
}

/// The rank after `top` going up, with wrap (STR-3).
fn above(top: u8) -> u8 {
    top % 13 + 1
}

/// The rank after `top` going down, with wrap.
fn below(top: u8) -> u8 {
    (top + 11) % 13 + 1
}

fn var(board: &Board, i: usize) -> i32 {
    board.vars[i]
}

/// The cells' cards, sorted, then zeros, and how many there are: the cells are
/// interchangeable, so both position keys read them in this one order.
fn sorted_cells(board: &Board) -> ([u8; 4], usize) {
    let mut cells = [0u8; 4];
    let mut held = 0;
    for cell in &board.piles[CELL0..CELL0 + 4] {
        if let Some(&card) = cell.last() {
            cells[held] = card;
            held += 1;
        }
    }
    cells[..held].sort_unstable();
    (cells, held)
}

fn base_of(board: &Board, card: Card) -> usize {
    board.vars[BASE_OF_SUIT + usize::from(suit(card))] as usize
}

impl Rules for Star {
    fn game_id(&self) -> &'static str {
        "star"
    }

    fn layout(&self) -> &[Pile] {
        &self.layout
    }

    fn actions(&self) -> &'static [&'static str] {
        &["draw", "redeal"]
    }

    fn var_count(&self) -> usize {
        9
    }

    /// STR-2: bases by first appearance of each suit, the others to the reserve.
    fn setup(&self, board: &mut Board, deck: &[Card]) {
        let mut cards = deck.iter().copied();
        let mut found = 0;
        for card in cards.by_ref() {
            let s = suit(card);
            if (0..found).any(|b| suit(board.piles[b][0]) == s) {
                board.piles[RESERVE].push(card);
                continue;
            }
            board.piles[found].push(card);
            board.vars[BASE_OF_SUIT + usize::from(s)] = found as i32;
            found += 1;
            if found == 4 {
                break;
            }
        }
        for cell in CELL0..CELL0 + 4 {
            if let Some(card) = cards.next() {
                board.piles[cell].push(card);
            }
        }
        let mut stock: Vec<Card> = cards.collect();
        stock.reverse();
        board.piles[STOCK] = stock;
    }

    fn generate(&self, board: &Board, out: &mut Vec<Move>) {
        let piles = &board.piles;
        // plays that fix a base's direction (STR-3), at most one per source
        let (mut setting, mut set) = ([Move::action(DRAW); 5], 0);
        for src in [CELL0, CELL0 + 1, CELL0 + 2, CELL0 + 3, RESERVE] {
            // STR-4
            let Some(&card) = piles[src].last() else {
                continue;
            };
            let base = base_of(board, card);
            let found = &piles[base];
            if found.len() == 13 {
                continue;
            }
            let r = rank(card);
            let mv = Move::card(src, base, piles[src].len() - 1, false);
            match var(board, base) {
                UNSET => {
                    let start = rank(found[0]);
                    if r == above(start) || r == below(start) {
                        setting[set] = mv;
                        set += 1;
                    }
                }
                direction => {
                    let top = rank(found[found.len() - 1]);
                    let wanted = if direction == UP { above(top) } else { below(top) };
                    if r == wanted {
                        out.push(mv);
                    }
                }
            }
        }
        if set > 0 && self.first_fit {
            out.clear();
            out.extend_from_slice(&setting[..set]);
            return;
        }
        out.extend_from_slice(&setting[..set]);
        if !piles[STOCK].is_empty() {
            out.push(Move::action(DRAW));
        } else if !piles[RESERVE].is_empty() && var(board, ROUNDS_DONE) < REDEALS {
            out.push(Move::action(REDEAL));
        }
    }

    fn apply(&self, board: &mut Board, mv: Move) {
        if mv.is_action() {
            if mv.dst == DRAW {
                board.move_top(STOCK, RESERVE, 1); // STR-6
            } else {
                // STR-7: the reserve turned over, its first card on top
                let mut stock = board.piles[RESERVE].clone();
                stock.reverse();
                board.replace(STOCK, stock);
                board.replace(RESERVE, Vec::new());
                board.set_var(ROUNDS_DONE, var(board, ROUNDS_DONE) + 1);
                for cell in CELL0..CELL0 + 4 {
                    // STR-5: refill in cell order
                    if board.piles[cell].is_empty() && !board.piles[STOCK].is_empty() {
                        board.move_top(STOCK, cell, 1);
                    }
                }
            }
            return;
        }
        let (src, dst) = (mv.src, mv.dst);
        if var(board, dst) == UNSET {
            // STR-3: the first card played fixes the direction
            let start = rank(board.piles[dst][0]);
            let card = *board.piles[src].last().expect("a card to play");
            board.set_var(dst, if rank(card) == above(start) { UP } else { DOWN });
        }
        board.move_top(src, dst, 1);
        if src != RESERVE && !board.piles[STOCK].is_empty() {
            board.move_top(STOCK, src, 1); // STR-5: a cell is refilled at once
        }
    }

    /// `StarRules.unseen`: the stock in round 1; after a redeal it is the reserve turned
    /// over (STR-7), whose cards and order the player saw, so nothing is unseen.
    fn unseen(&self, state: &State) -> Vec<Vec<Place>> {
        let stock = &state.board.piles[STOCK];
        if var(&state.board, ROUNDS_DONE) > 0 || stock.is_empty() {
            return Vec::new();
        }
        vec![(0..stock.len()).map(|k| (STOCK, k)).collect()]
    }

    /// STR-8: all 52 cards on the four foundations.
    fn is_won(&self, board: &Board) -> bool {
        (0..4).map(|b| board.piles[b].len()).sum::<usize>() == 52
    }

    fn counters(&self, board: &Board) -> Vec<(String, Value)> {
        let name = |d: i32| match d {
            UP => Value::Str("up".into()),
            DOWN => Value::Str("down".into()),
            _ => Value::None,
        };
        let directions =
            BASES.iter().enumerate().map(|(i, b)| (b.to_string(), name(board.vars[i]))).collect();
        vec![
            ("directions".into(), Value::Map(directions)),
            ("round".into(), Value::Int(i64::from(var(board, ROUNDS_DONE)) + 1)),
        ]
    }

    /// `StarRules.solver_key`: foundation counts, the reserve's length, the cell cards as a
    /// set, the directions and redeals. The cells are interchangeable, and reserve plus
    /// stock keep one order for a whole search (the Python docstring argues it).
    fn solver_key(&self, board: &Board, out: &mut Vec<u8>) {
        let piles = &board.piles;
        let (cells, held) = sorted_cells(board);
        out.extend((0..4).map(|b| piles[b].len() as u8));
        out.push(piles[RESERVE].len() as u8);
        out.push(held as u8);
        out.extend_from_slice(&cells[..held]);
        out.extend(board.vars[..BASE_OF_SUIT].iter().map(|&v| v as u8));
    }

    /// `solver_key`'s fields packed exactly into 59 bits, each field of fixed width:
    /// four foundation counts (4 bits each, at most 13), the reserve's length (6 bits, at
    /// most 52), the number of cell cards (3 bits), four places for the cell cards,
    /// sorted, then zeros (6 bits each; a card's code is never 0), the four directions
    /// (2 bits) and the redeals (2 bits).
    fn table_key(&self, board: &Board, _scratch: &mut Vec<u8>) -> u128 {
        let piles = &board.piles;
        let (cells, held) = sorted_cells(board);
        let mut key = 0u64;
        for base in &piles[..4] {
            key = key << 4 | base.len() as u64;
        }
        key = key << 6 | piles[RESERVE].len() as u64;
        key = key << 3 | held as u64;
        for card in cells {
            key = key << 6 | u64::from(card);
        }
        for &v in &board.vars[..BASE_OF_SUIT] {
            key = key << 2 | v as u64;
        }
        spread(key)
    }

    /// `star_safe_move`: in the last round, the one card its base can still take, with no
    /// refill to follow (`patience.solver.star` argues it).
    fn safe_move(&self, board: &Board, legal: &[Move]) -> Option<Move> {
        let piles = &board.piles;
        if var(board, ROUNDS_DONE) < REDEALS {
            return None;
        }
        let stock_empty = piles[STOCK].is_empty();
        let mut blocked: Option<[i32; 4]> = None;
        for &mv in legal {
            if mv.is_action() || !(mv.src == RESERVE || stock_empty) {
                continue;
            }
            let card = *piles[mv.src].last().expect("a card to play");
            if var(board, mv.dst) == UNSET {
                let blocked = *blocked.get_or_insert_with(|| blocked_ways(board));
                let start = rank(piles[mv.dst][0]);
                let way = if rank(card) == above(start) { UP } else { DOWN };
                if blocked[usize::from(suit(card))] & (UP | DOWN) & !way != 0 {
                    return Some(mv);
                }
                continue;
            }
            let reserve = &piles[RESERVE];
            if self.first_fit
                && mv.src == RESERVE
                && reserve.len() > 1
                && sets_direction(board, reserve[reserve.len() - 2])
            {
                continue;
            }
            return Some(mv);
        }
        None
    }

    /// `star_dead_end`: in the last round, a suit whose every possible direction is
    /// blocked by two of its cards lying in the reserve in the wrong order.
    fn dead_end(&self, board: &Board) -> bool {
        if var(board, ROUNDS_DONE) < REDEALS || board.piles[RESERVE].len() < 2 {
            return false;
        }
        let blocked = blocked_ways(board);
        (0..4).any(|s| blocked[s] != 0 && possible_ways(board, s) & !blocked[s] == 0)
    }

    /// `star_order`: the generated order, but while the stock's top card (which a cell
    /// play brings into the cell) is far from wanted, the cell plays come after the draw.
    fn order(&self, board: &Board, legal: &mut Vec<Move>) {
        let piles = &board.piles;
        let is_cell = |m: &Move| (CELL0..CELL0 + 4).contains(&m.src);
        let Some(&card) = piles[STOCK].last() else {
            return;
        };
        if legal.last().is_none_or(|m| !m.is_action()) || !legal.iter().any(is_cell) {
            return;
        }
        let base = base_of(board, card);
        let found = &piles[base];
        let steps = steps_to(rank(found[0]), rank(found[found.len() - 1]), var(board, base), rank(card));
        if steps <= HOLD_BEYOND {
            return;
        }
        legal.sort_by_key(is_cell); // stable: the others, then the cell plays, each in order
    }
}

/// Per suit, the directions (bits UP and DOWN) that a later card lying above an earlier
/// one in the reserve has made impossible; meaningful in the last round.
fn blocked_ways(board: &Board) -> [i32; 4] {
    let piles = &board.piles;
    let mut blocked = [0; 4];
    let mut lowest = [99i32; 12]; // per suit and direction (suit * 3 + way)
    for &card in &piles[RESERVE] {
        let s = usize::from(suit(card));
        let start = i32::from(rank(piles[base_of(board, card)][0]));
        let r = i32::from(rank(card));
        for (way, step) in [(UP, r - start), (DOWN, start - r)] {
            let place = step.rem_euclid(13);
            let slot = s * 3 + way as usize;
            if place > lowest[slot] {
                blocked[s] |= way;
            } else {
                lowest[slot] = place;
            }
        }
    }
    blocked
}

/// The directions (bits) a suit may still take: its set one, or both (STR-3).
fn possible_ways(board: &Board, s: usize) -> i32 {
    let direction = board.vars[board.vars[BASE_OF_SUIT + s] as usize];
    if direction == UNSET {
        UP | DOWN
    } else {
        direction
    }
}

/// Whether `card` would fix its base's direction if played now (STR-3).
fn sets_direction(board: &Board, card: Card) -> bool {
    let base = base_of(board, card);
    if board.vars[base] != UNSET {
        return false;
    }
    let start = rank(board.piles[base][0]);
    rank(card) == above(start) || rank(card) == below(start)
}

/// How many cards a base still takes before a card of `r` of its suit, counting that
/// card; while the direction is unset, the nearer way (STR-3).
fn steps_to(start: u8, top: u8, direction: i32, r: u8) -> i32 {
    let (start, top, r) = (i32::from(start), i32::from(top), i32::from(r));
    match direction {
        UP => (r - top).rem_euclid(13),
        DOWN => (top - r).rem_euclid(13),
        _ => (r - start).rem_euclid(13).min((start - r).rem_euclid(13)),
    }
}

#[cfg(test)]
mod tests {
    //! Star's rules on hand-made decks, as `tests/games/test_star.py` plays them.

    use crate::games::testing::{hand_made, is_legal, pile, play};

    const FIRST_FIT: &[(&str, &str)] = &[("direction", "first-fit")];
    const FREE: &[(&str, &str)] = &[("direction", "free")];

    /// STR-3: a base set going up (QS, then KS) goes round the corner, the AS after the
    /// KS, and on up.
    #[test]
    fn str3_a_rising_base_goes_on_from_king_to_ace() {
        let mut state = hand_made("star", FIRST_FIT, &["QS", "AH", "2D", "3C", "KS", "AS", "2S", "9H"]);
        play(&mut state, "KS:cell-1>base-12");
        assert!(is_legal(&mut state, "AS:cell-4>base-12"));
        play(&mut state, "AS:cell-4>base-12");
        play(&mut state, "2S:cell-7>base-12");
        assert_eq!(pile(&state, "base-12"), ["QS", "KS", "AS", "2S"]);
    }

    /// STR-3: a base set going down (2S, then AS) goes on with the KS.
    #[test]
    fn str3_a_falling_base_goes_on_from_ace_to_king() {
        let mut state = hand_made("star", FIRST_FIT, &["2S", "AH", "2D", "3C", "AS", "KS", "QS", "9H"]);
        play(&mut state, "AS:cell-1>base-12");
        assert!(is_legal(&mut state, "KS:cell-4>base-12"));
        play(&mut state, "KS:cell-4>base-12");
        play(&mut state, "QS:cell-7>base-12");
        assert_eq!(pile(&state, "base-12"), ["2S", "AS", "KS", "QS"]);
    }

    /// STR-6, STR-7: the stock drawn out onto the reserve, `redeal` turns the reserve
    /// over (its first card on top), twice and no more: three rounds.
    #[test]
    fn str7_exactly_two_redeals_each_turning_the_reserve_over() {
        let mut state = hand_made("star", FREE, &["5D", "AH", "KS", "2C", "9H", "8H", "7H", "6H"]);
        for round in 1..=3 {
            while is_legal(&mut state, "draw") {
                play(&mut state, "draw");
            }
            assert!(pile(&state, "stock").is_empty());
            let mut reserve = pile(&state, "reserve");
            assert_eq!(reserve.len(), 52 - 8, "round {round}"); // four bases, four cells
            if round < 3 {
                play(&mut state, "redeal");
                reserve.reverse();
                assert_eq!(pile(&state, "stock"), reserve, "round {round}");
                assert!(pile(&state, "reserve").is_empty());
            }
        }
        assert!(!is_legal(&mut state, "redeal"));
        assert!(state.legal_raw().is_empty());
        assert_eq!(state.status(), "lost"); // STR-8
    }

    /// STR-5, STR-7: cells played while the stock is empty wait for the redeal, then are
    /// filled from the new stock in cell order.
    #[test]
    fn str5_str7_empty_cells_are_filled_in_cell_order_at_the_redeal() {
        let mut state = hand_made("star", FREE, &["AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C"]);
        while is_legal(&mut state, "draw") {
            play(&mut state, "draw");
        }
        play(&mut state, "2S:cell-1>base-12");
        play(&mut state, "2D:cell-7>base-3");
        assert!(pile(&state, "cell-1").is_empty() && pile(&state, "cell-7").is_empty());
        let reserve = pile(&state, "reserve");
        play(&mut state, "redeal");
        assert_eq!(pile(&state, "cell-1"), [reserve[0].clone()]);
        assert_eq!(pile(&state, "cell-7"), [reserve[1].clone()]);
        let stock: Vec<String> = reserve[2..].iter().rev().cloned().collect();
        assert_eq!(pile(&state, "stock"), stock);
    }
}
