//! Clock (`patience.games.clock`): twelve hour foundations round a dial, a
//! packet of three at each hour; and what the solver knows of it
//! (`patience.solver.clock`: its table key, safe move, move orders and its dead end, the
//! copies' places in `copies`).

use std::sync::Arc;

use crate::cards::{make, parse, rank, suit, Card};
use crate::deals::SplitMix64;
use crate::engine::{
    actions_first_sometimes, shuffle_cards_then_actions, unit_draw, Board, Kind, Move, OptValue, Options,
    Pile, Rules, Value, ACTION, EARLY_ACTION,
};

mod copies;
#[cfg(test)]
mod tests;

use copies::{bound_places, Bound};

const HOURS: usize = 12;
const PACKET_SIZE: usize = 3; // CLK-3, CLK-5
/// CLK-1: the base card of hour1 ... hour12 (2C at IX, 3H at X, ... KD at VIII).
const BASE_CODES: [&str; HOURS] = ["6C", "7H", "8S", "9D", "TC", "JH", "QS", "KD", "2C", "3H", "4S", "5D"];
const HOUR0: usize = 0;
const PACKET0: usize = HOUR0 + HOURS;
const STOCK: usize = PACKET0 + HOURS;
const TALON: usize = STOCK + 1;
const CARDS: usize = 56; // card ints run below 13 << 2 | 3 + 1

const FILL: usize = 0;
const DRAW: usize = 1;
/// The var: 1 once a marriage has been made since the last fill (CLK-5).
const MARRIED: usize = 0;

pub struct Clock {
    layout: Vec<Pile>,
    bases: [Card; HOURS],
    successor: [Card; CARDS],
    predecessor: [Card; CARDS],
    /// The hours that can ever take each card (at most two).
    takers: Vec<Vec<usize>>,
    /// CLK-4: the card a packet top may be married onto; None: nothing.
    marries_onto: [Option<Card>; CARDS],
    /// CLK-5, `phases = "strict"`: a marriage holds every play to an hour until the refill.
    strict: bool,
    /// Per card, its places (hour pile, index) in the hours' fixed runs (`clock_copies.PLACES`).
    places: Vec<Vec<(usize, usize)>>,
    /// Per hour, its whole pile in order, base first (CLK-1, CLK-2).
    runs: Vec<Vec<Card>>,
}

/// Clock with `options` (`wrap_marriage`: a bool; `phases`: "strict" or "free"), or why not.
pub fn build(options: &Options) -> Result<Arc<dyn Rules>, String> {
    let (mut wrap, mut strict) = (None, None);
    for (name, value) in options {
        match (name.as_str(), value) {
            ("wrap_marriage", OptValue::Bool(b)) => wrap = Some(*b),
            ("phases", OptValue::Str(v)) if v == "strict" => strict = Some(true),
            ("phases", OptValue::Str(v)) if v == "free" => strict = Some(false),
            _ => return Err(format!("clock: option {name} = {value:?} is not supported")),
        }
    }
    let wrap = wrap.ok_or("clock: option wrap_marriage missing")?;
    let strict = strict.ok_or("clock: option phases missing")?;
    Ok(Arc::new(Clock::new(wrap, strict)))
}

impl Clock {
    fn new(wrap: bool, strict: bool) -> Clock {
        let all: Vec<Card> = (1..=13).flat_map(|r| (0..4).map(move |s| make(r, s))).collect();
        let mut successor = [0; CARDS];
        let mut predecessor = [0; CARDS];
        for &card in &all {
            successor[usize::from(card)] = make(rank(card) % 13 + 1, suit(card));
            predecessor[usize::from(successor[usize::from(card)])] = card;
        }
        let bases = BASE_CODES.map(|c| parse(c).expect("a base code"));
        // CLK-2: the cards hour `index + 1` takes after its base, ending on its own rank
        let run = |index: usize| -> Vec<Card> {
            let (mut card, mut out) = (bases[index], Vec::new());
            while usize::from(rank(card)) != index + 1 {
                card = successor[usize::from(card)];
                out.push(card);
            }
            out
        };
        let runs: Vec<Vec<Card>> = (0..HOURS).map(run).collect();
        let mut layout: Vec<Pile> = (0..HOURS)
            .map(|h| Pile::new(&format!("hour{}", h + 1), Kind::Foundation, runs[h].len() + 1))
            .collect();
        layout.extend((0..HOURS).map(|h| Pile::new(&format!("packet{}", h + 1), Kind::Tableau, 0)));
        layout.push(Pile::new("stock", Kind::Stock, 0));
        layout.push(Pile::new("talon", Kind::Talon, 0));
        let takers =
            (0..CARDS).map(|c| (0..HOURS).filter(|&h| runs[h].contains(&(c as Card))).collect()).collect();
        let mut marries_onto = [None; CARDS];
        for &card in &all {
            if rank(card) < 13 || wrap {
                marries_onto[usize::from(card)] = Some(successor[usize::from(card)]);
            }
        }
        let mut places = vec![Vec::new(); CARDS];
        for (hour, &base) in bases.iter().enumerate() {
            places[usize::from(base)].push((HOUR0 + hour, 0));
            for (i, &card) in runs[hour].iter().enumerate() {
                places[usize::from(card)].push((HOUR0 + hour, i + 1));
            }
        }
        let runs = (0..HOURS).map(|h| [vec![bases[h]], runs[h].clone()].concat()).collect();
        Clock { layout, bases, successor, predecessor, takers, marries_onto, strict, places, runs }
    }

    /// `ClockRules.plays_held`, CLK-5 with strict phases: a marriage has been made since
    /// the last fill and `fill` is legal, so no card may go to an hour until the refill.
    fn plays_held(&self, board: &Board) -> bool {
        let piles = &board.piles;
        self.strict
            && board.vars[MARRIED] == 1
            && !piles[STOCK].is_empty()
            && (PACKET0..PACKET0 + HOURS).any(|p| piles[p].len() < PACKET_SIZE)
    }

    /// The hours that still need `card` (CLK-2: their pile has not reached its place).
    fn needing<'a>(&'a self, piles: &'a [Vec<Card>], card: Card) -> impl Iterator<Item = usize> + 'a {
        self.places[usize::from(card)]
            .iter()
            .filter(|&&(hour, index)| piles[hour].len() <= index)
            .map(|&(hour, _)| hour)
    }

    /// How many copies of `card` are on the hours.
    fn placed(&self, piles: &[Vec<Card>], card: Card) -> usize {
        self.places[usize::from(card)].iter().filter(|&&(hour, index)| piles[hour].len() > index).count()
    }

    /// `solver.clock._walls`: per walled pile (the talon, a packet with a stuck card above
    /// its bottom card) its pile and the places of its stuck cards, rising; per packet,
    /// the place of its topmost stuck card (0 if none): the cards from there up are free.
    /// A packet card is stuck when nothing can take it but an hour: it has nothing to
    /// marry onto, or no copy of that card is left in the stock or another packet.
    fn walls(&self, piles: &[Vec<Card>]) -> (Walls, [usize; HOURS]) {
        let mut walls = Walls { walls: [(0, 0); 1 + HOURS], len: 0 };
        let talon = &piles[TALON];
        if talon.len() > 1 {
            walls.push(TALON, (1 << talon.len()) - 1); // CLK-6: every talon card
        }
        let mut lost_copies = [0u8; CARDS]; // copies on the hours or in the talon
        for &card in piles[HOUR0..HOUR0 + HOURS].iter().flatten().chain(talon) {
            lost_copies[usize::from(card)] += 1;
        }
        let mut tops = [0; HOURS];
        for (h, top) in tops.iter_mut().enumerate() {
            let pile = &piles[PACKET0 + h];
            let mut stuck = 0u128;
            let mut below = [0u8; CARDS]; // copies of each card below the one looked at
            for (i, &card) in pile.iter().enumerate() {
                let walled = match self.marries_onto[usize::from(card)] {
                    None => true,
                    Some(target) => lost_copies[usize::from(target)] + below[usize::from(target)] == 2,
                };
                if walled {
                    stuck |= 1 << i;
                }
                below[usize::from(card)] += 1;
            }
            if let Some(last) = highest(stuck) {
                if last > 0 {
                    *top = last;
                    walls.push(PACKET0 + h, stuck);
                }
            }
        }
        (walls, tops)
    }

    /// `solver.clock._relaxation_stalls`: the relaxed game, where every stock card and
    /// every card with no stuck card above it is free, an hour takes its next card
    /// whenever a copy is free, and a stuck card counts as gone once an hour that still
    /// needed it has passed its place, cannot complete every hour. A place `bound` to a
    /// walled-in copy waits for that copy instead (the hour passes it once no stuck card
    /// lies above the copy), and that copy, if stuck, counts as gone only once that place
    /// is passed (`copies`).
    fn relaxation_stalls(
        &self,
        piles: &[Vec<Card>],
        walls: &Walls,
        tops: &[usize; HOURS],
        bound: Option<&Bound>,
    ) -> bool {
        let mut stacks = walls.walls;
        let walls = &mut stacks[..walls.len];
        let mut heights: [usize; HOURS] = std::array::from_fn(|h| piles[HOUR0 + h].len());
        let start = heights;
        let mut free = [false; CARDS];
        for &card in &piles[STOCK] {
            free[usize::from(card)] = true;
        }
        if let Some(&card) = piles[TALON].last() {
            free[usize::from(card)] = true;
        }
        for (h, &top) in tops.iter().enumerate() {
            for &card in &piles[PACKET0 + h][top..] {
                free[usize::from(card)] = true;
            }
        }
        loop {
            let mut changed = false;
            for (hour, height) in heights.iter_mut().enumerate() {
                let run = &self.runs[hour];
                let old = *height;
                while *height < run.len() {
                    let ready = match bound.and_then(|b| b.copy_for(hour, *height)) {
                        None => free[usize::from(run[*height])],
                        Some((wall, pos)) => highest(walls[wall].1).is_none_or(|top| top <= pos),
                    };
                    if !ready {
                        break;
                    }
                    *height += 1;
                }
                changed |= *height != old;
            }
            if !changed {
                break;
            }
            for (wall, (pile, stuck)) in walls.iter_mut().enumerate() {
                let pile = &piles[*pile];
                while let Some(top) = highest(*stuck) {
                    // gone once an hour that needed it at the start has passed its place
                    let passed = |&(h, index): &(usize, usize)| start[h] <= index && index < heights[h];
                    let gone = match bound.and_then(|b| b.place_of(wall, top)) {
                        Some(place) => passed(&place),
                        None => self.places[usize::from(pile[top])].iter().any(passed),
                    };
                    if !gone {
                        break;
                    }
                    *stuck &= !(1 << top);
                    let from = highest(*stuck).unwrap_or(0);
                    for &card in &pile[from..top] {
                        free[usize::from(card)] = true;
                    }
                }
            }
        }
        (0..HOURS).any(|h| heights[h] != self.runs[h].len())
    }

    fn hour_plays(&self, piles: &[Vec<Card>], src: usize, out: &mut Vec<Move>) {
        let pile = &piles[src];
        let card = pile[pile.len() - 1];
        let below = self.predecessor[usize::from(card)];
        for &hour in &self.takers[usize::from(card)] {
            if piles[hour].last() == Some(&below) {
                out.push(Move::card(src, hour, pile.len() - 1, false));
            }
        }
    }
}

impl Rules for Clock {
    fn game_id(&self) -> &'static str {
        "clock"
    }

    fn layout(&self) -> &[Pile] {
        &self.layout
    }

    fn actions(&self) -> &'static [&'static str] {
        &["fill", "draw"]
    }

    fn var_count(&self) -> usize {
        1 // MARRIED
    }

    fn setup(&self, board: &mut Board, deck: &[Card]) {
        let mut rest = deck.to_vec();
        for (hour, &base) in self.bases.iter().enumerate() {
            // CLK-1: the first copy in deck order; the rest keeps its order
            let at = rest.iter().position(|&c| c == base).expect("every base in the deck");
            rest.remove(at);
            board.piles[HOUR0 + hour].push(base);
        }
        let dealt = HOURS * PACKET_SIZE;
        for (i, &card) in rest[..dealt].iter().enumerate() {
            board.piles[PACKET0 + i % HOURS].push(card); // CLK-3: round by round, I -> XII
        }
        board.piles[STOCK] = rest[dealt..].iter().rev().copied().collect();
    }

    fn generate(&self, board: &Board, out: &mut Vec<Move>) {
        let piles = &board.piles;
        let plays = !self.plays_held(board);
        let mut short = false;
        // packet, top card, its index
        let (mut avail, mut avails) = ([(0, 0, 0); HOURS], 0);
        let mut first: [Option<usize>; CARDS] = [None; CARDS]; // top card -> first packet showing it
        let (mut twins, mut twin_count) = ([(0, 0); HOURS], 0); // the same card on a later packet
        for packet in PACKET0..PACKET0 + HOURS {
            // CLK-3: a packet's top card is available
            let n = piles[packet].len();
            if n < PACKET_SIZE {
                short = true;
                if n == 0 {
                    continue;
                }
            }
            let card = piles[packet][n - 1];
            if plays {
                self.hour_plays(piles, packet, out);
            }
            if first[usize::from(card)].is_some() {
                twins[twin_count] = (card, packet);
                twin_count += 1;
            } else {
                first[usize::from(card)] = Some(packet);
            }
            avail[avails] = (packet, card, n - 1);
            avails += 1;
        }
        // CLK-4: marriages among packets only, onto a card; an empty packet takes none
        for &(packet, card, index) in &avail[..avails] {
            let Some(wanted) = self.marries_onto[usize::from(card)] else {
                continue;
            };
            if let Some(target) = first[usize::from(wanted)] {
                out.push(Move::card(packet, target, index, true));
                for &(twin, other) in &twins[..twin_count] {
                    if twin == wanted {
                        out.push(Move::card(packet, other, index, true));
                    }
                }
            }
        }
        if plays && !piles[TALON].is_empty() {
            self.hour_plays(piles, TALON, out); // CLK-6: the talon top goes to hours only
        }
        if !piles[STOCK].is_empty() {
            // CLK-5: no draw while fill is legal; CLK-7: no redeal
            out.push(Move::action(if short { FILL } else { DRAW }));
        }
    }

    fn apply(&self, board: &mut Board, mv: Move) {
        if !mv.is_action() {
            board.move_top(mv.src, mv.dst, 1);
            // CLK-4: marriages are the only reversible moves; CLK-5: the plays now wait
            if mv.reversible && self.strict && board.vars[MARRIED] == 0 {
                board.set_var(MARRIED, 1);
            }
        } else if mv.dst == DRAW {
            board.move_top(STOCK, TALON, 1); // CLK-6
        } else {
            // CLK-5: top every short packet up to three, packet1 first, one at a time
            'fill: for packet in PACKET0..PACKET0 + HOURS {
                for _ in board.piles[packet].len()..PACKET_SIZE {
                    if board.piles[STOCK].is_empty() {
                        break 'fill;
                    }
                    board.move_top(STOCK, packet, 1);
                }
            }
            if board.vars[MARRIED] != 0 {
                board.set_var(MARRIED, 0); // CLK-5: a fill starts the next round
            }
        }
    }

    /// CLK-7: every card on the hours, so stock, talon and packets are all empty.
    fn is_won(&self, board: &Board) -> bool {
        let piles = &board.piles;
        piles[STOCK].is_empty()
            && piles[TALON].is_empty()
            && (PACKET0..PACKET0 + HOURS).all(|p| piles[p].is_empty())
    }

    /// `ClockRules.counters`, CLK-5 with strict phases: whether a marriage has been made
    /// since the last fill (free phases keep no such counter).
    fn counters(&self, board: &Board) -> Vec<(String, Value)> {
        if !self.strict {
            return Vec::new();
        }
        vec![("married".into(), Value::Bool(board.vars[MARRIED] != 0))]
    }

    /// `ClockRules.solver_key`: once the stock is spent the packets are interchangeable
    /// (no `fill` is left to tell them apart) and are sorted. The phase (CLK-5) is left
    /// out then too: it holds plays back only while `fill` is legal, so it no longer
    /// changes a legal move; before that it is in the key (`key_into`'s counters).
    fn solver_key(&self, board: &Board, out: &mut Vec<u8>) {
        let piles = &board.piles;
        if !piles[STOCK].is_empty() {
            board.key_into(out);
            return;
        }
        let mut packets: [&[Card]; HOURS] = std::array::from_fn(|h| piles[PACKET0 + h].as_slice());
        packets.sort_unstable();
        let hours = piles[HOUR0..HOUR0 + HOURS].iter().map(Vec::as_slice);
        let parts = hours.chain(packets).chain([piles[TALON].as_slice()]);
        for (i, part) in parts.enumerate() {
            if i > 0 {
                out.push(0xff);
            }
            out.extend_from_slice(part);
        }
    }

    /// `clock_safe_move`: a card only one hour still needs, to that hour, from the talon
    /// or, once the stock is spent, from a packet whose card nobody can marry onto.
    /// Strict phases (CLK-5) keep it safe: it is picked from the legal moves, so the
    /// phase allows it now, and it changes neither the phase nor, while the stock lasts,
    /// which packets are short (a talon card), so every later move of a won line stays
    /// as legal as it was; once the stock is spent no `fill` is legal and nothing is held.
    fn safe_move(&self, board: &Board, legal: &[Move]) -> Option<Move> {
        let piles = &board.piles;
        let stock_spent = piles[STOCK].is_empty();
        for &mv in legal {
            if mv.is_action() || mv.dst >= PACKET0 {
                continue;
            }
            let card = piles[mv.src][mv.index];
            let mut needing = self.needing(piles, card);
            if needing.next() != Some(mv.dst) || needing.next().is_some() {
                continue;
            }
            if mv.src == TALON {
                return Some(mv);
            }
            if stock_spent && self.placed(piles, self.predecessor[usize::from(card)]) == 2 {
                return Some(mv);
            }
        }
        None
    }

    /// `clock_dead_end`: cards walled in under cards that can only go to an hour, so that
    /// even the relaxed game cannot complete every hour (`relaxation_stalls`); or, at the
    /// start and right after a draw (a new card on the walled talon), the walled-in copies
    /// cannot all take open places in an order their walls allow, or the relaxation
    /// stalls with the places they must take waiting for them (`copies`). With no wall,
    /// every card off the hours is free and an hour that still needs a card has a copy
    /// of it off the hours: the relaxation completes every hour. Strict phases (CLK-5)
    /// only hold plays back, and neither test reads the phase or the repetition rule, so
    /// every strict line is a line they weigh: a loss they prove holds under both.
    fn dead_end(&self, board: &Board) -> bool {
        let piles = &board.piles;
        let (walls, tops) = self.walls(piles);
        if walls.len == 0 {
            return false;
        }
        if self.relaxation_stalls(piles, &walls, &tops, None) {
            return true;
        }
        if !(board.as_laid_out() || board.last_move_top() == Some((STOCK, TALON))) {
            return false; // leaving a test out never claims anything
        }
        match bound_places(self, piles, &walls) {
            None => true,
            Some(bound) => !bound.is_empty() && self.relaxation_stalls(piles, &walls, &tops, Some(&bound)),
        }
    }

    /// `clock_order`: hour plays first; then marriages that bare a card an hour takes,
    /// other marriages, and last a card that would only swap copies of its successor;
    /// `fill` and `draw` last.
    fn order(&self, board: &Board, legal: &mut Vec<Move>) {
        let wanted = self.wanted(board);
        legal.sort_by_key(|m| self.rank_move(board, &wanted, m));
    }

    /// Clock is searched by restarted probes (`solver.strategies.PROBE_ORDERS`).
    fn probe_unit(&self) -> Option<u64> {
        Some(256)
    }

    /// `solver.clock.probe_order`: `clock_order` for probe 0, then three kinds in turn: `clock_order`'s ranks plus a
    /// random draw of up to `GUIDE_NOISE`; card moves shuffled; the same with hour plays
    /// first. Now and then the actions come first.
    fn probe_order(&self, board: &Board, legal: &mut Vec<Move>, probe: u64, rng: &mut SplitMix64) {
        if probe == 0 {
            self.order(board, legal);
            return;
        }
        if probe.is_multiple_of(3) {
            let wanted = self.wanted(board);
            let mut keyed: Vec<(f64, Move)> = legal
                .iter()
                .map(|m| (f64::from(self.rank_move(board, &wanted, m)) + GUIDE_NOISE * unit_draw(rng), *m))
                .collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
            *legal = keyed.into_iter().map(|(_, m)| m).collect();
        } else {
            shuffle_cards_then_actions(legal, rng);
            if probe % 3 == 2 {
                legal.sort_by_key(|m| !m.is_action() && m.dst >= PACKET0 || m.is_action());
                // stable
            }
        }
        actions_first_sometimes(legal, EARLY_ACTION, rng);
    }
}

/// The walled piles of a position (`Clock::walls`): each pile with its stuck cards'
/// places as bits (bit i: place i; a pile holds at most 104 cards).
struct Walls {
    walls: [(usize, u128); 1 + HOURS],
    len: usize,
}

impl Walls {
    fn push(&mut self, pile: usize, stuck: u128) {
        self.walls[self.len] = (pile, stuck);
        self.len += 1;
    }
}

/// The highest set bit of `bits`: the topmost stuck place.
fn highest(bits: u128) -> Option<usize> {
    (bits != 0).then(|| 127 - bits.leading_zeros() as usize)
}

/// How far a guided probe's random draw may move a move past others (in ranks).
const GUIDE_NOISE: f64 = 2.0;

impl Clock {
    /// The cards the hours take next.
    fn wanted(&self, board: &Board) -> [Card; HOURS] {
        let piles = &board.piles;
        std::array::from_fn(|h| self.successor[usize::from(piles[h][piles[h].len() - 1])])
    }

    /// The rank `clock_order` gives a move, lowest first.
    fn rank_move(&self, board: &Board, wanted: &[Card], m: &Move) -> u8 {
        let piles = &board.piles;
        if m.src == ACTION {
            4
        } else if m.dst < PACKET0 {
            0
        } else if m.index > 0 && Some(&piles[m.src][m.index - 1]) == piles[m.dst].last() {
            3
        } else if m.index > 0 && wanted.contains(&piles[m.src][m.index - 1]) {
            1
        } else {
            2
        }
    }
}
