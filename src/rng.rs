//! The one small random generator of the project (SplitMix64): data generation, the weakened
//! player's noise, the fuzzer and tests need reproducible variety, not cryptographic quality.

use std::time::{SystemTime, UNIX_EPOCH};

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// Seeded from the clock (a different sequence on every call).
    pub fn from_clock() -> Rng {
        Rng::new(SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0; the tiny bias of the modulo does not matter here).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound.max(1)
    }

    /// True with probability 1/n.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    /// One of `items` (not empty).
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// Uniform in [0, 1).
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers_and_all_values_come_up() {
        let (mut a, mut b) = (Rng::new(42), Rng::new(42));
        let draws: Vec<u64> = (0..1000).map(|_| a.below(6)).collect();
        assert!(draws.iter().zip((0..1000).map(|_| b.below(6))).all(|(x, y)| *x == y));
        assert!((0..6).all(|v| draws.contains(&v)));
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }
}
