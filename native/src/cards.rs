//! Cards as small ints inside, two-character codes at the edges, as `patience.cards`:
//! a card is `rank << 2 | suit`, rank 1 (ace) to 13 (king), suit 0-3 for S H D C.

pub type Card = u8;

pub const RANK_CHARS: &[u8; 13] = b"A23456789TJQK";
pub const SUIT_CHARS: &[u8; 4] = b"SHDC";

pub fn rank(card: Card) -> u8 {
    card >> 2
}

pub fn suit(card: Card) -> u8 {
    card & 3
}

pub fn make(rank: u8, suit: u8) -> Card {
    rank << 2 | suit
}

/// The code of a card, `"QS"`.
pub fn code(card: Card) -> String {
    let r = RANK_CHARS[usize::from(rank(card)) - 1];
    let s = SUIT_CHARS[usize::from(suit(card))];
    String::from_utf8(vec![r, s]).expect("card codes are ASCII")
}

/// The card of a code, or None for anything that is not one.
pub fn parse(text: &str) -> Option<Card> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let r = RANK_CHARS.iter().position(|&c| c == bytes[0])?;
    let s = SUIT_CHARS.iter().position(|&c| c == bytes[1])?;
    Some(make(r as u8 + 1, s as u8))
}

/// The unshuffled order: each deck S, H, D, C, each suit ace to king (docs/deals.md).
pub fn fresh_deck(decks: usize) -> Vec<Card> {
    let one: Vec<Card> = (0..4).flat_map(|s| (1..=13).map(move |r| make(r, s))).collect();
    one.iter().copied().cycle().take(52 * decks).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for card in fresh_deck(1) {
            assert_eq!(parse(&code(card)), Some(card));
        }
        assert_eq!(code(make(12, 0)), "QS");
        assert_eq!(code(make(10, 1)), "TH");
        assert_eq!(parse("1S"), None);
        assert_eq!(parse("QSS"), None);
    }

    #[test]
    fn fresh_deck_order() {
        let deck = fresh_deck(2);
        assert_eq!(deck.len(), 104);
        assert_eq!(code(deck[0]), "AS");
        assert_eq!(code(deck[13]), "AH");
        assert_eq!(code(deck[51]), "KC");
        assert_eq!(deck[52], deck[0]);
    }
}
