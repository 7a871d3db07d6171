//! Blockade's relaxed game (`patience.solver.blockade_relaxed.Relaxed`): cards taken off
//! the columns while the rules could let them leave, rows dealt onto what is left.
//!
//! A card is free when on a foundation or taken off; held cards (stock not yet dealt) are
//! neither. A column's top card may go when every lower rank of its suit has a free copy
//! (two if its other copy is home), or when some copy of its successor in suit is neither
//! held, home nor buried under the top of its own column (BLK-2, BLK-5); with
//! `move_sequences` a same-suit descending run goes off as one when its first card may
//! marry. Every real line maps into it (the Python module argues it), so a card it cannot
//! take off never leaves its column.
//!
//! Taking cards off only frees cards and unburies them, which only lets more cards go, so
//! what `settle` leaves does not depend on the order the columns are looked at in: a
//! column whose top could not go is looked at again only once its suit has changed (its
//! reach rose or a copy of some card of it was unburied).

use super::{ACE, COLUMNS, FOUND0, KING, NEXT};
use crate::cards::{rank, suit, Card};

/// Cards one column may take in the relaxed rows: one a row, and a stock holds at most
/// seven rows (96 cards besides the aces, twelve of them dealt in the first row, BLK-4).
const ROWS: usize = 8;
/// The columns' cards, each column followed by room for its rows: 104 cards at most.
const ROOM: usize = 104 + COLUMNS * ROWS;

const ALL_SUITS: u8 = 0b1111;
/// The card codes (bits) of suit 0's ranks, ace to king (a code is rank * 4 + suit).
const SUIT0_RANKS: u64 = 0x0011_1111_1111_1110;

/// Ranks `1..=r` (bits).
fn ranks_upto(r: u8) -> u16 {
    ((1u16 << r) - 1) << 1
}

/// The codes (bits) of suit `s`'s cards of ranks `low + 1..=high`.
fn ranks_between(s: u8, low: u8, high: u8) -> u64 {
    let upto = |r: u8| (1u64 << (4 * u32::from(r) + 4)) - 1; // the codes of ranks 0..=r
    if high <= low {
        return 0;
    }
    (SUIT0_RANKS & upto(high) & !upto(low)) << s
}

pub(super) struct Relaxed {
    sequences: bool,
    /// Column `col`'s cards, bottom first, are `cards[start[col]..][..tops[col]]`.
    cards: [Card; ROOM],
    start: [usize; COLUMNS],
    /// The number of cards still on each column.
    pub(super) tops: [usize; COLUMNS],
    /// Copies of each card taken off the columns, dealt as aces or released.
    taken: [u8; 64],
    /// Per suit, the heights of its lower and its higher foundation: the ranks up to the
    /// higher one are home.
    low: [u8; 4],
    home: [u8; 4],
    /// Per suit, the ranks (bits) with at least one free copy, and with two.
    ones: [u16; 4],
    twos: [u16; 4],
    buried: [i16; 64],
    reach: [u8; 4],
    reach2: [u8; 4],
    /// Suits (bits) whose changes the columns have not been looked at since.
    dirty: u8,
    /// Per suit, the columns (bits) whose top card is of the suit.
    by_suit: [u16; 4],
    /// The cards (bits by code) that may leave a column's top by their suit's reach: a
    /// function of `home`, `reach` and `reach2`, which only rise.
    reached: u64,
    /// The cards (bits by code) that may leave a column's top by a marriage: some copy
    /// of the next card up is not buried (`buried` below 2).
    marries: u64,
}

impl Relaxed {
    /// The relaxed game of a position: its columns, the foundations' cards free and home,
    /// the stock held (`relaxed_position`).
    pub(super) fn of_position(piles: &[Vec<Card>], sequences: bool) -> Relaxed {
        // per suit, the heights of its two foundations, lower first (0: not started)
        let mut heights = [[0u8; 2]; 4];
        for found in &piles[FOUND0..FOUND0 + 8] {
            if let Some(&ace) = found.first() {
                let pair = &mut heights[usize::from(suit(ace))];
                let height = found.len() as u8;
                if height > pair[1] {
                    *pair = [pair[1], height];
                } else if height > pair[0] {
                    pair[0] = height;
                }
            }
        }
        // every copy not at a column's top is held, home or buried; a king has no
        // successor, so both copies of "rank 14" count as buried
        let mut buried = [2i16; 64];
        let mut by_suit = [0u16; 4];
        let mut marries = 0;
        let mut tops = [0; COLUMNS];
        let mut start = [0; COLUMNS];
        let mut room = [0; ROOM];
        let mut at = 0;
        for (col, cards) in piles[..COLUMNS].iter().enumerate() {
            tops[col] = cards.len();
            start[col] = at;
            room[at..at + cards.len()].copy_from_slice(cards);
            at += cards.len() + ROWS;
            if let Some(&last) = cards.last() {
                buried[usize::from(last)] -= 1;
                by_suit[usize::from(suit(last))] |= 1 << col;
                marries |= 1 << (last - NEXT); // a copy of `last` at a top: unburied
            }
        }
        let mut game = Relaxed {
            sequences,
            cards: room,
            start,
            tops,
            taken: [0; 64],
            low: heights.map(|[low, _]| low),
            home: heights.map(|[_, high]| high),
            ones: heights.map(|[_, high]| ranks_upto(high)),
            twos: heights.map(|[low, _]| ranks_upto(low)),
            buried,
            reach: heights.map(|[_, high]| high),
            reach2: heights.map(|[low, _]| low),
            dirty: ALL_SUITS,
            by_suit,
            reached: 0,
            marries,
        };
        for s in 0..4 {
            game.reached |= game.reached_of(s);
        }
        game
    }

    /// The free copies of `card`: taken off or released, and home (a foundation holds
    /// its suit's ranks from the ace up, BLK-2).
    fn free(&self, card: Card) -> u8 {
        let (s, r) = (usize::from(suit(card)), rank(card));
        self.taken[usize::from(card)] + u8::from(self.low[s] >= r) + u8::from(self.home[s] >= r)
    }

    /// One more copy of `card` is free (taken off, dealt as an ace or released).
    fn add_free(&mut self, card: Card) {
        self.taken[usize::from(card)] += 1;
        let (s, bit) = (usize::from(suit(card)), 1 << rank(card));
        match self.free(card) {
            0 => {}
            1 => self.ones[s] |= bit,
            _ => {
                self.ones[s] |= bit;
                self.twos[s] |= bit;
            }
        }
    }

    /// The cards of suit `s` that may leave by its reach: up to its two-copy reach
    /// (`reach2`) plus one while home holds a copy, up to `reach` plus one above home.
    fn reached_of(&self, s: u8) -> u64 {
        let i = usize::from(s);
        let home = self.home[i];
        ranks_between(s, 0, home.min(self.reach2[i] + 1)) | ranks_between(s, home, self.reach[i] + 1)
    }

    /// Buried copies of `card` now `count`: whether its predecessor may marry.
    fn set_marries(&mut self, card: Card) {
        let bit = 1u64 << (card - NEXT);
        if self.buried[usize::from(card)] < 2 {
            self.marries |= bit;
        } else {
            self.marries &= !bit;
        }
    }

    /// Card `k` (from the bottom) of column `col`.
    fn card(&self, col: usize, k: usize) -> Card {
        self.cards[self.start[col] + k]
    }

    /// Raise `reach` (`reach2`) of suit `s`: the highest rank whose lower ranks all have
    /// one (two) free copies; the suit is dirty when either rose.
    fn raise_suit(&mut self, s: u8) {
        let (old, old2) = (self.reach[usize::from(s)], self.reach2[usize::from(s)]);
        // the ranks from the ace up with free copies, at most a king's
        let r = ((self.ones[usize::from(s)] >> 1).trailing_ones() as u8).min(KING);
        let r2 = ((self.twos[usize::from(s)] >> 1).trailing_ones() as u8).min(KING);
        self.reach[usize::from(s)] = r;
        self.reach2[usize::from(s)] = r2;
        if r != old || r2 != old2 {
            self.dirty |= 1 << s;
            self.reached |= self.reached_of(s);
        }
    }

    fn raise_reach(&mut self) {
        for s in 0..4 {
            self.raise_suit(s);
        }
    }

    /// One copy of `card` is no longer buried: its predecessor may now marry.
    fn unbury(&mut self, card: Card) {
        let count = &mut self.buried[usize::from(card)];
        *count -= 1;
        if *count < 2 {
            self.marries |= 1 << (card - NEXT);
            self.dirty |= 1 << suit(card);
        }
    }

    /// Take off every card that may go until nothing changes (`taken_off`).
    pub(super) fn settle(&mut self) {
        while self.dirty != 0 {
            let looked = self.dirty;
            self.dirty = 0;
            // the columns whose top is of a suit looked at, lowest first; only a
            // column's own `take_off` changes its top, and without `move_sequences` only
            // a top that may leave starts it
            let mut columns =
                (0..4).filter(|s| looked & (1 << s) != 0).fold(0, |cols, s| cols | self.by_suit[s]);
            while columns != 0 {
                let col = columns.trailing_zeros() as usize;
                columns &= columns - 1;
                if self.sequences
                    || (self.reached | self.marries) >> self.card(col, self.tops[col] - 1) & 1 != 0
                {
                    self.take_off(col);
                }
            }
        }
    }

    /// Take off the cards of column `col` that may go now, from its top down.
    fn take_off(&mut self, col: usize) {
        let mut top = self.tops[col];
        let was = top;
        while top > 0 {
            let card = self.card(col, top - 1);
            let base = if (self.reached | self.marries) >> card & 1 != 0 {
                top - 1
            } else if self.sequences {
                let Some(base) = self.run_that_may_marry(col, top) else {
                    break;
                };
                for k in base..top - 1 {
                    self.unbury(self.card(col, k));
                }
                base
            } else {
                break;
            };
            for k in base..top {
                let c = self.card(col, k);
                self.add_free(c);
                // a suit's reaches rise only when the rank just above one is freed
                let s = suit(c);
                let next = |reach: u8| rank(c) == reach + 1;
                if next(self.reach[usize::from(s)]) || next(self.reach2[usize::from(s)]) {
                    self.raise_suit(s);
                }
            }
            top = base;
            if top > 0 {
                self.unbury(self.card(col, top - 1));
            }
        }
        if top != was {
            self.by_suit[usize::from(suit(self.card(col, was - 1)))] &= !(1 << col);
            if top > 0 {
                self.by_suit[usize::from(suit(self.card(col, top - 1)))] |= 1 << col;
            }
        }
        self.tops[col] = top;
    }

    /// The index of the first card of a same-suit descending run ending at the top of
    /// column `col` whose first card has an unburied successor (BLK-5).
    fn run_that_may_marry(&self, col: usize, top: usize) -> Option<usize> {
        let mut base = top - 1;
        while base > 0 && self.card(col, base - 1) == self.card(col, base) + NEXT {
            base -= 1;
            if self.buried[usize::from(self.card(col, base) + NEXT)] < 2 {
                return Some(base);
            }
        }
        None
    }

    /// Lay one row from `stock[..left]` (its top last) onto the cards still on, col1 ->
    /// col12, aces straight up (BLK-4); the number of stock cards left.
    pub(super) fn deal_row(&mut self, stock: &[Card], mut left: usize) -> usize {
        let mut aces = false;
        for col in 0..COLUMNS {
            while left > 0 && rank(stock[left - 1]) == ACE {
                left -= 1;
                self.buried[usize::from(stock[left])] -= 1;
                self.set_marries(stock[left]);
                self.add_free(stock[left]);
                aces = true;
            }
            if left == 0 {
                break;
            }
            left -= 1;
            let card = stock[left];
            self.unbury(card);
            let top = self.tops[col];
            if top > 0 {
                let last = self.card(col, top - 1);
                self.buried[usize::from(last)] += 1;
                self.set_marries(last);
                self.by_suit[usize::from(suit(last))] &= !(1 << col);
            }
            self.by_suit[usize::from(suit(card))] |= 1 << col;
            self.cards[self.start[col] + top] = card;
            self.tops[col] = top + 1;
            self.dirty |= 1 << suit(card); // a new top to look at
        }
        if aces {
            self.raise_reach();
        }
        left
    }

    /// Make held cards free (stock cards that may come whenever wanted).
    pub(super) fn release(&mut self, held: &[Card]) {
        for &card in held {
            self.buried[usize::from(card)] -= 1;
            self.set_marries(card);
            self.add_free(card);
        }
        self.raise_reach();
        self.dirty = ALL_SUITS;
    }
}

#[cfg(test)]
mod tests {
    use super::super::STOCK;
    use super::*;

    use crate::deals::{chance_source, deal_order, SplitMix64};
    use crate::engine::{OptValue, Options, State};
    use crate::games;

    impl Relaxed {
        /// The kept masks are what they stand for, read from scratch.
        fn assert_kept(&self) {
            let mut by_suit = [0u16; 4];
            for col in (0..COLUMNS).filter(|&col| self.tops[col] > 0) {
                by_suit[usize::from(suit(self.card(col, self.tops[col] - 1)))] |= 1 << col;
            }
            assert_eq!(by_suit, self.by_suit);
            for s in 0..4u8 {
                for r in ACE..=KING {
                    let card = r << 2 | s;
                    let i = usize::from(s);
                    let reach = if r <= self.home[i] { self.reach2[i] } else { self.reach[i] };
                    assert_eq!(self.reached >> card & 1 == 1, r <= reach + 1, "card {card}");
                    let marries = self.buried[usize::from(card + NEXT)] < 2;
                    assert_eq!(self.marries >> card & 1 == 1, marries, "card {card}");
                    let free = |r: u8| self.free(r << 2 | s);
                    assert_eq!(self.reach[i] >= r, (ACE..=r).all(|q| free(q) > 0), "card {card}");
                    assert_eq!(self.reach2[i] >= r, (ACE..=r).all(|q| free(q) > 1), "card {card}");
                    assert_eq!(self.ones[i] >> r & 1 == 1, free(r) > 0, "card {card}");
                    assert_eq!(self.twos[i] >> r & 1 == 1, free(r) > 1, "card {card}");
                }
            }
        }
    }

    /// Along random lines, the masks the relaxed game keeps (the columns by their top's
    /// suit, the cards that may leave, the ranks with free copies) and its reaches stay
    /// what they stand for through every settling, row dealt and release, with and
    /// without `move_sequences`.
    #[test]
    fn the_relaxed_game_keeps_its_masks() {
        let mut rng = SplitMix64::new(23);
        let mut games_played = 0;
        for sequences in [false, true] {
            let options: Options = vec![
                ("move_sequences".into(), OptValue::Bool(sequences)),
                ("empty_columns".into(), OptValue::Str("stay".into())),
                ("deal_when".into(), OptValue::Str("any".into())),
            ];
            for deal in 1..=20 {
                let (rules, decks) = games::rules("blockade", &options).expect("blockade plays");
                let deck = deal_order(deal, decks);
                let mut state = State::new(rules, &deck, chance_source(Some(deal), &deck));
                while !state.legal_raw().is_empty() && state.moves_played() < 300 {
                    let piles = &state.board.piles;
                    let stock = &piles[STOCK];
                    let mut game = Relaxed::of_position(piles, sequences);
                    game.assert_kept();
                    game.settle();
                    game.assert_kept();
                    let mut left = stock.len();
                    while left > 0 && rng.below(3) > 0 {
                        left = game.deal_row(stock, left);
                        game.assert_kept();
                        game.settle();
                        game.assert_kept();
                    }
                    game.release(&stock[..left]);
                    game.assert_kept();
                    game.settle();
                    game.assert_kept();
                    games_played += 1;
                    let legal = state.legal_raw().to_vec();
                    state.play_raw(legal[rng.below(legal.len() as u64) as usize]);
                }
            }
        }
        assert!(games_played > 1000, "{games_played} relaxed games");
    }
}
