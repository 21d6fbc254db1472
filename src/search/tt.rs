//! Transposition table: one lock-free entry per slot, safe to share between search threads.
//!
//! Each entry is two `AtomicU64`s: the data word and the key XOR the data word. A torn write (two
//! threads writing one slot at once) makes the check fail, so a reader never trusts mixed halves.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use cozy_chess::{Move, Piece, Square};

/// Bytes per entry.
const ENTRY_BYTES: usize = 16;
/// Entries sampled for `hashfull`.
const HASHFULL_SAMPLE: usize = 1000;

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (fail low).
    Upper = 1,
    /// The true score is at least this (fail high).
    Lower = 2,
    Exact = 3,
}

/// A decoded entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

pub struct TranspositionTable {
    slots: Vec<Slot>,
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

fn pack(mv: Option<Move>, score: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    encode_move(mv)
        | (score as i16 as u16 as u64) << 16
        | (depth.clamp(0, 255) as u64) << 32
        | (bound as u64) << 40
        | (generation as u64) << 48
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match data >> 40 & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(Entry {
        mv: decode_move(data & 0xffff),
        score: (data >> 16) as u16 as i16 as i32,
        depth: (data >> 32 & 0xff) as i32,
        bound,
    })
}

fn generation_of(data: u64) -> u8 {
    (data >> 48) as u8
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one entry), or an error when the memory cannot
    /// be had (the caller keeps its old table).
    pub fn new(megabytes: usize) -> Result<TranspositionTable, String> {
        let count = megabytes.max(1).saturating_mul(1 << 20) / ENTRY_BYTES;
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).map_err(|_| format!("cannot allocate {megabytes} MiB for the hash table"))?;
        slots.resize_with(count, Slot::default);
        Ok(TranspositionTable { slots, generation: AtomicU8::new(0) })
    }

    /// The smallest table (1 MiB), for when a larger one cannot be had.
    pub fn minimal() -> TranspositionTable {
        let count = (1 << 20) / ENTRY_BYTES;
        let mut slots = Vec::with_capacity(count);
        slots.resize_with(count, Slot::default);
        TranspositionTable { slots, generation: AtomicU8::new(0) }
    }

    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
    }

    /// Marks a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn slot(&self, key: u64) -> &Slot {
        let index = ((key as u128 * self.slots.len() as u128) >> 64) as usize;
        &self.slots[index]
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        unpack(data)
    }

    /// Stores an entry; keeps a deeper entry of the same position from this search unless the new
    /// one is exact. A new position always replaces.
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let generation = self.generation.load(Ordering::Relaxed);
        let old = slot.data.load(Ordering::Relaxed);
        let same_position = slot.check.load(Ordering::Relaxed) ^ old == key;
        if same_position {
            if let Some(entry) = unpack(old) {
                let current = generation_of(old) == generation;
                if current && bound != Bound::Exact && depth + 2 < entry.depth {
                    return;
                }
            }
        }
        let mv = if mv.is_none() && same_position { decode_move(old & 0xffff) } else { mv };
        let data = pack(mv, score, depth, bound, generation);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Per mille of sampled entries written during the current search.
    pub fn hashfull(&self) -> u16 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.slots.len().min(HASHFULL_SAMPLE);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let data = s.data.load(Ordering::Relaxed);
                data != 0 && generation_of(data) == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u16
    }
}
