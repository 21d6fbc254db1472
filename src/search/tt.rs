//! Transposition table: buckets of four lock-free entries, safe to share between search threads.
//!
//! Each entry is two `AtomicU64`s: the data word and the key XOR the data word. A torn write (two
//! threads writing one entry at once) makes the check fail, so a reader never trusts mixed halves.
//! A bucket is one 64-byte cache line. A new position replaces the entry of its bucket that is
//! shallowest once age counts against it (`AGE_WEIGHT` plies per search since it was written).

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use cozy_chess::{Move, Piece, Square};

/// Entries per bucket.
const BUCKET_ENTRIES: usize = 4;
/// Bytes per bucket.
const BUCKET_BYTES: usize = 64;
/// Buckets sampled for `hashfull`.
const HASHFULL_SAMPLE: usize = 250;
/// Generations fit in 6 bits.
const GENERATION_MASK: u8 = 63;
/// Depth an entry loses, for replacement, per search since it was written.
const AGE_WEIGHT: i32 = 8;
/// Stored in place of a static evaluation when there is none (in check).
const NO_EVAL: i16 = i16::MIN;

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (fail low).
    Upper = 1,
    /// The true score is at least this (fail high).
    Lower = 2,
    Exact = 3,
}

impl Bound {
    /// Whether a stored `score` with this bound settles a search in the window `alpha..beta`: it is
    /// exact, or a lower bound at or above beta, or an upper bound at or below alpha.
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// A decoded entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    /// The raw evaluation (before the clock's scaling and the correction), when the side to move was
    /// not in check.
    pub raw_eval: Option<i32>,
    pub depth: i32,
    pub bound: Bound,
    /// Written by the current search (not by one for an earlier move).
    pub current: bool,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(C, align(64))]
#[derive(Default)]
struct Bucket {
    slots: [Slot; BUCKET_ENTRIES],
}

const _: () = assert!(std::mem::size_of::<Bucket>() == BUCKET_BYTES);

pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    generation: AtomicU8,
}

const PROMOTIONS: [Option<Piece>; 5] =
    [None, Some(Piece::Knight), Some(Piece::Bishop), Some(Piece::Rook), Some(Piece::Queen)];

fn encode_move(mv: Option<Move>) -> u64 {
    let Some(mv) = mv else { return 0 };
    let promo = PROMOTIONS.iter().position(|&p| p == mv.promotion).unwrap_or(0) as u64;
    mv.from as u64 | (mv.to as u64) << 6 | promo << 12
}

fn decode_move(bits: u64) -> Option<Move> {
    if bits == 0 {
        return None;
    }
    let from = Square::index((bits & 63) as usize);
    let to = Square::index((bits >> 6 & 63) as usize);
    let promotion = PROMOTIONS[((bits >> 12) as usize & 7).min(4)];
    Some(Move { from, to, promotion })
}

struct Packed {
    mv: Option<Move>,
    score: i32,
    raw_eval: Option<i32>,
    depth: i32,
    bound: Bound,
    generation: u8,
}

fn pack(p: Packed) -> u64 {
    let raw_eval = p.raw_eval.map_or(NO_EVAL, |e| e.clamp(-i16::MAX as i32, i16::MAX as i32) as i16);
    encode_move(p.mv)
        | (p.score as i16 as u16 as u64) << 16
        | (raw_eval as u16 as u64) << 32
        | (p.depth.clamp(0, 255) as u64) << 48
        | (p.bound as u64) << 56
        | ((p.generation & GENERATION_MASK) as u64) << 58
}

fn unpack(data: u64, generation: u8) -> Option<Entry> {
    let bound = match data >> 56 & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    let raw_eval = (data >> 32) as u16 as i16;
    Some(Entry {
        mv: decode_move(data & 0xffff),
        score: (data >> 16) as u16 as i16 as i32,
        raw_eval: (raw_eval != NO_EVAL).then_some(raw_eval as i32),
        depth: (data >> 48 & 0xff) as i32,
        bound,
        current: generation_of(data) == generation,
    })
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8 & GENERATION_MASK
}

fn depth_of(data: u64) -> i32 {
    (data >> 48 & 0xff) as i32
}

/// `count` empty buckets. The memory is zeroed here, after asking Linux to back it with huge pages
/// (`huge_pages`): a table spread over 4 KiB pages misses the TLB on almost every probe. `Err` when
/// the memory cannot be had.
fn allocate(count: usize) -> Result<Box<[Bucket]>, ()> {
    let layout = std::alloc::Layout::array::<Bucket>(count.max(1)).map_err(|_| ())?;
    // SAFETY: `layout` has a non-zero size (at least one 64-byte bucket).
    let memory = unsafe { std::alloc::alloc(layout) };
    if memory.is_null() {
        return Err(());
    }
    huge_pages(memory, layout.size());
    // SAFETY: `memory` points to `layout.size()` writable bytes of our own fresh allocation.
    unsafe { std::ptr::write_bytes(memory, 0, layout.size()) };
    // SAFETY: `memory` is a fresh allocation of `count.max(1)` buckets with the layout `Box<[Bucket]>`
    // uses (the global allocator, `Layout::array::<Bucket>`), so the box may own and free it. All-zero
    // bytes are a valid `Bucket`: it is `repr(C)` and made only of `AtomicU64`s, which have the
    // representation of `u64`, for which zero is a valid value (an empty slot).
    Ok(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(memory as *mut Bucket, count.max(1))) })
}

/// Size of a transparent huge page on Linux with 4 KiB base pages (x86-64, and arm64 by default).
#[cfg(target_os = "linux")]
const HUGE_PAGE_BYTES: usize = 2 << 20;

/// Asks Linux to back the whole huge pages inside `[start, start + len)` with huge pages (the
/// kernel's `transparent_hugepage` setting is usually `madvise`: only such ranges get them). A hint:
/// nothing changes where it is refused.
#[cfg(target_os = "linux")]
fn huge_pages(start: *mut u8, len: usize) {
    const MADV_HUGEPAGE: std::ffi::c_int = 14;
    extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: std::ffi::c_int) -> std::ffi::c_int;
    }
    let first = (start as usize).next_multiple_of(HUGE_PAGE_BYTES);
    let end = (start as usize + len) / HUGE_PAGE_BYTES * HUGE_PAGE_BYTES;
    if end > first {
        // SAFETY: `[first, end)` is page-aligned and lies inside an allocation this table owns and
        // nothing else uses yet. MADV_HUGEPAGE only changes how the kernel backs those pages; it
        // never moves, frees or changes their contents, so no Rust invariant depends on it. A
        // failure (older kernel, THP off) is harmless and ignored.
        let _ = unsafe { madvise(first as *mut std::ffi::c_void, end - first, MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages(_start: *mut u8, _len: usize) {}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one bucket), or an error when the memory cannot
    /// be had (the caller keeps its old table).
    pub fn new(megabytes: usize) -> Result<TranspositionTable, String> {
        let count = (megabytes.max(1).saturating_mul(1 << 20) / BUCKET_BYTES).max(1);
        let buckets = allocate(count).map_err(|_| format!("cannot allocate {megabytes} MiB for the hash table"))?;
        Ok(TranspositionTable { buckets, generation: AtomicU8::new(0) })
    }

    /// The smallest table (1 MiB), for when a larger one cannot be had.
    pub fn minimal() -> TranspositionTable {
        let buckets = (0..(1 << 20) / BUCKET_BYTES).map(|_| Bucket::default()).collect();
        TranspositionTable { buckets, generation: AtomicU8::new(0) }
    }

    pub fn clear(&self) {
        for slot in self.buckets.iter().flat_map(|b| &b.slots) {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
    }

    /// Marks a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed) & GENERATION_MASK
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Asks the CPU to start loading the bucket of `key` into the cache (for a probe soon after).
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: `_mm_prefetch` needs the `sse` target feature, which every x86_64 CPU has (it is
            // part of the x86_64 baseline). A prefetch is only a hint to the cache: it never faults and
            // reads nothing into the program, whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket as *const i8) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let generation = self.generation();
        self.bucket(key).slots.iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key {
                unpack(data, generation)
            } else {
                None
            }
        })
    }

    /// Stores an entry. The same position's entry is kept when it is deeper (by more than 2 plies)
    /// from this search and the new one is not exact; otherwise an empty entry or the bucket's
    /// least valuable one (shallow and old) is replaced.
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, raw_eval: Option<i32>, depth: i32, bound: Bound) {
        let generation = self.generation();
        let bucket = self.bucket(key);
        let mut victim = &bucket.slots[0];
        let mut victim_worth = i32::MAX;
        let mut old_move = None;
        for slot in &bucket.slots {
            let data = slot.data.load(Ordering::Relaxed);
            if slot.check.load(Ordering::Relaxed) ^ data == key {
                if generation_of(data) == generation && bound != Bound::Exact && depth + 2 < depth_of(data) {
                    return;
                }
                victim = slot;
                old_move = decode_move(data & 0xffff);
                break;
            }
            let age = (generation.wrapping_sub(generation_of(data)) & GENERATION_MASK) as i32;
            let worth = if data == 0 { i32::MIN } else { depth_of(data) - AGE_WEIGHT * age };
            if worth < victim_worth {
                victim = slot;
                victim_worth = worth;
            }
        }
        let data = pack(Packed { mv: mv.or(old_move), score, raw_eval, depth, bound, generation });
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Per mille of sampled entries written during the current search.
    pub fn hashfull(&self) -> u16 {
        let generation = self.generation();
        let buckets = &self.buckets[..self.buckets.len().min(HASHFULL_SAMPLE)];
        let total = buckets.len() * BUCKET_ENTRIES;
        let used = buckets
            .iter()
            .flat_map(|b| &b.slots)
            .filter(|s| {
                let data = s.data.load(Ordering::Relaxed);
                data != 0 && generation_of(data) == generation
            })
            .count();
        (used * 1000 / total.max(1)) as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let table = TranspositionTable::new(1).expect("table");
        let mv: Move = "e7e8q".parse().expect("move");
        table.store(42, Some(mv), -31_000, Some(-123), 17, Bound::Lower);
        let entry = table.probe(42).expect("stored");
        assert_eq!(entry.mv, Some(mv));
        assert_eq!((entry.score, entry.raw_eval, entry.depth, entry.bound), (-31_000, Some(-123), 17, Bound::Lower));
        table.store(43, None, 5, None, 0, Bound::Upper);
        let entry = table.probe(43).expect("stored");
        assert_eq!((entry.mv, entry.raw_eval), (None, None));
        assert!(table.probe(44).is_none());
    }

    /// An entry says whether the current search wrote it: once the next search starts, it does not.
    #[test]
    fn entries_know_whether_this_search_wrote_them() {
        let table = TranspositionTable::new(1).expect("table");
        table.store(42, None, 12_000, None, 9, Bound::Exact);
        assert!(table.probe(42).expect("stored").current);
        table.new_search();
        assert!(!table.probe(42).expect("still stored").current);
        table.store(42, None, 12_001, None, 3, Bound::Exact);
        assert!(table.probe(42).expect("rewritten").current);
    }

    #[test]
    fn a_bucket_holds_four_positions() {
        let table = TranspositionTable::new(1).expect("table");
        // Keys with equal high bits share a bucket.
        let keys: Vec<u64> = (1..=4).map(|i| 0x1234_5678_0000_0000 | i).collect();
        for (depth, &key) in keys.iter().enumerate() {
            table.store(key, None, depth as i32, None, depth as i32 + 1, Bound::Exact);
        }
        for &key in &keys {
            assert!(table.probe(key).is_some());
        }
        // A fifth position replaces the shallowest.
        table.store(0x1234_5678_0000_0009, None, 0, None, 9, Bound::Exact);
        assert!(table.probe(keys[0]).is_none());
        assert!(table.probe(keys[3]).is_some());
    }
}
