//! The network's two hot loops with `std::arch`: the accumulator update `dst = src - Σ removed +
//! Σ added` and the output layer's dot product `Σ clamp(a, 0, limit)² · w`. Each takes AVX-512
//! (BW) or AVX2 when the CPU has it (asked at run time, so one binary suits every x86-64 CPU) and
//! the sizes fit its lanes, else a scalar loop that gives the same integers.

/// The largest clamp limit the fast path takes (the network's `QA`).
const MAX_LIMIT: i16 = 255;
/// Output weights up to this magnitude let `clamp(a, 0, 255) · w` fit a 16-bit lane (255 · 127).
pub(super) const NARROW_WEIGHT: i16 = 127;

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
pub(super) fn update(dst: &mut [i16], src: &[i16], removed: &[&[i16]], added: &[&[i16]]) {
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
pub(super) fn screlu_dot(acc: &[i16], weights: &[i16], limit: i16, narrow: bool) -> i64 {
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

/// One width of vector registers, as the two loops use it: how many 16-bit lanes a register holds
/// and the lane-wise operations. The kernels in `kernels` are written once over it; `avx2` and
/// `avx512` compile them for their width.
///
/// # Safety
/// Every method needs the CPU features of its width; `load` and `store` need `LANES` values at the
/// pointer.
#[cfg(target_arch = "x86_64")]
trait Registers {
    type Register: Copy;
    /// 16-bit lanes in a register.
    const LANES: usize;
    unsafe fn load(from: *const i16) -> Self::Register;
    unsafe fn store(to: *mut i16, value: Self::Register);
    unsafe fn zero() -> Self::Register;
    unsafe fn splat(value: i16) -> Self::Register;
    unsafe fn add(a: Self::Register, b: Self::Register) -> Self::Register;
    unsafe fn sub(a: Self::Register, b: Self::Register) -> Self::Register;
    unsafe fn min(a: Self::Register, b: Self::Register) -> Self::Register;
    unsafe fn max(a: Self::Register, b: Self::Register) -> Self::Register;
    /// The low 16 bits of each lane's product.
    unsafe fn mul_low(a: Self::Register, b: Self::Register) -> Self::Register;
    /// Adjacent pairs of 16-bit products summed into 32-bit lanes.
    unsafe fn mul_add_pairs(a: Self::Register, b: Self::Register) -> Self::Register;
    unsafe fn add_32(a: Self::Register, b: Self::Register) -> Self::Register;
    /// The 32-bit lanes summed in 64 bits.
    unsafe fn sum_32(value: Self::Register) -> i64;
}

/// The two loops, once for every register width.
#[cfg(target_arch = "x86_64")]
mod kernels {
    use super::Registers;

    /// Values summed in 32-bit lanes before the lanes go into the 64-bit total.
    const BLOCK: usize = 1024;

    /// `update` one register at a time.
    ///
    /// # Safety
    /// The CPU must have `R`'s features, and every slice must hold `dst.len()` values, a multiple of
    /// `R::LANES`.
    #[inline(always)]
    pub(super) unsafe fn update<R: Registers>(dst: &mut [i16], src: &[i16], removed: &[&[i16]], added: &[&[i16]]) {
        for i in (0..dst.len()).step_by(R::LANES) {
            // SAFETY: i + LANES <= len for every slice (the caller's sizes); the loads and stores need
            // no alignment, and the caller vouches for the features.
            unsafe {
                let mut v = R::load(src.as_ptr().add(i));
                for row in removed {
                    v = R::sub(v, R::load(row.as_ptr().add(i)));
                }
                for row in added {
                    v = R::add(v, R::load(row.as_ptr().add(i)));
                }
                R::store(dst.as_mut_ptr().add(i), v);
            }
        }
    }

    /// The dot product one register at a time: `t = v · w` in 16 bits (|t| ≤ 255 · 127), then
    /// `mul_add_pairs(t, v)` adds pairs of `t · v` into 32-bit lanes (each pair ≤ 2 · 32385 · 255).
    /// A lane takes one pair a register of values, so up to 2048 values stay below 2³¹ whatever the
    /// width; the lanes are summed in 64 bits every `BLOCK` values.
    ///
    /// # Safety
    /// The CPU must have `R`'s features, and `acc` and `weights` must hold the same multiple of
    /// `R::LANES` values. (`limit` ≤ 255 and weights within ±127 are needed for the right sum, not
    /// for safety.)
    #[inline(always)]
    pub(super) unsafe fn screlu_dot<R: Registers>(acc: &[i16], weights: &[i16], limit: i16) -> i64 {
        // SAFETY (every block below): the caller vouches for the features; each chunk holds LANES
        // values, all a load reads.
        let (zero, limit) = unsafe { (R::zero(), R::splat(limit)) };
        let mut total = 0i64;
        for (acc_block, weight_block) in acc.chunks(BLOCK).zip(weights.chunks(BLOCK)) {
            let mut sum = unsafe { R::zero() };
            for (a, w) in acc_block.chunks_exact(R::LANES).zip(weight_block.chunks_exact(R::LANES)) {
                unsafe {
                    let v = R::min(R::max(R::load(a.as_ptr()), zero), limit);
                    let t = R::mul_low(v, R::load(w.as_ptr()));
                    sum = R::add_32(sum, R::mul_add_pairs(t, v));
                }
            }
            total += unsafe { R::sum_32(sum) };
        }
        total
    }
}

/// Implements `Registers` for one width: its register type, lanes, the target features its methods
/// are compiled with, and the intrinsics of each operation.
#[cfg(target_arch = "x86_64")]
macro_rules! registers {
    ($width:ident, $register:ty, $lanes:expr, $features:literal,
     load: $load:ident, store: $store:ident, zero: $zero:ident, splat: $splat:ident,
     add: $add:ident, sub: $sub:ident, min: $min:ident, max: $max:ident, mul_low: $mul_low:ident,
     mul_add_pairs: $madd:ident, add_32: $add32:ident) => {
        pub(super) struct $width;

        impl super::Registers for $width {
            type Register = $register;
            const LANES: usize = $lanes;

            #[inline(always)]
            unsafe fn load(from: *const i16) -> $register {
                // SAFETY: the caller's pointer holds LANES values; unaligned loads are fine.
                unsafe { $load(from.cast()) }
            }
            #[inline(always)]
            unsafe fn store(to: *mut i16, value: $register) {
                // SAFETY: the caller's pointer holds room for LANES values; unaligned stores are fine.
                unsafe { $store(to.cast(), value) }
            }
            #[inline(always)]
            unsafe fn zero() -> $register {
                // SAFETY: the caller vouches for the width's features (the trait's contract).
                unsafe { $zero() }
            }
            #[inline(always)]
            unsafe fn splat(value: i16) -> $register {
                // SAFETY: the caller vouches for the width's features (the trait's contract).
                unsafe { $splat(value) }
            }
            #[inline(always)]
            unsafe fn add(a: $register, b: $register) -> $register {
                // SAFETY: the caller vouches for the width's features (the trait's contract).
                unsafe { $add(a, b) }
            }
            #[inline(always)]
            unsafe fn sub(a: $register, b: $register) -> $register {
                // SAFETY: the caller vouches for the width's features (the trait's contract).
                unsafe { $sub(a, b) }
            }
            #[inline(always)]
            unsafe fn min(a: $register, b: $register) -> $register {
                // SAFETY: the caller vouches for the width's features (the trait's contract).
                unsafe { $min(a, b) }
            }
            #[inline(always)]
            unsafe fn max(a: $register, b: $register) -> $register {
                // SAFETY: the caller vouches for the width's features (the trait's contract).
                unsafe { $max(a, b) }
            }
            #[inline(always)]
            unsafe fn mul_low(a: $register, b: $register) -> $register {
                // SAFETY: the caller vouches for the width's features (the trait's contract).
                unsafe { $mul_low(a, b) }
            }
            #[inline(always)]
            unsafe fn mul_add_pairs(a: $register, b: $register) -> $register {
                // SAFETY: the caller vouches for the width's features (the trait's contract).
                unsafe { $madd(a, b) }
            }
            #[inline(always)]
            unsafe fn add_32(a: $register, b: $register) -> $register {
                // SAFETY: the caller vouches for the width's features (the trait's contract).
                unsafe { $add32(a, b) }
            }
            #[inline(always)]
            unsafe fn sum_32(value: $register) -> i64 {
                let mut lanes = [0i32; $lanes / 2];
                // SAFETY: `lanes` holds one register's bytes.
                unsafe { $store(lanes.as_mut_ptr().cast(), value) };
                lanes.iter().map(|&lane| i64::from(lane)).sum()
            }
        }

        /// `update` for this width.
        ///
        /// # Safety
        /// The CPU must have the width's features, and every slice must hold `dst.len()` values, a
        /// multiple of its lanes.
        #[target_feature(enable = $features)]
        pub(super) unsafe fn update(dst: &mut [i16], src: &[i16], removed: &[&[i16]], added: &[&[i16]]) {
            // SAFETY: the caller's promise is the kernel's.
            unsafe { super::kernels::update::<$width>(dst, src, removed, added) }
        }

        /// `screlu_dot` for this width.
        ///
        /// # Safety
        /// The CPU must have the width's features, and `acc` and `weights` must hold the same
        /// multiple of its lanes.
        #[target_feature(enable = $features)]
        pub(super) unsafe fn screlu_dot(acc: &[i16], weights: &[i16], limit: i16) -> i64 {
            // SAFETY: the caller's promise is the kernel's.
            unsafe { super::kernels::screlu_dot::<$width>(acc, weights, limit) }
        }
    };
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    registers!(Avx2, __m256i, 16, "avx2",
        load: _mm256_loadu_si256, store: _mm256_storeu_si256, zero: _mm256_setzero_si256,
        splat: _mm256_set1_epi16, add: _mm256_add_epi16, sub: _mm256_sub_epi16,
        min: _mm256_min_epi16, max: _mm256_max_epi16, mul_low: _mm256_mullo_epi16,
        mul_add_pairs: _mm256_madd_epi16, add_32: _mm256_add_epi32);
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;

    registers!(Avx512, __m512i, 32, "avx512f,avx512bw",
        load: _mm512_loadu_si512, store: _mm512_storeu_si512, zero: _mm512_setzero_si512,
        splat: _mm512_set1_epi16, add: _mm512_add_epi16, sub: _mm512_sub_epi16,
        min: _mm512_min_epi16, max: _mm512_max_epi16, mul_low: _mm512_mullo_epi16,
        mul_add_pairs: _mm512_madd_epi16, add_32: _mm512_add_epi32);
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
