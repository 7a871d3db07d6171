//! Hand-made games for the games' own tests, read as `tests/games/test_*.py` reads them:
//! a deck named by its first cards (`tests/decks.py`'s `stack`), moves by their text
//! (`6H:col2>col1`, `AS:ray1[0]>ace-S`, an action by its name).

use crate::cards::{code, fresh_deck, parse, rank, suit, Card};
use crate::deals::{chance_source, deal_order};
use crate::engine::{Move, OptValue, Options, State};
use crate::games;

/// Options from names and values, `"true"` and `"false"` read as booleans.
pub fn options(pairs: &[(&str, &str)]) -> Options {
    let value = |v: &str| match v {
        "true" => OptValue::Bool(true),
        "false" => OptValue::Bool(false),
        _ => OptValue::Str(v.to_string()),
    };
    pairs.iter().map(|&(name, v)| (name.to_string(), value(v))).collect()
}

/// A deck order of `decks` packs: `first` dealt first, every other card after them in
/// fresh order (S, H, D, C; ace to king; a card's copies together).
pub fn stack(first: &[&str], decks: usize) -> Vec<Card> {
    let mut deck: Vec<Card> = first.iter().map(|c| parse(c).expect("a card code")).collect();
    let mut rest = fresh_deck(decks);
    rest.sort_by_key(|&c| (suit(c), rank(c)));
    for card in &deck {
        let at = rest.iter().position(|c| c == card).expect("no more copies than the packs hold");
        rest.remove(at);
    }
    deck.extend(rest);
    deck
}

/// A game of `game` with every option given, laid out from `stack(first, ..)`.
pub fn hand_made(game: &str, given: &[(&str, &str)], first: &[&str]) -> State {
    let (rules, decks) = games::rules(game, &options(given)).expect("a native game");
    let deck = stack(first, decks);
    State::new(rules, &deck, chance_source(None, &deck))
}

/// A game of `game` from deal number `deal`.
pub fn dealt(game: &str, given: &[(&str, &str)], deal: u64) -> State {
    let (rules, decks) = games::rules(game, &options(given)).expect("a native game");
    let deck = deal_order(deal, decks);
    State::new(rules, &deck, chance_source(Some(deal), &deck))
}

/// The text of a raw move in this position (before it is played), as the Python `Move`
/// writes it, with the card's index always shown.
pub fn text(state: &State, mv: Move) -> String {
    let rules = &state.rules;
    if mv.is_action() {
        return rules.actions()[mv.dst].to_string();
    }
    let layout = rules.layout();
    let card = code(state.board.piles[mv.src][mv.index]);
    format!("{card}:{}[{}]>{}", layout[mv.src].id, mv.index, layout[mv.dst].id)
}

/// The legal moves' texts (`text`).
pub fn legal(state: &mut State) -> Vec<String> {
    let moves = state.legal_raw().to_vec();
    moves.into_iter().map(|mv| text(state, mv)).collect()
}

/// The legal move `wanted` names: an action's name, or `card:src>dst` (the card at the
/// top of `src`) or `card:src[i]>dst`.
pub fn find(state: &mut State, wanted: &str) -> Option<Move> {
    let moves = state.legal_raw().to_vec();
    moves.into_iter().find(|&mv| {
        let full = text(state, mv);
        let top = !mv.is_action() && mv.index + 1 == state.board.piles[mv.src].len();
        full == wanted || (top && full.replace(&format!("[{}]>", mv.index), ">") == wanted)
    })
}

/// Whether the move `wanted` names (`find`) is legal here.
pub fn is_legal(state: &mut State, wanted: &str) -> bool {
    find(state, wanted).is_some()
}

/// Play the move `wanted` names (`find`); a test fails, listing the legal moves, if none.
pub fn play(state: &mut State, wanted: &str) -> Move {
    let Some(mv) = find(state, wanted) else {
        panic!("{wanted} is not legal here; legal: {:?}", legal(state));
    };
    state.play_raw(mv);
    mv
}

/// The cards of pile `id`, bottom first.
pub fn pile(state: &State, id: &str) -> Vec<String> {
    let at = state.rules.layout().iter().position(|p| p.id == id).expect("a pile id");
    state.board.piles[at].iter().map(|&c| code(c)).collect()
}
