//! Sun (`patience.games.sun`): thirteen rays round eight foundations, in
//! three stages and a wind; and what the solver knows of it (`patience.solver.sun`'s
//! probe orders, `patience.solver.dominance`'s safe move and dead end after the wind).

#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::cards::{rank, suit, Card};
use crate::deals::SplitMix64;
use crate::engine::{unit_draw, Board, Kind, Move, OptValue, Options, Pile, Rules, Value};

const RAYS: usize = 13;
const SUITS: [char; 4] = ['S', 'H', 'D', 'C'];
const ACE0: usize = RAYS; // ace-S ... ace-C are piles 13-16, king-S ... king-C 17-20 (SUN-1)
const KING0: usize = ACE0 + 4;
const STOCK: usize = KING0 + 4;
const CLOUD0: usize = STOCK + 1; // cloud1 ... cloud13 (a scatter makes at most one cloud)
const WIND: usize = CLOUD0 + RAYS;

const DEAL: usize = 0;
const NEXT_STAGE: usize = 1;
const NEXT_RAY: usize = 2;
const SCATTER: usize = 3;
const BLOW: usize = 4;
// vars
const STAGE: usize = 0;
const FOCUS: usize = 1;
const SCATTERED: usize = 2;
const CLOUDS: usize = 3;
const WIND_DONE: usize = 4;

/// The chance, at a position with plays, that a probe tries the stage action first
/// (`solver.sun.EARLY_ACTION`).
const EARLY_ACTION: f64 = 0.05;

pub struct Sun {
    layout: Vec<Pile>,
    purposeful: bool, // SUN-3: a crossing must be a step towards an available card of a ray
    deal_when_stuck: bool, // SUN-4: deal only when no play and no crossing is legal
}

/// Sun with `options` (`transfers`: `"purposeful"` or `"free"`; `deal_when`: `"stuck"`
/// or `"any"`), or why not. Today's rules version only (rules version 3).
pub fn build(options: &Options) -> Result<Arc<dyn Rules>, String> {
    let (mut purposeful, mut deal_when_stuck) = (None, None);
    for (name, value) in options {
        match (name.as_str(), value) {
            ("transfers", OptValue::Str(v)) if v == "purposeful" => purposeful = Some(true),
            ("transfers", OptValue::Str(v)) if v == "free" => purposeful = Some(false),
            ("deal_when", OptValue::Str(v)) if v == "stuck" => deal_when_stuck = Some(true),
            ("deal_when", OptValue::Str(v)) if v == "any" => deal_when_stuck = Some(false),
            _ => return Err(format!("sun: option {name} = {value:?} is not supported")),
        }
    }
    let purposeful = purposeful.ok_or("sun: option transfers missing")?;
    let deal_when_stuck = deal_when_stuck.ok_or("sun: option deal_when missing")?;
    let mut layout: Vec<Pile> = (1..=RAYS).map(|r| Pile::new(&format!("ray{r}"), Kind::Tableau, 0)).collect();
    layout.extend(SUITS.iter().map(|s| Pile::new(&format!("ace-{s}"), Kind::Foundation, 13)));
    layout.extend(SUITS.iter().map(|s| Pile::new(&format!("king-{s}"), Kind::Foundation, 13)));
    layout.push(Pile::new("stock", Kind::Stock, 0));
    layout.extend((1..=RAYS).map(|c| Pile::new(&format!("cloud{c}"), Kind::Tableau, 0)));
    layout.push(Pile::new("wind", Kind::Tableau, 0));
    Ok(Arc::new(Sun { layout, purposeful, deal_when_stuck }))
}

/// SUN-2: the foundations each card could go to now: ace-X holding A..n wants rank n+1,
/// king-X holding K..(14-m) wants 13-m.
struct Wanted {
    up: [usize; 4],   // rank ace-X wants, or 0: none (it is complete)
    down: [usize; 4], // rank king-X wants, or 0
}

impl Wanted {
    fn new(piles: &[Vec<Card>]) -> Wanted {
        let mut wanted = Wanted { up: [0; 4], down: [0; 4] };
        for s in 0..4 {
            let (up, down) = (piles[ACE0 + s].len(), piles[KING0 + s].len());
            wanted.up[s] = if up < 13 { up + 1 } else { 0 };
            wanted.down[s] = 13_usize.saturating_sub(down);
        }
        wanted
    }

    /// The plays of `card`, at `index` of `src`: to ace-X first, then to king-X.
    fn push_plays(&self, out: &mut Vec<Move>, src: usize, index: usize, card: Card) {
        let (s, r) = (usize::from(suit(card)), usize::from(rank(card)));
        if self.up[s] == r {
            out.push(Move::card(src, ACE0 + s, index, false));
        }
        if self.down[s] == r {
            out.push(Move::card(src, KING0 + s, index, false));
        }
    }
}

impl Sun {
    /// SUN-3: per suit, the lowest and the highest rank of an available card of a ray
    /// (the outer card of each ray, every card of the ray in focus); 14 and 0 where
    /// there is none. Clouds and the wind's row give no purpose.
    fn ray_ranks(&self, board: &Board) -> ([usize; 4], [usize; 4]) {
        let (piles, v) = (&board.piles, &board.vars);
        let (mut lowest, mut highest) = ([14; 4], [0; 4]);
        for (ray, cards) in piles[..RAYS].iter().enumerate() {
            let open = if v[STAGE] == 2 && ray == v[FOCUS] as usize {
                &cards[..]
            } else {
                &cards[cards.len().saturating_sub(1)..]
            };
            for &card in open {
                let (s, r) = (usize::from(suit(card)), usize::from(rank(card)));
                lowest[s] = lowest[s].min(r);
                highest[s] = highest[s].max(r);
            }
        }
        (lowest, highest)
    }

    /// One past the last cloud pile in play (the wind's row counts as a cloud, SUN-9).
    fn last_cloud(&self, board: &Board) -> usize {
        if board.vars[WIND_DONE] != 0 {
            WIND + 1
        } else {
            CLOUD0 + board.vars[CLOUDS] as usize
        }
    }

    /// SUN-6: ray k turned over, innermost card first, onto rays k+1..13; the rest a cloud.
    fn scatter(&self, board: &mut Board) {
        // the same position as taking the innermost card onto each next ray in turn and
        // the rest to a cloud, reached by moves off the top (a card off the bottom moves
        // every card above it, whose places the kept hash then counts again)
        let ray = board.vars[SCATTERED] as usize;
        let turned = board.piles[ray].len().min(RAYS - 1 - ray);
        let left = board.piles[ray].len() - turned;
        if left > 0 {
            let cloud = CLOUD0 + board.vars[CLOUDS] as usize;
            board.move_top(ray, cloud, left);
            board.set_var(CLOUDS, board.vars[CLOUDS] + 1);
        }
        for target in (ray + 1..=ray + turned).rev() {
            board.move_top(ray, target, 1);
        }
        board.set_var(SCATTERED, ray as i32 + 1);
    }

    /// SUN-9: gather the clouds in order, shuffle them (chance event 0), one row `wind`.
    fn blow(&self, board: &mut Board) {
        let clouds = CLOUD0..CLOUD0 + board.vars[CLOUDS] as usize;
        let mut gathered = [0; 2 * 52];
        let mut n = 0;
        for cloud in clouds {
            let cards = &board.piles[cloud];
            if cards.is_empty() {
                continue; // played out already: nothing to take
            }
            gathered[n..n + cards.len()].copy_from_slice(cards);
            n += cards.len();
            board.replace(cloud, Vec::new());
        }
        let row = board.chance_shuffled(&gathered[..n], 0);
        board.replace(WIND, row);
        board.set_var(WIND_DONE, 1);
    }
}

impl Rules for Sun {
    fn game_id(&self) -> &'static str {
        "sun"
    }

    fn layout(&self) -> &[Pile] {
        &self.layout
    }

    fn actions(&self) -> &'static [&'static str] {
        &["deal", "next-stage", "next-ray", "scatter", "wind"]
    }

    fn var_count(&self) -> usize {
        5
    }

    /// SUN-4: the game starts with the first arc dealt, ray1 -> ray13.
    fn setup(&self, board: &mut Board, deck: &[Card]) {
        board.piles[STOCK] = deck.iter().rev().copied().collect();
        for ray in 0..RAYS {
            let card = board.piles[STOCK].pop().expect("a two-deck stock");
            board.piles[ray].push(card);
        }
        board.vars[STAGE] = 1;
    }

    fn generate(&self, board: &Board, out: &mut Vec<Move>) {
        let (piles, v) = (&board.piles, &board.vars);
        let wanted = Wanted::new(piles);
        for (ray, cards) in piles[..RAYS].iter().enumerate() {
            if cards.is_empty() {
                continue;
            }
            if v[STAGE] == 2 && ray == v[FOCUS] as usize {
                // SUN-5, SUN-10: the whole ray in focus is open
                for (i, &card) in cards.iter().enumerate() {
                    wanted.push_plays(out, ray, i, card);
                }
            } else {
                // SUN-4, SUN-8: only the outer card
                let i = cards.len() - 1;
                wanted.push_plays(out, ray, i, cards[i]);
            }
        }
        for (cloud, cards) in piles.iter().enumerate().take(self.last_cloud(board)).skip(CLOUD0) {
            // SUN-7: both ends of a cloud
            if let Some(&last) = cards.last() {
                let i = cards.len() - 1;
                wanted.push_plays(out, cloud, i, last);
                if cards.len() > 1 {
                    wanted.push_plays(out, cloud, 0, cards[0]);
                }
            }
        }
        let mut ray_ranks: Option<([usize; 4], [usize; 4])> = None;
        for s in 0..4 {
            // SUN-3: crossings where ace-X and king-X meet
            let (up, down) = (piles[ACE0 + s].len(), piles[KING0 + s].len());
            if up + down != 13 {
                continue;
            }
            // ace-X holds A..up, king-X K..up+1: a crossing down (up onto king-X) lets
            // king-X go on down to the ranks below up, a crossing up (up+1 onto ace-X)
            // lets ace-X go on up to the ranks above up+1; with transfers = purposeful
            // a card of that suit and rank must be available in a ray
            if self.purposeful && ray_ranks.is_none() {
                ray_ranks = Some(self.ray_ranks(board));
            }
            let towards_lower = ray_ranks.is_none_or(|(lowest, _)| lowest[s] < up);
            let towards_higher = ray_ranks.is_none_or(|(_, highest)| highest[s] > up + 1);
            if up > 1 && towards_lower {
                out.push(Move::card(ACE0 + s, KING0 + s, up - 1, true));
            }
            if down > 1 && towards_higher {
                out.push(Move::card(KING0 + s, ACE0 + s, down - 1, true));
            }
        }
        if v[STAGE] == 1 {
            out.push(Move::action(if piles[STOCK].is_empty() { NEXT_STAGE } else { DEAL }));
        } else if v[STAGE] == 2 {
            out.push(Move::action(NEXT_RAY));
        } else if (v[SCATTERED] as usize) < RAYS {
            out.push(Move::action(SCATTER));
        } else if v[WIND_DONE] == 0
            && piles[CLOUD0..CLOUD0 + v[CLOUDS] as usize].iter().any(|c| !c.is_empty())
        {
            out.push(Move::action(BLOW)); // SUN-9
        }
    }

    /// SUN-4, `deal_when = "stuck"`: the next arc only when no card can go up and no
    /// crossing is legal, read once the repetition rule has refused what it refuses;
    /// the deal is withheld only while another move is legal, so the game is never stuck
    /// with cards in the stock. In stage 1 `deal` comes last.
    fn after_repetition(&self, _board: &Board, legal: &mut Vec<Move>) {
        if self.deal_when_stuck
            && legal.len() > 1
            && legal.last().is_some_and(|m| m.is_action() && m.dst == DEAL)
        {
            legal.pop();
        }
    }

    fn apply(&self, board: &mut Board, mv: Move) {
        if !mv.is_action() {
            if mv.index == board.piles[mv.src].len() - 1 {
                board.move_top(mv.src, mv.dst, 1);
            } else {
                board.take_at(mv.src, mv.index, mv.dst);
            }
            return;
        }
        match mv.dst {
            DEAL => {
                // SUN-4: one card on every ray, empty ones too
                for ray in 0..RAYS {
                    board.move_top(STOCK, ray, 1);
                }
            }
            NEXT_STAGE => {
                board.set_var(STAGE, 2); // SUN-5
                board.set_var(FOCUS, 0);
            }
            NEXT_RAY => {
                let focus = board.vars[FOCUS];
                if (focus as usize) < RAYS - 1 {
                    board.set_var(FOCUS, focus + 1);
                } else {
                    board.set_var(STAGE, 3);
                }
            }
            SCATTER => self.scatter(board),
            _ => self.blow(board),
        }
    }

    /// Won with all 104 cards on the eight foundations (SUN-1, SUN-2).
    fn is_won(&self, board: &Board) -> bool {
        board.piles[ACE0..KING0 + 4].iter().map(Vec::len).sum::<usize>() == 2 * 52
    }

    fn listed(&self, board: &Board) -> Vec<usize> {
        let mut out: Vec<usize> = (0..CLOUD0 + board.vars[CLOUDS] as usize).collect();
        if board.vars[WIND_DONE] != 0 {
            out.push(WIND);
        }
        out
    }

    fn counters(&self, board: &Board) -> Vec<(String, Value)> {
        let v = &board.vars;
        let focus = if v[STAGE] == 2 { Value::Str(format!("ray{}", v[FOCUS] + 1)) } else { Value::None };
        vec![
            ("stage".into(), Value::Int(i64::from(v[STAGE]))),
            ("focus".into(), focus),
            ("rays_scattered".into(), Value::Int(i64::from(v[SCATTERED]))),
            ("wind_blown".into(), Value::Bool(v[WIND_DONE] != 0)),
        ]
    }

    /// SUN-4 with `deal_when = "stuck"`: in stage 1 the deal is offered once the memory
    /// has refused every crossing left, so where it is offered depends on the line of
    /// crossings that led there (two suits' crossings can walk round a position and shut
    /// it in), not on the board alone.
    fn legal_reads_memory(&self, board: &Board) -> bool {
        self.deal_when_stuck && board.vars[STAGE] == 1 && !board.piles[STOCK].is_empty()
    }

    /// `sun_safe_move`: after the wind, a card whose suit's foundations have passed each
    /// other (ace-X and king-X hold 14 or more cards): it has one foundation only. It
    /// holds under rules version 3: no crossing of that suit is possible (its piles no
    /// longer meet), the rays are empty after the wind so no purposeful crossing of any
    /// suit is legal before or after the move (SUN-3 wants a card of a ray; free
    /// crossings are as they were), and SUN-4's deal belongs to stage 1.
    fn safe_move(&self, board: &Board, legal: &[Move]) -> Option<Move> {
        if board.vars[WIND_DONE] == 0 {
            return None;
        }
        let piles = &board.piles;
        legal.iter().copied().find(|m| {
            if m.src != WIND {
                return false;
            }
            let s = if m.dst < KING0 { m.dst - ACE0 } else { m.dst - KING0 };
            piles[ACE0 + s].len() + piles[KING0 + s].len() >= 14
        })
    }

    /// `sun_dead_end`: after the wind, a card walled in on both sides by cards of its own
    /// suit bound for the same foundation later than it. Only suits whose piles have
    /// passed each other count, and those can never cross again (SUN-3), so neither the
    /// crossings towards a card of a ray nor SUN-4's deal touch the argument.
    fn dead_end(&self, board: &Board) -> bool {
        if board.vars[WIND_DONE] == 0 {
            return false;
        }
        let piles = &board.piles;
        let row = &piles[WIND];
        if row.len() < 3 {
            return false;
        }
        // per card: suit * 2 + foundation (0 ace-X, 1 king-X), or None: not certain; and
        // its place in that foundation's order
        let ups: [usize; 4] = std::array::from_fn(|s| piles[ACE0 + s].len());
        let passed: [bool; 4] = std::array::from_fn(|s| ups[s] + piles[KING0 + s].len() >= 14);
        if passed == [false; 4] {
            return false;
        }
        let slot = |card: Card| -> Option<(usize, usize)> {
            let (s, r) = (usize::from(suit(card)), usize::from(rank(card)));
            let up = ups[s];
            if !passed[s] {
                None
            } else if r > up {
                Some((s * 2, r)) // ace-X ascends
            } else {
                Some((s * 2 + 1, 14 - r)) // king-X descends
            }
        };
        // the row holds at most 104 cards: one bit each, set when a later card of its
        // foundation lies on its left
        let mut later_on_left = 0u128;
        let mut highest = [0usize; 8];
        for (i, &card) in row.iter().enumerate() {
            if let Some((slot, order)) = slot(card) {
                if highest[slot] > order {
                    later_on_left |= 1 << i;
                }
                highest[slot] = highest[slot].max(order);
            }
        }
        let mut highest = [0usize; 8];
        for (i, &card) in row.iter().enumerate().rev() {
            if let Some((slot, order)) = slot(card) {
                if later_on_left >> i & 1 == 1 && highest[slot] > order {
                    return true;
                }
                highest[slot] = highest[slot].max(order);
            }
        }
        false
    }

    /// Sun's solver key is the board's key, whose Zobrist hash the board keeps: the
    /// table key and the repetition hash read it instead of hashing 144 bytes a position.
    fn keeps_hash(&self) -> bool {
        true
    }

    fn table_key(&self, board: &Board, _scratch: &mut Vec<u8>) -> u128 {
        board.kept_hash().unwrap_or_else(|| board.zobrist())
    }

    fn repetition_hash(&self, board: &Board, _scratch: &mut Vec<u8>) -> u128 {
        board.kept_hash().unwrap_or_else(|| board.zobrist())
    }

    /// Sun is searched by restarted probes (`solver.strategies.PROBE_ORDERS`).
    fn probe_unit(&self) -> Option<u64> {
        Some(256)
    }

    /// `solver.sun.probe_order`: probe 0 greedy (plays, the stage action, transfers);
    /// after it plays drawn at random (odd probes draw transfers among them), and now and
    /// then the stage action first: in stages 1 and 2 for half the probes, in stage 3
    /// before the scatters for all, never before the wind. It only orders the legal
    /// moves: under `deal_when = "stuck"` the deal is never offered beside a play, so
    /// there the early action of stage 1 is the move to stage 2 alone.
    fn probe_order(&self, board: &Board, legal: &mut Vec<Move>, probe: u64, rng: &mut SplitMix64) {
        // a stable sort, in place: plays, then (odd probes) the transfers to be drawn with
        // them, the stage action, the other transfers
        let drawn_transfers = probe % 2 == 1;
        let class = |m: &Move| match (m.is_action(), m.reversible) {
            (false, false) => 0,
            (false, true) if drawn_transfers => 1,
            (true, _) => 2,
            (false, true) => 3,
        };
        legal.sort_by_key(class);
        if probe == 0 {
            return;
        }
        let plays = legal.iter().take_while(|m| class(m) < 2).count();
        let actions = legal[plays..].iter().take_while(|m| m.is_action()).count();
        for i in (1..plays).rev() {
            legal.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let v = &board.vars;
        let early = if v[STAGE] < 3 {
            if probe % 4 >= 2 {
                EARLY_ACTION
            } else {
                0.0
            }
        } else if (v[SCATTERED] as usize) < RAYS {
            EARLY_ACTION
        } else {
            0.0
        };
        if plays > 0 && actions > 0 && early > 0.0 && unit_draw(rng) < early {
            legal[..plays + actions].rotate_right(actions);
        }
    }
}
