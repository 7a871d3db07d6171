//! The engine, as `patience.engine`: a game's `Rules` (layout, setup, move generation and
//! move procedure), a `Board` changed only through four journaled primitives, and a
//! `State` that plays raw moves, takes them back and applies the repetition rule
//! (docs/rules.md) exactly as `patience.engine.state.State` does.

use std::sync::Arc;
use std::time::Instant;

use crate::cards::Card;
use crate::deals::{chance_seed, shuffle, SplitMix64};
use crate::hash::{hash128, zobrist, HashedSet};

/// The source of an action move (Python's `ACTION = -1`).
pub const ACTION: usize = usize::MAX;

/// A raw move `(src, dst, index, reversible)` as the Python engine has it; an action is
/// `(ACTION, action number, 0, false)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub src: usize,
    pub dst: usize,
    pub index: usize,
    pub reversible: bool,
}

impl Move {
    pub fn card(src: usize, dst: usize, index: usize, reversible: bool) -> Move {
        Move { src, dst, index, reversible }
    }

    pub fn action(number: usize) -> Move {
        Move { src: ACTION, dst: number, index: 0, reversible: false }
    }

    pub fn is_action(&self) -> bool {
        self.src == ACTION
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Foundation,
    Tableau,
    Reserve,
    Cell,
    Waste,
    Stock,
    Talon,
    Hand,
    Out,
}

/// A pile's id (docs/rules.md), its kind and, for a foundation, its complete count.
#[derive(Clone, Debug)]
pub struct Pile {
    pub id: String,
    pub kind: Kind,
    pub capacity: usize,
}

impl Pile {
    pub fn new(id: &str, kind: Kind, capacity: usize) -> Pile {
        Pile { id: id.to_string(), kind, capacity }
    }
}

/// An option's value as Python gives it (`"first-fit"`, `2`, `true`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptValue {
    Str(String),
    Int(i64),
    Bool(bool),
}

/// Every option of a game with its value, in the game's order (resolved: none left out).
pub type Options = Vec<(String, OptValue)>;

/// A place on the board: (pile, index in the pile counted from the bottom).
pub type Place = (usize, usize);

/// A JSON-like value for `to_dict`'s counters.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    None,
    Int(i64),
    Str(String),
    Bool(bool),
    List(Vec<Value>),
    Map(Vec<(String, Value)>),
}

#[derive(Clone)]
enum Entry {
    MoveTop { src: usize, dst: usize, n: usize },
    TakeAt { src: usize, index: usize, dst: usize },
    SetVar { var: usize, old: i32 },
    Replace { pile: usize, old: Vec<Card> },
}

/// Piles (index 0 the bottom card) and counters, changed by `Rules::apply` only through
/// the four journaled primitives, so that a move is taken back exactly.
pub struct Board {
    pub piles: Vec<Vec<Card>>,
    pub vars: Vec<i32>,
    /// What seeds the game's chance events (`deal=N` or `deck=...`, docs/deals.md).
    pub chance: String,
    journal: Vec<Entry>,
    /// The Zobrist hash of the key (`keep_hash`), kept up to date by the primitives.
    kept: Option<Kept>,
    /// The chance events' shuffles met so far (`chance_shuffled`).
    shuffles: Vec<Shuffle>,
    /// Piles that `replace` took out and its undo put aside, for `State::push_position`
    /// to fill again instead of allocating.
    spare: Vec<Vec<Card>>,
}

/// The most piles a board puts aside for reuse.
const SPARE_PILES: usize = 64;

/// Where chance event `event` puts each item of a list of `order.len()`: the item at
/// `order[k]` goes to place `k`.
struct Shuffle {
    event: i32,
    order: Vec<usize>,
}

/// A kept Zobrist hash: the whole key's and each pile's, and what each journaled step
/// changed in them. A step's undo restores what the step changed, so it changes the
/// hashes by the same xor: undoing costs no hashing.
struct Kept {
    whole: u128,
    piles: Vec<u128>,
    steps: Vec<Change>,
}

/// What one journaled step changed in a kept hash: the hashes of up to two piles (`NO_PILE`
/// for none, as for a counter) and the whole one, each by an xor.
#[derive(Clone, Copy)]
struct Change {
    piles: [(usize, u128); 2],
    whole: u128,
}

const NO_PILE: usize = usize::MAX;

/// The Zobrist value of `card` at place `at` of `pile` (`hash::zobrist`).
pub fn card_item(pile: usize, at: usize, card: Card) -> u128 {
    zobrist((pile as u64) << 32 | (at as u64) << 8 | u64::from(card))
}

/// The Zobrist value of counter `var` holding `value`, as the key has it (a byte).
fn var_item(var: usize, value: i32) -> u128 {
    zobrist(1 << 63 | (var as u64) << 8 | u64::from(value as u8))
}

/// The xor of the Zobrist values of `cards[from..]`, the cards of `pile`.
fn tail_hash(pile: usize, cards: &[Card], from: usize) -> u128 {
    cards.iter().enumerate().skip(from).fold(0, |h, (at, &card)| h ^ card_item(pile, at, card))
}

impl Kept {
    /// The xor of the values of pile `pile`'s cards from place `from` on.
    fn tail(&self, pile: usize, cards: &[Card], from: usize) -> u128 {
        if from == 0 {
            self.piles[pile]
        } else {
            tail_hash(pile, cards, from)
        }
    }

    /// Apply and record a step's change.
    fn record(&mut self, change: Change) {
        self.apply(change);
        self.steps.push(change);
    }

    /// Apply a change: a step's, or its undo's (the same).
    fn apply(&mut self, change: Change) {
        self.whole ^= change.whole;
        for (pile, xor) in change.piles {
            if pile != NO_PILE {
                self.piles[pile] ^= xor;
            }
        }
    }

    /// Undo the last step recorded.
    fn undo(&mut self) {
        let change = self.steps.pop().expect("a change per journaled step");
        self.apply(change);
    }
}

impl Board {
    pub fn new(piles: usize, vars: usize, chance: String) -> Board {
        Board {
            piles: vec![Vec::new(); piles],
            vars: vec![0; vars],
            chance,
            journal: Vec::new(),
            kept: None,
            shuffles: Vec::new(),
            spare: Vec::new(),
        }
    }

    /// Keep the Zobrist hash of the key from now on (hash.rs), so that reading it costs
    /// nothing: each primitive updates it for the places it changes. Call it once the
    /// position is laid out, before any step is journaled; the piles and counters must
    /// then change only through the primitives.
    pub fn keep_hash(&mut self) {
        assert!(self.journal.is_empty(), "a hash kept from the layout on");
        let piles = self.piles.iter().enumerate().map(|(pile, cards)| tail_hash(pile, cards, 0)).collect();
        self.kept = Some(Kept { whole: self.zobrist(), piles, steps: Vec::new() });
    }

    /// The kept Zobrist hash of the key, if `keep_hash` asked for it.
    pub fn kept_hash(&self) -> Option<u128> {
        self.kept.as_ref().map(|kept| kept.whole)
    }

    /// The Zobrist hash of pile `pile`'s cards at their places: kept (`keep_hash`) or
    /// from scratch.
    pub fn pile_zobrist(&self, pile: usize) -> u128 {
        match &self.kept {
            Some(kept) => kept.piles[pile],
            None => tail_hash(pile, &self.piles[pile], 0),
        }
    }

    /// The kept Zobrist hashes of the piles (`keep_hash`), indexed by pile, if kept: a
    /// game that reads several at each position reads them at once.
    pub fn kept_pile_hashes(&self) -> Option<&[u128]> {
        self.kept.as_ref().map(|kept| kept.piles.as_slice())
    }

    /// The Zobrist hash of the key, from scratch: a function of `key_into`'s bytes (each
    /// card at its place in its pile, each counter as its byte).
    pub fn zobrist(&self) -> u128 {
        let cards = self.piles.iter().enumerate().fold(0, |h, (pile, cards)| h ^ tail_hash(pile, cards, 0));
        self.vars.iter().enumerate().fold(cards, |h, (var, &value)| h ^ var_item(var, value))
    }

    /// Carry out `change`, a step that alters at most the cards of pile `a` from place
    /// `from_a` on and of pile `b` from `from_b` on, and record what it changed in the
    /// kept hash.
    fn change_piles(
        &mut self,
        (a, from_a): (usize, usize),
        (b, from_b): (usize, usize),
        change: impl FnOnce(&mut [Vec<Card>]),
    ) {
        let Some(kept) = &mut self.kept else {
            change(&mut self.piles);
            return;
        };
        let piles = &mut self.piles;
        if a == b {
            let from = from_a.min(from_b);
            let before = kept.tail(a, &piles[a], from);
            change(piles);
            let xor = before ^ tail_hash(a, &piles[a], from);
            kept.record(Change { piles: [(a, xor), (NO_PILE, 0)], whole: xor });
            return;
        }
        let before = (kept.tail(a, &piles[a], from_a), kept.tail(b, &piles[b], from_b));
        change(piles);
        let xor_a = before.0 ^ tail_hash(a, &piles[a], from_a);
        let xor_b = before.1 ^ tail_hash(b, &piles[b], from_b);
        kept.record(Change { piles: [(a, xor_a), (b, xor_b)], whole: xor_a ^ xor_b });
    }

    /// Move the top `n` cards of `src` onto `dst`, keeping their order.
    pub fn move_top(&mut self, src: usize, dst: usize, n: usize) {
        self.journal.push(Entry::MoveTop { src, dst, n });
        let places = ((src, self.piles[src].len() - n), (dst, self.piles[dst].len()));
        self.change_piles(places.0, places.1, |piles| shift(piles, src, dst, n));
    }

    /// Move the card at `index` of `src` onto `dst`.
    pub fn take_at(&mut self, src: usize, index: usize, dst: usize) {
        let end = self.piles[dst].len();
        self.change_piles((src, index), (dst, end), |piles| {
            let card = piles[src].remove(index);
            piles[dst].push(card);
        });
        self.journal.push(Entry::TakeAt { src, index, dst });
    }

    pub fn set_var(&mut self, var: usize, value: i32) {
        let old = self.vars[var];
        self.journal.push(Entry::SetVar { var, old });
        if let Some(kept) = &mut self.kept {
            let xor = var_item(var, old) ^ var_item(var, value);
            kept.record(Change { piles: [(NO_PILE, 0); 2], whole: xor });
        }
        self.vars[var] = value;
    }

    /// A pile holding `cards`, in memory put aside by an undone `replace` if any.
    fn pile_of(&mut self, cards: &[Card]) -> Vec<Card> {
        let mut pile = self.spare.pop().unwrap_or_default();
        pile.clear();
        pile.extend_from_slice(cards);
        pile
    }

    /// Give `pile` new contents (the old ones are kept for undo).
    pub fn replace(&mut self, pile: usize, cards: Vec<Card>) {
        self.replace_hashed(pile, cards, None);
    }

    /// `replace`, given the new contents' Zobrist hash if known (`pile_zobrist`).
    fn replace_hashed(&mut self, pile: usize, cards: Vec<Card>, hash: Option<u128>) {
        if let Some(kept) = &mut self.kept {
            let hash = hash.unwrap_or_else(|| tail_hash(pile, &cards, 0));
            let xor = kept.piles[pile] ^ hash;
            kept.record(Change { piles: [(pile, xor), (NO_PILE, 0)], whole: xor });
        }
        let old = std::mem::replace(&mut self.piles[pile], cards);
        self.journal.push(Entry::Replace { pile, old });
    }

    /// `items` in the order `deals::chance_shuffle(items, chance, event)` gives them. The
    /// shuffle of `n` items depends on nothing else, so each length's is worked out once
    /// a board (a game's search meets the same chance event again and again).
    pub fn chance_shuffled(&mut self, items: &[Card], event: i32) -> Vec<Card> {
        let n = items.len();
        let known = self.shuffles.iter().position(|s| s.event == event && s.order.len() == n);
        let at = known.unwrap_or_else(|| {
            let mut order: Vec<usize> = (0..n).collect();
            shuffle(&mut order, chance_seed(&self.chance, event));
            self.shuffles.push(Shuffle { event, order });
            self.shuffles.len() - 1
        });
        self.shuffles[at].order.iter().map(|&i| items[i]).collect()
    }

    /// The source and destination of the last journaled step when it moved cards off a
    /// pile's top; None when the journal is empty or its last step was another kind. A
    /// game's dead end may ask what the move that led here did (Clock asks for a draw).
    pub fn last_move_top(&self) -> Option<(usize, usize)> {
        match self.journal.last() {
            Some(&Entry::MoveTop { src, dst, .. }) => Some((src, dst)),
            _ => None,
        }
    }

    /// Whether nothing has been journaled: the position as `Rules::setup` laid it out.
    pub fn as_laid_out(&self) -> bool {
        self.journal.is_empty()
    }

    /// The piles, counters and journal alone (no kept hash, no chance, nothing put aside):
    /// a board to take back to earlier positions without touching this one.
    fn plain_copy(&self) -> Board {
        Board {
            piles: self.piles.clone(),
            vars: self.vars.clone(),
            chance: String::new(),
            journal: self.journal.clone(),
            kept: None,
            shuffles: Vec::new(),
            spare: Vec::new(),
        }
    }

    fn rewind(&mut self, mark: usize) {
        while self.journal.len() > mark {
            match self.journal.pop().expect("journal longer than mark") {
                Entry::MoveTop { src, dst, n } => shift(&mut self.piles, dst, src, n),
                Entry::TakeAt { src, index, dst } => {
                    let card = self.piles[dst].pop().expect("take_at left a card");
                    self.piles[src].insert(index, card);
                }
                Entry::SetVar { var, old } => self.vars[var] = old,
                Entry::Replace { pile, old } => {
                    let put_aside = std::mem::replace(&mut self.piles[pile], old);
                    if self.spare.len() < SPARE_PILES {
                        self.spare.push(put_aside);
                    }
                }
            }
            if let Some(kept) = &mut self.kept {
                kept.undo();
            }
        }
    }

    /// Python's `State.key()`: every pile's cards, each followed by the byte 255, then the
    /// counters as bytes.
    pub fn key_into(&self, out: &mut Vec<u8>) {
        for pile in &self.piles {
            out.extend_from_slice(pile);
            out.push(0xff);
        }
        out.extend(self.vars.iter().map(|&v| v as u8));
    }

    pub fn key(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.key_into(&mut out);
        out
    }
}

/// Move the top `n` cards of pile `src` onto pile `dst` in order, without a buffer.
fn shift(piles: &mut [Vec<Card>], src: usize, dst: usize, n: usize) {
    if src == dst {
        return;
    }
    if n == 1 {
        let card = piles[src].pop().expect("a card to move");
        piles[dst].push(card);
        return;
    }
    let (from, to) = if src < dst {
        let (low, high) = piles.split_at_mut(dst);
        (&mut low[src], &mut high[0])
    } else {
        let (low, high) = piles.split_at_mut(src);
        (&mut high[0], &mut low[dst])
    };
    let start = from.len() - n;
    to.extend_from_slice(&from[start..]);
    from.truncate(start);
}

/// One game with its options bound: what `patience.engine.rules.Rules` and the game's
/// module declare, and below it what the solver knows of the game
/// (`patience.solver.dominance`). Pile and action numbers are the Python engine's.
pub trait Rules: Send + Sync {
    fn game_id(&self) -> &'static str;
    fn layout(&self) -> &[Pile];
    fn actions(&self) -> &'static [&'static str];
    fn var_count(&self) -> usize;

    /// Lay out the deck (index 0 dealt first), without journaling.
    fn setup(&self, board: &mut Board, deck: &[Card]);
    /// Every move the clauses allow, before the repetition rule is applied.
    fn generate(&self, board: &Board, out: &mut Vec<Move>);
    /// Carry out a generated move and its automatic steps through the board's journal.
    fn apply(&self, board: &mut Board, mv: Move);

    /// The legal moves once the repetition rule has been applied, for a clause that
    /// depends on which other moves are legal (`Rules.after_repetition`, Blockade's
    /// BLK-7); by default they stay as they are.
    fn after_repetition(&self, _board: &Board, _legal: &mut Vec<Move>) {}

    fn is_won(&self, board: &Board) -> bool {
        let layout = self.layout();
        let (mut held, mut target) = (0, 0);
        for (i, pile) in layout.iter().enumerate() {
            if pile.kind == Kind::Foundation {
                held += board.piles[i].len();
                target += pile.capacity;
            }
        }
        held == target
    }

    /// Piles that exist now (`Rules.listed`).
    fn listed(&self, _board: &Board) -> Vec<usize> {
        (0..self.layout().len()).collect()
    }

    /// Face-down cards at the bottom of each pile (`Rules.face_down`): a stock is all face down.
    fn face_down(&self, board: &Board) -> Vec<(usize, usize)> {
        let layout = self.layout();
        (0..layout.len())
            .filter(|&i| layout[i].kind == Kind::Stock)
            .map(|i| (i, board.piles[i].len()))
            .collect()
    }

    /// Stage and round counters for `to_dict` (`Rules.counters`).
    fn counters(&self, board: &Board) -> Vec<(String, Value)>;

    /// The places whose cards a player has not seen there (`Rules.unseen`, docs/rules.md
    /// "What a player sees"), in groups: every order within a group is as likely as any
    /// other, and no card passes between groups. By default each stock is one group.
    fn unseen(&self, state: &State) -> Vec<Vec<Place>> {
        let (layout, piles) = (self.layout(), &state.board.piles);
        (0..layout.len())
            .filter(|&i| layout[i].kind == Kind::Stock && !piles[i].is_empty())
            .map(|i| (0..piles[i].len()).map(|k| (i, k)).collect())
            .collect()
    }

    /// The position as the repetition rule compares it (`Rules.repetition_key`).
    fn repetition_key(&self, board: &Board, out: &mut Vec<u8>) {
        board.key_into(out);
    }

    /// What the repetition memory holds of a position: by default the 128-bit hash of
    /// `repetition_key`'s bytes (written to `scratch`); a game may give another hash of
    /// them (the board's kept one), as long as it always gives the same.
    fn repetition_hash(&self, board: &Board, scratch: &mut Vec<u8>) -> u128 {
        scratch.clear();
        self.repetition_key(board, scratch);
        hash128(scratch)
    }

    /// Whether the board keeps the Zobrist hash of its key (`Board::keep_hash`), for a
    /// game whose table key or repetition hash reads it.
    fn keeps_hash(&self) -> bool {
        false
    }

    /// The `repetition_hash` of the position `mv` leads to, worked out without playing
    /// it, for a game whose hash can be told so (a kept one); None: the engine plays the
    /// move and takes it back to read the hash.
    fn repetition_hash_after(&self, _board: &Board, _mv: Move) -> Option<u128> {
        None
    }

    // --- what the solver knows of the game -------------------------------------------

    /// The position as the search's table sees it (`Rules.solver_key`).
    fn solver_key(&self, board: &Board, out: &mut Vec<u8>) {
        board.key_into(out);
    }

    /// The search's table key of the position: by default the 128-bit hash of
    /// `solver_key`'s bytes (written to `scratch`); a game whose key fits in 128 bits may
    /// give it exactly instead, spread by a bijection (`hash::spread`) so that the
    /// table's buckets are evenly used. Either way equal keys mean equal `solver_key`s.
    fn table_key(&self, board: &Board, scratch: &mut Vec<u8>) -> u128 {
        scratch.clear();
        self.solver_key(board, scratch);
        hash128(scratch)
    }

    /// Whether the legal moves here depend on the repetition memory beyond the reversible
    /// moves it refuses (`Rules.legal_reads_memory`): a move offered only once the memory
    /// has refused every reversible one (Sun's SUN-4 deal). The search then keys such a
    /// position with its memory too.
    fn legal_reads_memory(&self, _board: &Board) -> bool {
        false
    }

    /// A move that can never turn a winnable position into a lost one (played alone).
    fn safe_move(&self, _board: &Board, _legal: &[Move]) -> Option<Move> {
        None
    }

    /// A position proved lost without search.
    fn dead_end(&self, _board: &Board) -> bool {
        false
    }

    /// `dead_end` of a position whose `table_key` the caller has at hand, for a game that
    /// keeps what it read by table key.
    fn dead_end_at(&self, board: &Board, _table_key: u128) -> bool {
        self.dead_end(board)
    }

    /// Nodes of the shortest probe when the game is searched by restarted probes
    /// (`solver.strategies.PROBE_ORDERS`); None: one depth-first search.
    fn probe_unit(&self) -> Option<u64> {
        None
    }

    /// The move order of probe `probe`: by default `order` for probe 0, then the card
    /// moves shuffled, then the actions, which now and then come first instead. An order
    /// never changes what a complete search answers.
    fn probe_order(&self, board: &Board, legal: &mut Vec<Move>, probe: u64, rng: &mut SplitMix64) {
        if probe == 0 {
            self.order(board, legal);
            return;
        }
        shuffle_cards_then_actions(legal, rng);
        actions_first_sometimes(legal, EARLY_ACTION, rng);
    }

    /// Nodes a short exact search may visit before the dive (`dive`), at most
    /// `search::LEAD_SHARE` of the budgets: a game whose dive spends most of the budget on
    /// wins it may not find asks for one, so that a loss the exact search proves in a few
    /// nodes is answered at once. 0: no lead.
    fn exact_lead(&self) -> u64 {
        0
    }

    /// A quick look for a won line before the exact search (`solver/strategies.py`'s
    /// dives): the line from here, or None, and the moves it played; never a loss. It
    /// takes what share of `max_nodes` and of the time to `deadline` it likes, the exact
    /// search the rest. `state` is left as given.
    fn dive(&self, _state: &mut State, _max_nodes: u64, _deadline: Instant) -> (Option<Vec<Move>>, u64) {
        (None, 0)
    }

    /// The order in which the search tries the legal moves; by default
    /// `solver.search.order_moves`: plays to a foundation, other card moves, reversible
    /// moves, actions (a stable sort).
    fn order(&self, _board: &Board, legal: &mut Vec<Move>) {
        let layout = self.layout();
        let foundation = |i: usize| i != ACTION && layout[i].kind == Kind::Foundation;
        legal.sort_by_key(|m| {
            if m.is_action() {
                3
            } else if m.reversible {
                2
            } else if foundation(m.dst) && !foundation(m.src) {
                0
            } else {
                1
            }
        });
    }
}

/// The chance source of the sample drawn with `seed` (`engine.unseen.sample_chance`): the
/// seed alone, since the game's own source names the deal, which the player does not see.
pub fn sample_chance(seed: u64) -> String {
    format!("sample={seed}")
}

/// The chance, at a position with card moves, that a probe tries the actions first.
pub const EARLY_ACTION: f64 = 0.05;

/// A uniform draw in `[0, 1)`.
pub fn unit_draw(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// The card moves in a random order, then the actions.
pub fn shuffle_cards_then_actions(legal: &mut [Move], rng: &mut SplitMix64) {
    legal.sort_by_key(Move::is_action); // stable: the card moves, then the actions, in order
    let cards = legal.iter().take_while(|m| !m.is_action()).count();
    for i in (1..cards).rev() {
        legal.swap(i, rng.below(i as u64 + 1) as usize);
    }
}

/// With probability `chance` the actions before every card move (`probes.actions_first_sometimes`).
pub fn actions_first_sometimes(legal: &mut [Move], chance: f64, rng: &mut SplitMix64) {
    if unit_draw(rng) < chance {
        legal.sort_by_key(|m| !m.is_action()); // stable
    }
}

/// What a move's undo restores of the repetition memory: nothing, the key it added, or
/// the memory an irreversible move cleared.
enum Token {
    None,
    Key(u128),
    Seen(HashedSet),
}

/// A board's piles and counters (`State::position`): the piles' cards one after another,
/// where each pile ends among them, the counters; and the piles' kept hashes if the board
/// keeps them, so that coming back hashes nothing.
pub struct Position {
    cards: Vec<Card>,
    ends: Vec<usize>,
    vars: Vec<i32>,
    hashes: Option<Vec<u128>>,
}

/// What `pop` returns for a step of `State::push_position` (no move of any game).
pub const POSITION_STEP: Move = Move { src: ACTION, dst: usize::MAX, index: 0, reversible: false };

/// A game in progress: `patience.engine.state.State`'s raw play path.
pub struct State {
    pub rules: Arc<dyn Rules>,
    pub board: Board,
    undo: Vec<(Move, usize, Token)>,
    /// The repetition memory: hashes (`hash::hash128`) of the repetition keys of the
    /// positions since the last irreversible move.
    seen: HashedSet,
    legal: Option<Vec<Move>>,
    scratch: Vec<u8>, // a key's bytes while they are hashed
}

impl State {
    /// A new game laid out from `deck` (index 0 dealt first), its chance events seeded by
    /// `chance` (`deals::chance_source`).
    pub fn new(rules: Arc<dyn Rules>, deck: &[Card], chance: String) -> State {
        let mut board = Board::new(rules.layout().len(), rules.var_count(), chance);
        rules.setup(&mut board, deck);
        if rules.keeps_hash() {
            board.keep_hash();
        }
        State { rules, board, undo: Vec::new(), seen: HashedSet::default(), legal: None, scratch: Vec::new() }
    }

    /// Carry out a raw move without checks (the search path).
    pub fn push(&mut self, mv: Move) {
        self.push_with(mv, Token::None);
    }

    fn push_with(&mut self, mv: Move, token: Token) {
        let mark = self.board.journal.len();
        self.rules.apply(&mut self.board, mv);
        self.undo.push((mv, mark, token));
        self.legal = None;
    }

    /// Take back the last move pushed or played.
    pub fn pop(&mut self) -> Move {
        let (mv, mark, token) = self.undo.pop().expect("pop with nothing played");
        self.board.rewind(mark);
        match token {
            Token::None => {}
            Token::Key(key) => {
                self.seen.remove(&key);
            }
            Token::Seen(seen) => self.seen = seen,
        }
        self.legal = None;
        mv
    }

    pub fn is_won(&self) -> bool {
        self.rules.is_won(&self.board)
    }

    /// Legal raw moves, repetition rule applied (`State.legal_raw`); cached until the next
    /// push or pop.
    pub fn legal_raw(&mut self) -> &[Move] {
        if self.legal.is_none() {
            let legal = self.compute_legal();
            self.legal = Some(legal);
        }
        self.legal.as_deref().unwrap_or(&[])
    }

    /// The legal raw moves as `legal_raw` gives them, taken out of the cache (the search
    /// plays one of them next, which empties the cache anyway).
    pub fn take_legal(&mut self) -> Vec<Move> {
        match self.legal.take() {
            Some(legal) => legal,
            None => self.compute_legal(),
        }
    }

    /// The legal raw moves as `legal_raw` gives them, written into `out` (the search's
    /// reused buffers).
    pub fn legal_into(&mut self, out: &mut Vec<Move>) {
        match self.legal.take() {
            Some(legal) => {
                out.clear();
                out.extend_from_slice(&legal);
            }
            None => self.compute_legal_into(out),
        }
    }

    fn compute_legal(&mut self) -> Vec<Move> {
        let mut legal = Vec::new();
        self.compute_legal_into(&mut legal);
        legal
    }

    fn compute_legal_into(&mut self, legal: &mut Vec<Move>) {
        legal.clear();
        if self.rules.is_won(&self.board) {
            return;
        }
        self.rules.generate(&self.board, legal);
        // a complete foundation accepts nothing
        let layout = self.rules.layout();
        let piles = &self.board.piles;
        legal.retain(|m| {
            m.is_action()
                || layout[m.dst].kind != Kind::Foundation
                || layout[m.dst].capacity == 0
                || piles[m.dst].len() < layout[m.dst].capacity
        });
        if !self.seen.is_empty() {
            let mut kept = 0;
            for i in 0..legal.len() {
                let m = legal[i];
                if !m.reversible || !self.repeats(m) {
                    legal[kept] = m;
                    kept += 1;
                }
            }
            legal.truncate(kept);
        }
        self.rules.after_repetition(&self.board, legal);
    }

    /// The hash of the position's repetition key.
    fn repetition_hash(&mut self) -> u128 {
        self.rules.repetition_hash(&self.board, &mut self.scratch)
    }

    fn repeats(&mut self, mv: Move) -> bool {
        if let Some(after) = self.rules.repetition_hash_after(&self.board, mv) {
            return self.seen.contains(&after);
        }
        self.push(mv);
        let after = self.repetition_hash();
        self.pop();
        self.seen.contains(&after)
    }

    /// Play a legal raw move, keeping the positions the repetition rule needs
    /// (`State.play_raw`).
    pub fn play_raw(&mut self, mv: Move) {
        if mv.reversible {
            let current = self.repetition_hash();
            self.seen.insert(current);
            self.push_with(mv, Token::Key(current));
        } else {
            let old = std::mem::take(&mut self.seen);
            self.push_with(mv, Token::Seen(old));
        }
    }

    /// Whether the repetition memory forbids anything now (positions since the last
    /// irreversible step).
    pub fn remembers(&self) -> bool {
        !self.seen.is_empty()
    }

    /// A hash of the repetition memory as a set: each member mixed on its own (the
    /// members of Zobrist-hashed games are linear in their items) before they are
    /// combined in no particular order.
    pub fn memory_hash(&self) -> u128 {
        self.seen.iter().fold(0, |acc, &key| acc ^ hash128(&key.to_le_bytes()))
    }

    pub fn moves_played(&self) -> usize {
        self.undo.len()
    }

    /// The board's piles and counters, to come back to with `push_position`.
    pub fn position(&self) -> Position {
        let piles = &self.board.piles;
        let mut cards = Vec::with_capacity(piles.iter().map(Vec::len).sum());
        let mut ends = Vec::with_capacity(piles.len());
        for pile in piles {
            cards.extend_from_slice(pile);
            ends.push(cards.len());
        }
        let hashes = self.board.kept.as_ref().map(|kept| kept.piles.clone());
        Position { cards, ends, vars: self.board.vars.clone(), hashes }
    }

    /// Set the board to `position` (another of the same game, met by playing from here
    /// or from a position before) as one step that `pop` takes back, returning
    /// `POSITION_STEP`: a search that jumps between positions it met instead of playing
    /// their lines again. The repetition memory is emptied, as by an irreversible move;
    /// only the piles that differ are replaced.
    pub fn push_position(&mut self, position: &Position) {
        let mark = self.board.journal.len();
        let mut start = 0;
        for (pile, &end) in position.ends.iter().enumerate() {
            let cards = &position.cards[start..end];
            start = end;
            if self.board.piles[pile] != cards {
                let cards = self.board.pile_of(cards);
                let hash = position.hashes.as_ref().map(|hashes| hashes[pile]);
                self.board.replace_hashed(pile, cards, hash);
            }
        }
        for (var, &value) in position.vars.iter().enumerate() {
            if self.board.vars[var] != value {
                self.board.set_var(var, value);
            }
        }
        let old = std::mem::take(&mut self.seen);
        self.undo.push((POSITION_STEP, mark, Token::Seen(old)));
        self.legal = None;
    }

    /// Visit this position, then each earlier one back to the start, while `visit` says
    /// so (`State.positions_back`), on a copy of the board.
    pub fn positions_back(&self, mut visit: impl FnMut(&Board) -> bool) {
        let mut board = self.board.plain_copy();
        if !visit(&board) {
            return;
        }
        for &(_, mark, _) in self.undo.iter().rev() {
            board.rewind(mark);
            if !visit(&board) {
                return;
            }
        }
    }

    /// A sample of what the player cannot see (`engine.unseen.sample`): each group of
    /// `Rules::unseen` sorted, then shuffled by SplitMix64 seeded with `seed` (the groups
    /// in order, Fisher-Yates from the end, as the Python sampler does, so both give the
    /// same position), chance events still to come seeded by a source made from the seed
    /// alone (`sample_chance`), so nothing the player has not seen leaks into the sample,
    /// and the repetition memory it would have: the board is taken back
    /// to the last irreversible move, shuffled there (reversible moves never touch an
    /// unseen place) and the reversible moves since played again. Its undo reaches back
    /// to that move only.
    pub fn sample(&self, seed: u64) -> State {
        let groups = self.rules.unseen(self);
        let tail =
            self.undo.iter().rev().take_while(|(m, _, t)| m.reversible && matches!(t, Token::Key(_))).count();
        let since = self.undo.len() - tail;
        let mut floor = self.board.plain_copy();
        if let Some(&(_, mark, _)) = self.undo.get(since) {
            floor.rewind(mark);
        }
        let mut rng = SplitMix64::new(seed);
        for group in &groups {
            let mut cards: Vec<Card> = group.iter().map(|&(p, k)| floor.piles[p][k]).collect();
            cards.sort_unstable();
            for i in (1..cards.len()).rev() {
                cards.swap(i, rng.below(i as u64 + 1) as usize);
            }
            for (&(p, k), card) in group.iter().zip(cards) {
                floor.piles[p][k] = card;
            }
        }
        let mut board = Board::new(0, 0, sample_chance(seed));
        board.piles = floor.piles;
        board.vars = floor.vars;
        if self.rules.keeps_hash() {
            board.keep_hash();
        }
        let mut out = State {
            rules: self.rules.clone(),
            board,
            undo: Vec::new(),
            seen: HashedSet::default(),
            legal: None,
            scratch: Vec::new(),
        };
        for &(mv, _, _) in &self.undo[since..] {
            out.play_raw(mv);
        }
        out
    }

    /// `"won"`, `"lost"` (no move and no action is legal) or `"playing"`.
    pub fn status(&mut self) -> &'static str {
        if self.is_won() {
            "won"
        } else if self.legal_raw().is_empty() {
            "lost"
        } else {
            "playing"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::deals::{chance_shuffle, chance_source, deal_order};
    use crate::games;

    /// A position pushed back (`push_position`) is the position taken, its kept hash
    /// included, from wherever the board was; `pop` takes the push back exactly. Shah
    /// keeps its hash, Star does not.
    #[test]
    fn a_pushed_position_is_the_position_taken() {
        let star: Options = vec![("direction".into(), OptValue::Str("first-fit".into()))];
        let mut rng = SplitMix64::new(5);
        for (game, options) in [("shah", Vec::new()), ("star", star)] {
            for deal in 1..=20 {
                let (rules, decks) = games::rules(game, &options).expect("a native game");
                let deck = deal_order(deal, decks);
                let mut state = State::new(rules, &deck, chance_source(Some(deal), &deck));
                let mut taken = Vec::new(); // (position, its key, its legal moves)
                while !state.legal_raw().is_empty() && state.moves_played() < 300 {
                    // a position taken with an empty repetition memory, as pushed
                    if !state.remembers() && rng.below(10) == 0 {
                        taken.push((state.position(), state.board.key(), state.legal_raw().to_vec()));
                    }
                    let legal = state.legal_raw().to_vec();
                    state.play_raw(legal[rng.below(legal.len() as u64) as usize]);
                    if !state.remembers() && !taken.is_empty() && rng.below(4) == 0 {
                        let (position, key, legal) = &taken[rng.below(taken.len() as u64) as usize];
                        let (before, hash) = (state.board.key(), state.board.kept_hash());
                        state.push_position(position);
                        assert_eq!(&state.board.key(), key, "{game} {deal}");
                        assert_eq!(state.legal_raw(), legal.as_slice(), "{game} {deal}");
                        if hash.is_some() {
                            assert_eq!(state.board.kept_hash(), Some(state.board.zobrist()), "{game} {deal}");
                        }
                        assert_eq!(state.pop(), POSITION_STEP);
                        assert_eq!(
                            (state.board.key(), state.board.kept_hash()),
                            (before, hash),
                            "{game} {deal}"
                        );
                    }
                }
            }
        }
    }

    /// The hash the primitives keep is the one computed from scratch, along random lines
    /// of Sun (its scatters, its wind's replaced piles) with moves taken back on the way.
    #[test]
    fn the_kept_hash_is_the_hash_from_scratch() {
        let options: Options = vec![
            ("transfers".into(), OptValue::Str("purposeful".into())),
            ("deal_when".into(), OptValue::Str("stuck".into())),
        ];
        let mut rng = SplitMix64::new(11);
        let mut winds = 0;
        for deal in 1..=60 {
            let (rules, decks) = games::rules("sun", &options).expect("sun plays");
            let deck = deal_order(deal, decks);
            let mut state = State::new(rules, &deck, chance_source(Some(deal), &deck));
            let laid_out = state.board.kept_hash();
            assert_eq!(laid_out, Some(state.board.zobrist()));
            while !state.legal_raw().is_empty() && state.moves_played() < 600 {
                if state.moves_played() > 0 && rng.below(8) == 0 {
                    state.pop();
                } else {
                    let legal = state.legal_raw().to_vec();
                    state.play_raw(legal[rng.below(legal.len() as u64) as usize]);
                }
                assert_eq!(state.board.kept_hash(), Some(state.board.zobrist()), "deal {deal}");
                winds += usize::from(state.board.vars[4] != 0);
            }
            while state.moves_played() > 0 {
                state.pop();
            }
            assert_eq!(state.board.kept_hash(), laid_out);
        }
        assert!(winds > 40, "{winds} positions after the wind");
    }

    #[test]
    fn a_kept_shuffle_is_the_chance_shuffle() {
        let mut board = Board::new(1, 0, "deal=3".into());
        for n in [0, 1, 2, 13, 40, 2, 40, 104] {
            let items: Vec<Card> = (0..n).map(|i| (i * 7 % 56) as Card).collect();
            for event in [0, 1] {
                assert_eq!(board.chance_shuffled(&items, event), chance_shuffle(&items, "deal=3", event));
            }
        }
    }

    /// Each game with options that reach its redeals and reversible moves.
    fn sampled_games() -> Vec<(&'static str, Options)> {
        let s = |v: &str| OptValue::Str(v.into());
        vec![
            ("star", vec![("direction".into(), s("free"))]),
            ("clock", vec![("wrap_marriage".into(), OptValue::Bool(false)), ("phases".into(), s("free"))]),
            ("rainbow", vec![("redeals".into(), OptValue::Int(3))]),
            ("sun", vec![("transfers".into(), s("free")), ("deal_when".into(), s("any"))]),
            (
                "toad",
                vec![
                    ("reserve_piles".into(), OptValue::Int(2)),
                    ("ace_extraction".into(), OptValue::Bool(true)),
                    ("reserve_size".into(), OptValue::Int(13)),
                    ("foundations".into(), OptValue::Int(8)),
                ],
            ),
            ("open-shop", vec![("redeals".into(), OptValue::Int(1))]),
            (
                "double-star",
                vec![("foundations".into(), OptValue::Int(8)), ("piles".into(), OptValue::Int(5))],
            ),
            (
                "blockade",
                vec![
                    ("move_sequences".into(), OptValue::Bool(false)),
                    ("empty_columns".into(), s("any")),
                    ("deal_when".into(), s("stuck")),
                ],
            ),
            ("shah", Vec::new()),
        ]
    }

    /// Piles (unseen places blanked), face-down counts, counters, moves played.
    type SeenView = (Vec<Vec<Card>>, Vec<(usize, usize)>, Vec<(String, Value)>, usize);

    /// What a player sees (docs/rules.md): the piles with the unseen places blanked, the
    /// face-down counts, the counters and the moves played.
    fn seen_view(state: &State) -> SeenView {
        let mut piles = state.board.piles.clone();
        for group in state.rules.unseen(state) {
            for (p, k) in group {
                piles[p][k] = Card::MAX;
            }
        }
        (piles, state.rules.face_down(&state.board), state.rules.counters(&state.board), state.moves_played())
    }

    /// The cards of each group of `groups` in `state`, sorted.
    fn group_cards(state: &State, groups: &[Vec<Place>]) -> Vec<Vec<Card>> {
        groups
            .iter()
            .map(|g| {
                let mut cards: Vec<Card> = g.iter().map(|&(p, k)| state.board.piles[p][k]).collect();
                cards.sort_unstable();
                cards
            })
            .collect()
    }

    /// Along random lines of every game a sample shows what the position shows, offers the
    /// same legal moves, keeps each group's cards and remembers as much; the same seed
    /// gives the same sample, and the samples differ while something is unseen.
    #[test]
    fn a_sample_keeps_what_the_player_sees() {
        let mut rng = SplitMix64::new(17);
        for (game, options) in sampled_games() {
            let mut differing = 0;
            for deal in 1..=6 {
                let (rules, decks) = games::rules(game, &options).expect("a native game");
                let deck = deal_order(deal, decks);
                let mut state = State::new(rules, &deck, chance_source(Some(deal), &deck));
                while !state.legal_raw().is_empty() && state.moves_played() < 400 {
                    if rng.below(4) == 0 {
                        let seed = rng.next_u64();
                        let legal = state.legal_raw().to_vec();
                        let mut out = state.sample(seed);
                        // the sample's own history starts at its last irreversible move, so
                        // the places are the position's (Shah's turned card is read there)
                        let view = seen_view(&state);
                        let mut piles = out.board.piles.clone();
                        for (p, k) in state.rules.unseen(&state).into_iter().flatten() {
                            piles[p][k] = Card::MAX;
                        }
                        let (down, counters) =
                            (out.rules.face_down(&out.board), out.rules.counters(&out.board));
                        let played = out.moves_played();
                        assert_eq!((&down, &counters), (&view.1, &view.2), "{game} {deal}");
                        assert_eq!(out.board.vars, state.board.vars, "{game} {deal}");
                        assert!(played <= view.3);
                        assert_eq!(piles, view.0, "{game} {deal}");
                        assert_eq!(out.legal_raw(), legal.as_slice(), "{game} {deal}");
                        let groups = state.rules.unseen(&state);
                        assert_eq!(group_cards(&out, &groups), group_cards(&state, &groups), "{game} {deal}");
                        assert_eq!(out.remembers(), state.remembers(), "{game} {deal}");
                        assert_eq!(out.seen.len(), state.seen.len(), "{game} {deal}");
                        assert_eq!(state.sample(seed).board.key(), out.board.key(), "{game} {deal}");
                        differing += usize::from(out.board.key() != state.board.key());
                        if out.board.kept_hash().is_some() {
                            assert_eq!(out.board.kept_hash(), Some(out.board.zobrist()), "{game} {deal}");
                        }
                    }
                    let legal = state.legal_raw().to_vec();
                    state.play_raw(legal[rng.below(legal.len() as u64) as usize]);
                }
            }
            assert!(differing > 10, "{game}: {differing} samples differ from the deal");
        }
    }

    /// The position `moves` reach from `deck` with two of its cards swapped, where the
    /// player sees no difference from `state` though the cards lie otherwise: two cards
    /// still face down, swapped (the pairs tried from the end of the deck, dealt last).
    fn swapped_twin(
        game: &str,
        options: &Options,
        deck: &[Card],
        moves: &[Move],
        state: &State,
    ) -> Option<State> {
        let seen = seen_view(state);
        for i in (0..deck.len()).rev() {
            for j in (0..i).rev() {
                if deck[i] == deck[j] {
                    continue;
                }
                let mut other = deck.to_vec();
                other.swap(i, j);
                let (rules, _) = games::rules(game, options).expect("a native game");
                let mut twin = State::new(rules, &other, chance_source(None, &other));
                let replays = moves.iter().all(|&mv| {
                    let legal = twin.legal_raw().contains(&mv);
                    if legal {
                        twin.play_raw(mv);
                    }
                    legal
                });
                if replays && seen_view(&twin) == seen && twin.board.key() != state.board.key() {
                    return Some(twin);
                }
            }
        }
        None
    }

    /// Two positions a player cannot tell apart (two face-down cards swapped, one dealt by
    /// number and one from its deck) give the same sample for the same seed: the sampler
    /// reads neither the unseen cards' order nor the deal.
    #[test]
    fn a_sample_reads_nothing_unseen() {
        let mut rng = SplitMix64::new(29);
        for (game, options) in sampled_games() {
            let mut twins = 0;
            for deal in 1..=3 {
                let (rules, decks) = games::rules(game, &options).expect("a native game");
                let deck = deal_order(deal, decks);
                let mut state = State::new(rules, &deck, chance_source(Some(deal), &deck));
                let mut moves = Vec::new();
                let steps = [0, 15, 40][deal as usize - 1];
                while moves.len() < steps && !state.legal_raw().is_empty() {
                    let legal = state.legal_raw().to_vec();
                    let mv = legal[rng.below(legal.len() as u64) as usize];
                    state.play_raw(mv);
                    moves.push(mv);
                }
                let Some(twin) = swapped_twin(game, &options, &deck, &moves, &state) else {
                    continue;
                };
                twins += 1;
                for seed in 0..4 {
                    let (mut one, mut two) = (state.sample(seed), twin.sample(seed));
                    assert_eq!(one.board.key(), two.board.key(), "{game} {deal}");
                    assert_eq!(one.board.chance, two.board.chance, "{game} {deal}");
                    assert_eq!(one.legal_raw(), two.legal_raw(), "{game} {deal}");
                }
            }
            assert!(twins > 0, "{game}: no two positions told apart by face-down cards alone");
        }
    }

    /// After Star's redeal nothing is unseen (STR-7) and a sample is the position itself.
    #[test]
    fn a_star_sample_after_the_redeal_is_the_position() {
        let options: Options = vec![("direction".into(), OptValue::Str("free".into()))];
        let (rules, decks) = games::rules("star", &options).expect("star plays");
        let deck = deal_order(4, decks);
        let mut state = State::new(rules, &deck, chance_source(Some(4), &deck));
        while state.board.vars[4] == 0 {
            let legal = state.legal_raw().to_vec();
            let action = legal.iter().copied().find(Move::is_action).expect("draw or redeal");
            state.play_raw(action);
        }
        assert!(state.rules.unseen(&state).is_empty());
        assert_eq!(state.sample(3).board.key(), state.board.key());
    }

    /// A sample's chance is its own: Sun's wind (SUN-9) blows otherwise for another seed,
    /// the same for the same seed.
    #[test]
    fn a_sample_blows_its_own_wind() {
        let options: Options = vec![
            ("transfers".into(), OptValue::Str("free".into())),
            ("deal_when".into(), OptValue::Str("any".into())),
        ];
        let (rules, decks) = games::rules("sun", &options).expect("sun plays");
        let deck = deal_order(2, decks);
        let mut state = State::new(rules, &deck, chance_source(Some(2), &deck));
        // deal, next-stage, next-ray, scatter, wind: the actions in order (SUN-4 to SUN-9)
        for (action, times) in [(0, 7), (1, 1), (2, 13), (3, 13)] {
            for _ in 0..times {
                state.play_raw(Move::action(action));
            }
        }
        let wind = |state: &State, seed: Option<u64>| {
            let mut out = seed.map_or_else(|| state.sample(0), |s| state.sample(s));
            if seed.is_none() {
                out.board.chance = state.board.chance.clone();
            }
            out.play_raw(Move::action(4));
            out.board.piles.last().expect("the wind").clone()
        };
        let real = wind(&state, None);
        assert_eq!(wind(&state, Some(1)), wind(&state, Some(1)));
        assert_ne!(wind(&state, Some(1)), wind(&state, Some(2)));
        assert_ne!(wind(&state, Some(1)), real);
    }
}
