//! The output layer's dot product, `Σ clamp(a, 0, limit)² · w`, with AVX2 where the CPU has it and
//! the weights allow 16-bit products, else in scalar code. Both give the same integer.

/// The largest clamp limit the fast path takes (the network's `QA`).
pub const MAX_LIMIT: i16 = 255;
/// Output weights up to this magnitude let `clamp(a, 0, 255) · w` fit a 16-bit lane (255 · 127).
pub const NARROW_WEIGHT: i16 = 127;

/// `Σ clamp(a, 0, limit)² · w` over `acc` and `weights` (of equal length). `narrow`: every weight is
/// within `±NARROW_WEIGHT`.
pub fn screlu_dot(acc: &[i16], weights: &[i16], limit: i16, narrow: bool) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if narrow
        && (0..=MAX_LIMIT).contains(&limit)
        && acc.len() == weights.len()
        && acc.len().is_multiple_of(16)
        && std::arch::is_x86_feature_detected!("avx2")
    {
        // SAFETY: the CPU has AVX2 (checked just above), and both slices hold the same multiple of
        // 16 values, which is all `avx2::screlu_dot` reads.
        return unsafe { avx2::screlu_dot(acc, weights, limit) };
    }
    scalar(acc, weights, limit)
}

/// The plain loop, in 64 bits: right for any limit and weights.
fn scalar(acc: &[i16], weights: &[i16], limit: i16) -> i64 {
    acc.iter()
        .zip(weights)
        .map(|(&a, &w)| {
            let clipped = i64::from(a.clamp(0, limit));
            clipped * i64::from(w) * clipped
        })
        .sum()
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    /// The dot product 16 lanes at a time: `t = v · w` in 16 bits (|t| ≤ 255 · 127), then
    /// `madd(t, v)` adds pairs of `t · v` into 32-bit lanes (each pair ≤ 2 · 32385 · 255). A lane
    /// takes one pair per 16 values, so up to 2048 values stay below 2³¹; the lanes are summed in 64
    /// bits every 1024 values.
    ///
    /// # Safety
    /// The CPU must have AVX2, and `acc` and `weights` must hold the same multiple of 16 values.
    /// (`limit` ≤ 255 and weights within ±127 are needed for the right sum, not for safety.)
    #[target_feature(enable = "avx2")]
    pub unsafe fn screlu_dot(acc: &[i16], weights: &[i16], limit: i16) -> i64 {
        let zero = _mm256_setzero_si256();
        let limit = _mm256_set1_epi16(limit);
        let mut total = 0i64;
        for (acc_block, weight_block) in acc.chunks(1024).zip(weights.chunks(1024)) {
            let mut sum = _mm256_setzero_si256();
            for (a, w) in acc_block.chunks_exact(16).zip(weight_block.chunks_exact(16)) {
                // SAFETY: each chunk is 16 i16 = 32 bytes; loadu reads unaligned.
                let a = unsafe { _mm256_loadu_si256(a.as_ptr().cast()) };
                let w = unsafe { _mm256_loadu_si256(w.as_ptr().cast()) };
                let v = _mm256_min_epi16(_mm256_max_epi16(a, zero), limit);
                let t = _mm256_mullo_epi16(v, w);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(t, v));
            }
            let mut lanes = [0i32; 8];
            // SAFETY: `lanes` is 8 i32 = 32 bytes.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sum) };
            total += lanes.iter().map(|&l| i64::from(l)).sum::<i64>();
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn the_fast_path_gives_the_scalar_sum() {
        let mut rng = Rng::new(3);
        for len in [16, 256, 1024, 2048] {
            let acc: Vec<i16> = (0..len).map(|_| rng.below(800) as i16 - 300).collect();
            let weights: Vec<i16> = (0..len).map(|_| rng.below(255) as i16 - 127).collect();
            assert_eq!(screlu_dot(&acc, &weights, 255, true), scalar(&acc, &weights, 255), "{len}");
        }
        // The extremes: every activation clipped at QA, every weight at ±127.
        let acc = vec![i16::MAX; 2048];
        for w in [127, -127] {
            let weights = vec![w; 2048];
            assert_eq!(screlu_dot(&acc, &weights, 255, true), i64::from(w) * 255 * 255 * 2048);
        }
        // Wide weights take the scalar path.
        let wide = vec![30_000i16; 32];
        assert_eq!(screlu_dot(&[255; 32], &wide, 255, false), 30_000 * 255 * 255 * 32);
    }
}
