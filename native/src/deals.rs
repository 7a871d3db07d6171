//! Deal numbers to deck orders, bit for bit as docs/deals.md defines them (and
//! `patience.deals` implements them): SplitMix64 and a Fisher-Yates shuffle from the end.

use sha2::{Digest, Sha256};

use crate::cards::{code, fresh_deck, Card};

const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// Steele, Lea & Flood's SplitMix64.
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `[0, bound)`: draws from the incomplete last block are rejected.
    pub fn below(&mut self, bound: u64) -> u64 {
        // accept x < 2^64 - (2^64 mod bound), i.e. x <= u64::MAX - (2^64 mod bound);
        // 2^64 mod bound is (2^64 - bound) mod bound, in 64 bits
        let rest = bound.wrapping_neg() % bound;
        loop {
            let x = self.next_u64();
            if x <= u64::MAX - rest {
                return x % bound;
            }
        }
    }
}

/// Fisher-Yates from the end: for i = n-1 down to 1 swap item i with item below(i + 1).
pub fn shuffled<T: Clone>(items: &[T], seed: u64) -> Vec<T> {
    let mut out = items.to_vec();
    shuffle(&mut out, seed);
    out
}

/// `shuffled` in place.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = SplitMix64::new(seed);
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// The deck order (index 0 dealt first) of deal number `deal` for one or two decks.
pub fn deal_order(deal: u64, decks: usize) -> Vec<Card> {
    shuffled(&fresh_deck(decks), deal)
}

/// The text that seeds chance events: `deal=42` or `deck=AS,7H,...` (`chance_source`).
pub fn chance_source(deal: Option<u64>, deck: &[Card]) -> String {
    match deal {
        Some(n) => format!("deal={n}"),
        None => format!("deck={}", deck.iter().map(|&c| code(c)).collect::<Vec<_>>().join(",")),
    }
}

/// The seed of chance event `event` (0, 1, ... within a game): the first 8 bytes,
/// big-endian, of SHA-256 of `source/event`.
pub fn chance_seed(source: &str, event: i32) -> u64 {
    let digest = Sha256::digest(format!("{source}/{event}").as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

/// `items` shuffled by chance event `event` of the game `source` names.
pub fn chance_shuffle<T: Clone>(items: &[T], source: &str, event: i32) -> Vec<T> {
    shuffled(items, chance_seed(source, event))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::code;

    #[test]
    fn splitmix_vectors() {
        // docs/deals.md: seed 0
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn deal_one_vectors() {
        let first =
            |decks| -> Vec<String> { deal_order(1, decks).iter().take(5).map(|&c| code(c)).collect() };
        assert_eq!(first(1), ["7H", "9S", "4H", "8D", "8H"]);
        assert_eq!(first(2), ["6D", "7D", "JS", "8S", "KC"]);
    }

    #[test]
    fn chance_seed_is_sha256_of_the_source_and_event() {
        // hashlib.sha256(b"deal=1/0").digest()[:8]
        assert_eq!(chance_seed("deal=1", 0), 0xa7c8_0f28_eede_4827);
        assert_ne!(chance_seed("deal=1", 0), chance_seed("deal=1", 1));
        assert_eq!(chance_source(Some(7), &[]), "deal=7");
        assert_eq!(chance_source(None, &[0b100, 0b1001]), "deck=AS,2H");
    }

    /// The 64-bit rejection limit is the 128-bit one it replaced.
    #[test]
    fn below_rejects_the_incomplete_block() {
        for bound in (1..300u64).chain([3 << 62, u64::MAX / 3 + 7, u64::MAX]) {
            let whole = 1u128 << 64;
            let limit = whole - whole % u128::from(bound);
            assert_eq!(u128::from(u64::MAX - bound.wrapping_neg() % bound) + 1, limit, "{bound}");
        }
    }

    #[test]
    fn below_stays_below() {
        let mut rng = SplitMix64::new(7);
        for bound in 1..200u64 {
            assert!(rng.below(bound) < bound);
        }
    }
}
