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

pub(super) struct Relaxed {
    sequences: bool,
    /// Column `col`'s cards, bottom first, are `cards[start[col]..][..tops[col]]`.
    cards: [Card; ROOM],
    start: [usize; COLUMNS],
    /// The number of cards still on each column.
    pub(super) tops: [usize; COLUMNS],
    free: [u8; 64],
    /// Per suit, the height of its higher foundation: the ranks up to it are home.
    home: [u8; 4],
    buried: [i16; 64],
    reach: [u8; 4],
    reach2: [u8; 4],
    /// Suits (bits) whose changes the columns have not been looked at since.
    dirty: u8,
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
        // a foundation holds its suit's ranks from the ace up (BLK-2)
        let mut free = [0u8; 64];
        for (s, &[low, high]) in heights.iter().enumerate() {
            for r in ACE..=KING {
                free[usize::from(r) << 2 | s] = u8::from(low >= r) + u8::from(high >= r);
            }
        }
        // every copy not at a column's top is held, home or buried; a king has no
        // successor, so both copies of "rank 14" count as buried
        let mut buried = [2i16; 64];
        let mut tops = [0; COLUMNS];
        let mut start = [0; COLUMNS];
        let mut room = [0; ROOM];
        let mut at = 0;
        for (col, cards) in piles[..COLUMNS].iter().enumerate() {
            tops[col] = cards.len();
            start[col] = at;
            for &card in cards {
                room[at] = card;
                at += 1;
            }
            at += ROWS;
            if let Some(&last) = cards.last() {
                buried[usize::from(last)] -= 1;
            }
        }
        Relaxed {
            sequences,
            cards: room,
            start,
            tops,
            free,
            home: heights.map(|[_, high]| high),
            buried,
            reach: heights.map(|[_, high]| high),
            reach2: heights.map(|[low, _]| low),
            dirty: ALL_SUITS,
        }
    }

    /// Card `k` (from the bottom) of column `col`.
    fn card(&self, col: usize, k: usize) -> Card {
        self.cards[self.start[col] + k]
    }

    /// Raise `reach` (`reach2`) of suit `s`: the highest rank whose lower ranks all have
    /// one (two) free copies; the suit is dirty when either rose.
    fn raise_suit(&mut self, s: u8) {
        let at = |r: u8| usize::from((r + 1) << 2 | s);
        let (old, old2) = (self.reach[usize::from(s)], self.reach2[usize::from(s)]);
        let mut r = old;
        while r < KING && self.free[at(r)] > 0 {
            r += 1;
        }
        self.reach[usize::from(s)] = r;
        let mut r2 = old2;
        while r2 < KING && self.free[at(r2)] > 1 {
            r2 += 1;
        }
        self.reach2[usize::from(s)] = r2;
        if r != old || r2 != old2 {
            self.dirty |= 1 << s;
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
            self.dirty |= 1 << suit(card);
        }
    }

    /// Take off every card that may go until nothing changes (`taken_off`).
    pub(super) fn settle(&mut self) {
        while self.dirty != 0 {
            let looked = self.dirty;
            self.dirty = 0;
            for col in 0..COLUMNS {
                let top = self.tops[col];
                if top > 0 && looked & (1 << suit(self.card(col, top - 1))) != 0 {
                    self.take_off(col);
                }
            }
        }
    }

    /// Take off the cards of column `col` that may go now, from its top down.
    fn take_off(&mut self, col: usize) {
        let mut top = self.tops[col];
        while top > 0 {
            let card = self.card(col, top - 1);
            let s = usize::from(suit(card));
            let reach = if rank(card) <= self.home[s] { self.reach2[s] } else { self.reach[s] };
            let base = if rank(card) <= reach + 1 || self.buried[usize::from(card + NEXT)] < 2 {
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
                self.free[usize::from(c)] += 1;
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
                self.free[usize::from(stock[left])] += 1;
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
            }
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
            self.free[usize::from(card)] += 1;
        }
        self.raise_reach();
        self.dirty = ALL_SUITS;
    }
}
