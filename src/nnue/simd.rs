//! The network's two hot loops with `std::arch`: the accumulator update `dst = src - Σ removed +
//! Σ added` and the output layer's dot product `Σ clamp(a, 0, limit)² · w`. Each takes AVX-512
//! (BW) or AVX2 when the CPU has it (asked at run time, so one binary suits every x86-64 CPU) and
//! the sizes fit its lanes, else a scalar loop that gives the same integers.

/// The largest clamp limit the fast path takes (the network's `QA`).
pub const MAX_LIMIT: i16 = 255;
/// Output weights up to this magnitude let `clamp(a, 0, 255) · w` fit a 16-bit lane (255 · 127).
pub const NARROW_WEIGHT: i16 = 127;

/// The vector units this CPU offers for the loops below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lanes {
    Avx512,
    Avx2,
    Scalar,
}

/// The widest unit whose lanes divide `len` (16-bit values).
fn lanes_for(len: usize) -> Lanes {
    #[cfg(target_arch = "x86_64")]
    {
        if len.is_multiple_of(32)
            && std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
        {
            return Lanes::Avx512;
        }
        if len.is_multiple_of(16) && std::arch::is_x86_feature_detected!("avx2") {
            return Lanes::Avx2;
        }
    }
    let _ = len;
    Lanes::Scalar
}

/// `dst = src - Σ removed + Σ added`, lane by lane in wrapping 16-bit arithmetic: an accumulator
/// after a move, read and written once. Every row has `dst`'s length.
pub fn update(dst: &mut [i16], src: &[i16], removed: &[&[i16]], added: &[&[i16]]) {
    let n = dst.len();
    let sizes_agree = src.len() == n && removed.iter().chain(added).all(|row| row.len() == n);
    match if sizes_agree { lanes_for(n) } else { Lanes::Scalar } {
        // SAFETY: the CPU has AVX-512 F and BW (asked by `lanes_for`), and every slice holds the same
        // multiple of 32 values, which is all `avx512::update` reads and writes.
        #[cfg(target_arch = "x86_64")]
        Lanes::Avx512 => unsafe { avx512::update(dst, src, removed, added) },
        // SAFETY: as above with AVX2 and a multiple of 16 values.
        #[cfg(target_arch = "x86_64")]
        Lanes::Avx2 => unsafe { avx2::update(dst, src, removed, added) },
        _ => scalar_update(dst, src, removed, added),
    }
}

/// The plain update loop: right for any sizes (values beyond the shortest slice are left alone).
fn scalar_update(dst: &mut [i16], src: &[i16], removed: &[&[i16]], added: &[&[i16]]) {
    for (i, (d, &s)) in dst.iter_mut().zip(src).enumerate() {
        let minus = removed.iter().filter_map(|row| row.get(i)).fold(s, |v, &w| v.wrapping_sub(w));
        *d = added.iter().filter_map(|row| row.get(i)).fold(minus, |v, &w| v.wrapping_add(w));
    }
}

/// `Σ clamp(a, 0, limit)² · w` over `acc` and `weights` (of equal length). `narrow`: every weight is
/// within `±NARROW_WEIGHT`.
pub fn screlu_dot(acc: &[i16], weights: &[i16], limit: i16, narrow: bool) -> i64 {
    let fits = narrow && (0..=MAX_LIMIT).contains(&limit) && acc.len() == weights.len();
    match if fits { lanes_for(acc.len()) } else { Lanes::Scalar } {
        // SAFETY: the CPU has AVX-512 F and BW (asked by `lanes_for`), and both slices hold the same
        // multiple of 32 values, which is all `avx512::screlu_dot` reads.
        #[cfg(target_arch = "x86_64")]
        Lanes::Avx512 => unsafe { avx512::screlu_dot(acc, weights, limit) },
        // SAFETY: as above with AVX2 and a multiple of 16 values.
        #[cfg(target_arch = "x86_64")]
        Lanes::Avx2 => unsafe { avx2::screlu_dot(acc, weights, limit) },
        _ => scalar(acc, weights, limit),
    }
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

    /// `update` 16 values at a time.
    ///
    /// # Safety
    /// The CPU must have AVX2, and every slice must hold `dst.len()` values, a multiple of 16.
    #[target_feature(enable = "avx2")]
    pub unsafe fn update(dst: &mut [i16], src: &[i16], removed: &[&[i16]], added: &[&[i16]]) {
        for i in (0..dst.len()).step_by(16) {
            // SAFETY: i + 16 <= len for every slice (the caller's sizes); loadu/storeu need no alignment.
            unsafe {
                let mut v = _mm256_loadu_si256(src.as_ptr().add(i).cast());
                for row in removed {
                    v = _mm256_sub_epi16(v, _mm256_loadu_si256(row.as_ptr().add(i).cast()));
                }
                for row in added {
                    v = _mm256_add_epi16(v, _mm256_loadu_si256(row.as_ptr().add(i).cast()));
                }
                _mm256_storeu_si256(dst.as_mut_ptr().add(i).cast(), v);
            }
        }
    }

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

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;

    /// `update` 32 values at a time.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F and BW, and every slice must hold `dst.len()` values, a
    /// multiple of 32.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub unsafe fn update(dst: &mut [i16], src: &[i16], removed: &[&[i16]], added: &[&[i16]]) {
        for i in (0..dst.len()).step_by(32) {
            // SAFETY: i + 32 <= len for every slice (the caller's sizes); loadu/storeu need no alignment.
            unsafe {
                let mut v = _mm512_loadu_si512(src.as_ptr().add(i).cast());
                for row in removed {
                    v = _mm512_sub_epi16(v, _mm512_loadu_si512(row.as_ptr().add(i).cast()));
                }
                for row in added {
                    v = _mm512_add_epi16(v, _mm512_loadu_si512(row.as_ptr().add(i).cast()));
                }
                _mm512_storeu_si512(dst.as_mut_ptr().add(i).cast(), v);
            }
        }
    }

    /// The dot product 32 lanes at a time, as `avx2::screlu_dot` (each of the 16 lanes of 32 bits
    /// takes one pair of products per 32 values; summed in 64 bits every 1024 values).
    ///
    /// # Safety
    /// The CPU must have AVX-512 F and BW, and `acc` and `weights` must hold the same multiple of
    /// 32 values.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub unsafe fn screlu_dot(acc: &[i16], weights: &[i16], limit: i16) -> i64 {
        let zero = _mm512_setzero_si512();
        let limit = _mm512_set1_epi16(limit);
        let mut total = 0i64;
        for (acc_block, weight_block) in acc.chunks(1024).zip(weights.chunks(1024)) {
            let mut sum = _mm512_setzero_si512();
            for (a, w) in acc_block.chunks_exact(32).zip(weight_block.chunks_exact(32)) {
                // SAFETY: each chunk is 32 i16 = 64 bytes; loadu reads unaligned.
                let a = unsafe { _mm512_loadu_si512(a.as_ptr().cast()) };
                let w = unsafe { _mm512_loadu_si512(w.as_ptr().cast()) };
                let v = _mm512_min_epi16(_mm512_max_epi16(a, zero), limit);
                let t = _mm512_mullo_epi16(v, w);
                sum = _mm512_add_epi32(sum, _mm512_madd_epi16(t, v));
            }
            let mut lanes = [0i32; 16];
            // SAFETY: `lanes` is 16 i32 = 64 bytes.
            unsafe { _mm512_storeu_si512(lanes.as_mut_ptr().cast(), sum) };
            total += lanes.iter().map(|&l| i64::from(l)).sum::<i64>();
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Random accumulator values and rows of `len`.
    fn rows(rng: &mut Rng, len: usize, count: usize) -> Vec<Vec<i16>> {
        (0..count).map(|_| (0..len).map(|_| rng.next_u64() as i16).collect()).collect()
    }

    #[test]
    fn every_path_of_the_update_gives_the_scalar_values() {
        let mut rng = Rng::new(8);
        for len in [32, 256, 1024] {
            let data = rows(&mut rng, len, 5);
            let (src, rest) = data.split_first().expect("five rows");
            let refs: Vec<&[i16]> = rest.iter().map(Vec::as_slice).collect();
            for (removed, added) in [(&refs[..1], &refs[2..3]), (&refs[..2], &refs[2..4]), (&refs[..2], &refs[2..3])] {
                let mut expected = vec![0; len];
                scalar_update(&mut expected, src, removed, added);
                let by_hand: Vec<i16> = (0..len)
                    .map(|i| {
                        let minus = removed.iter().fold(src[i], |v, row| v.wrapping_sub(row[i]));
                        added.iter().fold(minus, |v, row| v.wrapping_add(row[i]))
                    })
                    .collect();
                assert_eq!(expected, by_hand);
                let mut dispatched = vec![0; len];
                update(&mut dispatched, src, removed, added);
                assert_eq!(dispatched, expected, "{len}");
                #[cfg(target_arch = "x86_64")]
                {
                    if std::arch::is_x86_feature_detected!("avx2") {
                        let mut out = vec![0; len];
                        // SAFETY: AVX2 is there; every slice holds `len` values, a multiple of 16.
                        unsafe { avx2::update(&mut out, src, removed, added) };
                        assert_eq!(out, expected, "avx2 {len}");
                    }
                    if std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("avx512bw")
                    {
                        let mut out = vec![0; len];
                        // SAFETY: AVX-512 F and BW are there; every slice holds `len` values, a multiple of 32.
                        unsafe { avx512::update(&mut out, src, removed, added) };
                        assert_eq!(out, expected, "avx512 {len}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_path_of_the_dot_product_gives_the_scalar_sum() {
        let mut rng = Rng::new(4);
        let mut cases: Vec<(Vec<i16>, Vec<i16>)> = [32, 256, 1024, 2048]
            .iter()
            .map(|&len| {
                let acc = (0..len).map(|_| rng.below(800) as i16 - 300).collect();
                (acc, (0..len).map(|_| rng.below(255) as i16 - 127).collect())
            })
            .collect();
        // The extremes: every activation clipped at QA, every weight at ±127.
        cases.extend([127, -127].map(|w| (vec![i16::MAX; 2048], vec![w; 2048])));
        for (acc, weights) in &cases {
            let expected = scalar(acc, weights, MAX_LIMIT);
            #[cfg(target_arch = "x86_64")]
            {
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: AVX2 is there; both slices hold the same multiple of 16 values.
                    assert_eq!(unsafe { avx2::screlu_dot(acc, weights, MAX_LIMIT) }, expected);
                }
                if std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("avx512bw") {
                    // SAFETY: AVX-512 F and BW are there; both slices hold the same multiple of 32 values.
                    assert_eq!(unsafe { avx512::screlu_dot(acc, weights, MAX_LIMIT) }, expected);
                }
            }
            assert_eq!(screlu_dot(acc, weights, MAX_LIMIT, true), expected);
        }
    }

    #[test]
    fn wide_weights_take_the_scalar_path() {
        // Wide weights take the scalar path.
        let wide = vec![30_000i16; 32];
        assert_eq!(screlu_dot(&[255; 32], &wide, 255, false), 30_000 * 255 * 255 * 32);
    }
}
