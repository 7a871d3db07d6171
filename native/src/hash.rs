//! 128-bit hashes of position keys, and a hasher for tables keyed by them: the search's
//! table and the repetition memory hold these hashes, not the keys' bytes.
//!
//! Two distinct keys share a hash with probability about 2^-128, so among the n keys one
//! search or one game meets, some two collide with probability below n^2 / 2^129: under
//! 10^-20 for n = 10^9. A collision could call a position seen that was not (the search
//! would skip it, the repetition rule refuse a move); at that rate it never happens.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The tables' keys are already hashes: the hasher only folds the 128 bits.
#[derive(Default)]
pub struct Fold(u64);

impl Hasher for Fold {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u128(&mut self, i: u128) {
        self.0 = (i as u64) ^ ((i >> 64) as u64);
    }
}

/// A set of 128-bit hashes.
pub type HashedSet = HashSet<u128, BuildHasherDefault<Fold>>;
/// A map from 128-bit hashes.
pub type HashedMap<V> = HashMap<u128, V, BuildHasherDefault<Fold>>;

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// An exact key of at most 64 bits as a table key: `mix` is a bijection (each of its
/// steps can be undone), so distinct keys stay distinct, and its bits are spread.
pub fn spread(key: u64) -> u128 {
    u128::from(mix(key))
}

/// Two independent 64-bit hashes of `bytes` (and its length), as one 128-bit key.
pub fn hash128(bytes: &[u8]) -> u128 {
    let mut a: u64 = 0x243F_6A88_85A3_08D3 ^ bytes.len() as u64;
    let mut b: u64 = 0x1319_8A2E_0370_7344;
    let mut step = |w: u64| {
        a = mix(a ^ w).rotate_left(17);
        b = mix(b.wrapping_add(w).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (b >> 29));
    };
    let words = bytes.chunks_exact(8);
    let tail = words.remainder();
    for word in words {
        step(u64::from_le_bytes(word.try_into().expect("eight bytes")));
    }
    if !tail.is_empty() {
        // the last bytes, zero-padded, a byte at a time (no call to copy them)
        step(tail.iter().rev().fold(0, |w, &byte| w << 8 | u64::from(byte)));
    }
    u128::from(mix(a)) << 64 | u128::from(mix(b ^ a.rotate_left(32)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_tells_close_keys_apart() {
        let mut seen = HashSet::new();
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                assert!(seen.insert(hash128(&[a, b, 0xff])));
            }
        }
        assert_ne!(hash128(&[0]), hash128(&[0, 0]));
    }

    #[test]
    fn spread_keeps_keys_apart() {
        let spread: HashSet<u128> = (0..100_000u64).map(|k| spread(k << 20)).collect();
        assert_eq!(spread.len(), 100_000);
    }

    #[test]
    fn a_tail_hashes_as_its_zero_padded_word() {
        let bytes: Vec<u8> = (1..=13).collect();
        let mut padded = [0u8; 16];
        padded[..13].copy_from_slice(&bytes);
        // the length is hashed too, so padding is told apart only by it
        let (mut a, mut b) = (0x243F_6A88_85A3_08D3 ^ 13u64, 0x1319_8A2E_0370_7344u64);
        for word in padded.chunks_exact(8) {
            let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            a = mix(a ^ w).rotate_left(17);
            b = mix(b.wrapping_add(w).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (b >> 29));
        }
        let expected = u128::from(mix(a)) << 64 | u128::from(mix(b ^ a.rotate_left(32)));
        assert_eq!(hash128(&bytes), expected);
    }
}
