//! Toad (`patience.games.toad`): one or two squared toad piles, eight ace
//! foundations (or four that go round twice, TOD-8) and five free piles, on the reserve family's procedure
//! (`reserve_family.rs`); and what the solver knows of its ace extraction
//! (`patience.solver.toad`).

use std::sync::Arc;

use crate::engine::{Move, OptValue, Options, Rules};
use crate::games::reserve_family::{DiveSpec, ReserveRules, Shape};

/// Toad with `options` (`reserve_piles` 1 or 2, `ace_extraction`, `reserve_size` 1 to
/// 26, `foundations` 8 or 4), under today's rules (version 2: the extraction is the player's move, TOD-3).
pub fn build(options: &Options) -> Result<Arc<dyn Rules>, String> {
    let (mut piles, mut extraction, mut size, mut foundations) = (None, None, None, None);
    for (name, value) in options {
        match (name.as_str(), value) {
            ("reserve_piles", OptValue::Int(n @ (1 | 2))) => piles = Some(*n),
            ("ace_extraction", OptValue::Bool(b)) => extraction = Some(*b),
            ("reserve_size", OptValue::Int(n @ 1..=26)) => size = Some(*n as usize),
            ("foundations", OptValue::Int(n @ (4 | 8))) => foundations = Some(*n as usize),
            _ => return Err(format!("toad: option {name} = {value:?} is not supported")),
        }
    }
    let piles = piles.ok_or("toad: option reserve_piles missing")?;
    let foundations = foundations.ok_or("toad: option foundations missing")?;
    let shape = Shape {
        // TOD-1, TOD-7
        reserves: if piles == 2 { &["toad1", "toad2"] } else { &["toad"] },
        reserve_size: size.ok_or("toad: option reserve_size missing")?,
        reserve_wrap: false, // TOD-4
        // TOD-2: eight of A to K, so never round the corner; TOD-8: or four of A to K
        // and, on the king, A to K again
        foundations,
        foundation_cards: 104 / foundations,
        waste_piles: 5, // TOD-5
        base_from_deal: false,
        face_down_reserve: false,
        ace_extraction: extraction.ok_or("toad: option ace_extraction missing")?, // TOD-3
        redeals: 0,                                                               // TOD-6
        even_piles: false,
    };
    // the counter `ace_extracted` is Toad's whatever the options (rules version 2)
    Ok(Arc::new(ReserveRules::new("toad", shape, 1, true).probed(PROBE_UNIT).dived(DIVE)))
}

/// The shortest probe (`strategies.PROBE_UNITS`): a high card on the toad pile puts the
/// placements that decide the deal far back, so the probes back up further than 256.
const PROBE_UNIT: u64 = 1024;

/// Toad's dive (`strategies.toad_dive`): half the budgets; each placement also kept with
/// the waste tops held off the foundations (a won line may keep a card on a waste pile
/// so that a foundation stays free for a card still buried in a toad pile, TOD-2, TOD-5);
/// beams four times as wide a round (2, 8, 32, 128, ...): with tops held a round of
/// width 32 no longer fits the share of 10 s, and the rounds between reach lines the
/// widths 2 and 32 miss.
const DIVE: DiveSpec = DiveSpec { share: 0.5, hold: true, growth: 4, pool: None };

/// `search_after_extractions`: while an extraction is open (TOD-3) with foundations of
/// 13 (TOD-2) only the extractions (`is_extraction`) need searching, deepest first in
/// toad1, then toad2, as generated.
/// Taking an ace out first loses nothing: if a winning line L takes ace a out later,
/// L' takes it out first and then plays L without that move (nothing is ever laid on an
/// ace, TOD-4, so every card above a is L's in L's order, and foundations build
/// regardless of suit, TOD-2, so each of L's plays finds a foundation of the same
/// count); if L takes none out, every ace under a top reaches a foundation from the top
/// in L, and L' takes one of them out first and skips that play. Toad has no reversible
/// move, so no repetition memory tells the lines apart.
///
/// With four foundations of 26 (TOD-8) the argument fails: an ace that L plays from a
/// toad top onto a king, taken out first instead, fills an empty foundation that L
/// starts with another ace, one that may have to leave a waste pile early to free the
/// cards under it. So there the search tries every move while the extraction is open
/// (`ReserveRules::extractions_only`).
pub fn extractions_first(legal: &mut Vec<Move>, is_extraction: impl Fn(&Move) -> bool) {
    legal.retain(is_extraction);
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::cards::{fresh_deck, parse};
    use crate::engine::{Board, Move, OptValue, Options, Rules};
    use crate::games;

    // pile numbers with one toad pile: toad, the foundations, five waste piles, stock, hand
    const TOAD: usize = 0;

    fn toad(foundations: i64) -> Arc<dyn Rules> {
        let options: Options = vec![
            ("reserve_piles".into(), OptValue::Int(1)),
            ("ace_extraction".into(), OptValue::Bool(true)),
            ("reserve_size".into(), OptValue::Int(13)),
            ("foundations".into(), OptValue::Int(foundations)),
        ];
        games::rules("toad", &options).expect("toad plays").0
    }

    fn cards(codes: &str) -> Vec<u8> {
        codes.split_whitespace().map(|c| parse(c).expect("a card code")).collect()
    }

    /// A position of `rules` laid out from a fresh deck, then these piles set by number
    /// (foundations counted from 1), the others as dealt: only the moves are read.
    fn position(rules: &Arc<dyn Rules>, found: &[&str], toad: &str, hand: &str) -> Board {
        let mut board = Board::new(rules.layout().len(), rules.var_count(), String::new());
        rules.setup(&mut board, &fresh_deck(2));
        board.piles[TOAD] = cards(toad);
        for (k, codes) in found.iter().enumerate() {
            board.piles[1 + k] = cards(codes);
        }
        let hand_pile = rules.layout().len() - 1;
        board.piles[hand_pile] = cards(hand);
        board
    }

    fn moves(rules: &Arc<dyn Rules>, board: &Board) -> Vec<Move> {
        let mut out = Vec::new();
        rules.generate(board, &mut out);
        out
    }

    /// The foundations (by pile number) the card on top of pile `src` may go to.
    fn to_foundations(rules: &Arc<dyn Rules>, board: &Board, src: usize) -> Vec<usize> {
        let is_foundation = |pile: usize| rules.layout()[pile].id.starts_with("found");
        moves(rules, board)
            .iter()
            .filter(|m| !m.is_action() && m.src == src && is_foundation(m.dst))
            .map(|m| m.dst)
            .collect()
    }

    const ACE_TO_KING: &str = "AS 2H 3D 4C 5S 6H 7D 8C 9S TH JD QC KS";

    /// TOD-8: four foundations of 26, found1 to found4, and no more.
    #[test]
    fn four_foundations_of_26_are_laid_out() {
        let rules = toad(4);
        let ids: Vec<(&str, usize)> = rules
            .layout()
            .iter()
            .filter(|p| p.id.starts_with("found"))
            .map(|p| (p.id.as_str(), p.capacity))
            .collect();
        assert_eq!(ids, [("found1", 26), ("found2", 26), ("found3", 26), ("found4", 26)]);
        assert_eq!(toad(8).layout().iter().filter(|p| p.id.starts_with("found")).count(), 8);
    }

    /// TOD-8: a king is followed by an ace on the same foundation, which an ace may also
    /// start while one is empty (the lowest-numbered); with eight (TOD-2) a king ends it.
    #[test]
    fn an_ace_goes_on_a_king_or_starts_a_foundation() {
        let rules = toad(4);
        let hand = rules.layout().len() - 1;
        let board = position(&rules, &[ACE_TO_KING, "AH", "", ""], "5C 6C", "AD");
        assert_eq!(to_foundations(&rules, &board, hand), [1, 3]);
        let two = position(&rules, &[&format!("{ACE_TO_KING} AC"), "AH", "", ""], "5C 6C", "2D");
        assert_eq!(to_foundations(&rules, &two, hand), [1, 2]);
        let eight = toad(8);
        let board = position(&eight, &[ACE_TO_KING, "AH", "", ""], "5C 6C", "AD");
        assert_eq!(to_foundations(&eight, &board, eight.layout().len() - 1), [3]);
    }

    /// TOD-8: once all four foundations are started an ace waits for a king; a
    /// foundation of 26 is complete and takes nothing.
    #[test]
    fn a_fifth_ace_waits_for_a_king_and_26_complete_a_foundation() {
        let rules = toad(4);
        let hand = rules.layout().len() - 1;
        let board = position(&rules, &["AS", "AH", "AD", "AC 2C"], "5C 6C", "AD");
        assert!(to_foundations(&rules, &board, hand).is_empty());
        let full = format!("{ACE_TO_KING} {ACE_TO_KING}");
        let board = position(&rules, &[&full, &full, &full, ACE_TO_KING], "5C 6C", "AD");
        assert_eq!(to_foundations(&rules, &board, hand), [4]);
    }

    /// TOD-3 with TOD-8: the ace taken out goes to the lowest empty foundation; with all
    /// four started there is none, and no ace is taken out.
    #[test]
    fn an_ace_is_taken_out_only_to_an_empty_foundation() {
        let rules = toad(4);
        let board = position(&rules, &["AS", "AH", "", ""], "AD 5C 6C", "");
        let out: Vec<Move> =
            moves(&rules, &board).into_iter().filter(|m| !m.is_action() && m.index == 0).collect();
        assert_eq!(out, [Move::card(TOAD, 3, 0, false)]);
        let board = position(&rules, &["AS", "AH", "AD", "AC"], "AD 5C 6C", "");
        assert!(moves(&rules, &board).iter().all(|m| m.is_action() || m.index != 0 || m.src != TOAD));
    }
}
