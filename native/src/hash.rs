//! 128-bit hashes of position keys, and a hasher for tables keyed by them: the search's
//! table and the repetition memory hold these hashes, not the keys' bytes.
//!
//! Taking `hash128` for a random function (it is no cryptographic hash, but the keys are
//! positions, not an adversary's choice), two distinct keys share a hash with probability
//! 2^-128, so among the n keys one search or one game meets, some two collide with
//! probability below n^2 / 2^129: under 10^-20 for n = 10^9. A collision could call a
//! position seen that was not (the search would skip it and might call a deal lost, the
//! repetition rule refuse a move); at that rate it never happens. A game may give its
//! table key exactly instead (`Rules::table_key`, `spread`): then there is no collision.
//!
//! A board may keep instead a Zobrist hash of its key (`Board::keep_hash`): the xor of a
//! 128-bit value (`zobrist`) for each card at its place and each counter's value. Two
//! distinct keys differ in at least one such item, so they share a hash only when the
//! values of the items they do not share xor to zero: taking `zobrist` for a random
//! function, probability 2^-128 again, and the same bound holds.

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

/// The Zobrist value of one item of a position (`Board::keep_hash`): two halves, each
/// `mix` (a bijection) of the item offset by its own constant.
pub fn zobrist(item: u64) -> u128 {
    let high = mix(item ^ 0x243F_6A88_85A3_08D3);
    let low = mix(item.wrapping_add(0xD1B5_4A32_D192_ED03));
    u128::from(high) << 64 | u128::from(low)
}

/// Odd multipliers of the four lanes of `hash128`.
const LANE_FACTORS: [u64; 4] =
    [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0xD6E8_FEB8_6659_FD93];

/// A 128-bit hash of `bytes` (and its length). Sixteen bytes a step feed four lanes,
/// each a bijection of its state and of its word (xor, odd multiply, rotate), two lanes
/// per word, so that the lanes run side by side; each half of the hash folds a lane of
/// either word through `mix`, whose avalanche spreads every bit.
pub fn hash128(bytes: &[u8]) -> u128 {
    let len = bytes.len() as u64;
    let mut lanes = [
        0x243F_6A88_85A3_08D3 ^ len,
        0x1319_8A2E_0370_7344,
        0xA409_3822_299F_31D0,
        0x082E_FA98_EC4E_6C89 ^ len,
    ];
    let mut step = |pair: u128| {
        let (w0, w1) = (pair as u64, (pair >> 64) as u64);
        lanes[0] = (lanes[0] ^ w0).wrapping_mul(LANE_FACTORS[0]).rotate_left(29);
        lanes[1] = (lanes[1] ^ w1).wrapping_mul(LANE_FACTORS[1]).rotate_left(31);
        lanes[2] = (lanes[2] ^ w1).wrapping_mul(LANE_FACTORS[2]).rotate_left(27);
        lanes[3] = (lanes[3] ^ w0).wrapping_mul(LANE_FACTORS[3]).rotate_left(33);
    };
    let pairs = bytes.chunks_exact(16);
    let tail = pairs.remainder();
    for pair in pairs {
        step(u128::from_le_bytes(pair.try_into().expect("sixteen bytes")));
    }
    if !tail.is_empty() {
        // the last bytes, zero-padded, a byte at a time (no call to copy them)
        step(tail.iter().rev().fold(0, |w, &byte| w << 8 | u128::from(byte)));
    }
    let [a, b, c, d] = lanes;
    u128::from(mix(a ^ mix(b))) << 64 | u128::from(mix(c.wrapping_add(mix(d))))
}

/// A lossy table of small answers by 128-bit key: one 16-byte slot a key, picked by the
/// key's lowest bits, holding the key with its lowest `value_bits` bits replaced by the
/// answer, so a slot tells its key apart by the other bits; a later key of the same slot
/// takes it over. A slot of 0 is empty: an answer it would hold is worked out again. The
/// slots are allocated at the first read.
pub struct SlotTable {
    slots: Vec<u128>,
    len: usize, // a power of two
    value_bits: u32,
}

impl SlotTable {
    pub fn new(len: usize, value_bits: u32) -> SlotTable {
        debug_assert!(len.is_power_of_two() && value_bits < 64);
        SlotTable { slots: Vec::new(), len, value_bits }
    }

    /// The answer kept for `key`, or `answer()` (below `2^value_bits`) kept and given.
    pub fn read(&mut self, key: u128, answer: impl FnOnce() -> u64) -> u64 {
        if self.slots.is_empty() {
            self.slots = vec![0; self.len];
        }
        let mask = (1u128 << self.value_bits) - 1;
        let slot = &mut self.slots[key as usize & (self.len - 1)];
        if *slot != 0 && *slot & !mask == key & !mask {
            return (*slot & mask) as u64;
        }
        let value = answer();
        debug_assert!(u128::from(value) <= mask, "an answer wider than the slot keeps");
        *slot = key & !mask | u128::from(value);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An answer is kept for its key and read back without working it out; a key of the
    /// same slot takes the slot over, and the first key's answer is worked out again.
    #[test]
    fn a_slot_table_keeps_the_last_key_of_a_slot() {
        let mut table = SlotTable::new(16, 8);
        let key = hash128(b"a position");
        let rival = key ^ 1 << 100; // the same slot, another key
        assert_eq!(table.read(key, || 104), 104);
        assert_eq!(table.read(key, || unreachable!("kept")), 104);
        assert_eq!(table.read(rival, || 7), 7);
        assert_eq!(table.read(rival, || unreachable!("kept")), 7);
        assert_eq!(table.read(key, || 3), 3);
    }

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
    fn one_byte_changed_anywhere_changes_the_hash() {
        let key: Vec<u8> = (0..150u32).map(|i| (i * 37 % 251) as u8).collect();
        let mut seen = HashSet::new();
        for len in [1, 15, 16, 17, 100, 150] {
            assert!(seen.insert(hash128(&key[..len])));
            for at in 0..len {
                for flip in [1u8, 0x80, 0xff] {
                    let mut changed = key[..len].to_vec();
                    changed[at] ^= flip;
                    assert!(seen.insert(hash128(&changed)), "len {len}, byte {at}, flip {flip}");
                }
            }
        }
        let zeros = [0u8; 32];
        let lengths: HashSet<u128> = (0..=32).map(|n| hash128(&zeros[..n])).collect();
        assert_eq!(lengths.len(), 33);
    }
}
