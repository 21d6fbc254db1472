//! The search's tunable parameters, in one place: pruning, reductions, extensions, aspiration
//! windows, history bonuses and move ordering, and the safety margins of the draw rules.
//!
//! Each is read through a function of its name (`params::rfp_margin()`). In the default build that
//! function returns a constant, so the compiler sees the same numbers as if they were written in
//! place. Built with `--features tune`, each is an atomic that a UCI spin option of the same name
//! sets (for SPSA tuning, e.g. OpenBench), and `engine spsa` prints the tuning input.

/// One parameter as the tuner sees it: name, default value, range and SPSA step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    pub value: i32,
    pub min: i32,
    pub max: i32,
    /// SPSA's perturbation at the end of tuning (OpenBench's `C_END`).
    pub step: i32,
}

/// SPSA's learning rate at the end of tuning (OpenBench's `R_END`), the same for every parameter.
pub const SPSA_LEARNING_RATE: f64 = 0.002;

/// Declares the parameters: a reader function each, the `PARAMS` table, and in `tune` builds the
/// atomics behind the readers and `set`.
macro_rules! params {
    ($($(#[doc = $doc:literal])+ $name:ident = $value:literal, $min:literal..=$max:literal, step $step:literal;)+) => {
        $(
            $(#[doc = $doc])+
            #[cfg(not(feature = "tune"))]
            #[inline(always)]
            pub const fn $name() -> i32 {
                $value
            }

            $(#[doc = $doc])+
            #[cfg(feature = "tune")]
            #[inline(always)]
            pub fn $name() -> i32 {
                tunable::$name.load(std::sync::atomic::Ordering::Relaxed)
            }
        )+

        /// The current values, set by `setoption` in a `tune` build.
        #[cfg(feature = "tune")]
        #[allow(non_upper_case_globals)]
        mod tunable {
            use std::sync::atomic::AtomicI32;
            $(pub(super) static $name: AtomicI32 = AtomicI32::new($value);)+
        }

        /// Every parameter with its default, range and step.
        pub const PARAMS: &[Param] = &[
            $(Param { name: stringify!($name), value: $value, min: $min, max: $max, step: $step },)+
        ];

        /// Sets the parameter `name` (as in `PARAMS`) to `value`; `false` for an unknown name.
        #[cfg(feature = "tune")]
        pub fn set(name: &str, value: i32) -> bool {
            use std::sync::atomic::Ordering;
            match name {
                $(stringify!($name) => tunable::$name.store(value, Ordering::Relaxed),)+
                _ => return false,
            }
            true
        }
    };
}

params! {
    /// Reverse futility pruning up to this depth ...
    rfp_depth = 8, 4..=12, step 1;
    /// ... when the evaluation beats beta by this margin per ply.
    rfp_margin = 50, 20..=100, step 4;
    /// Razoring up to this depth ...
    razor_depth = 3, 1..=6, step 1;
    /// ... when the evaluation is below alpha by this base ...
    razor_base = 266, 100..=531, step 20;
    /// ... plus this times the depth squared.
    razor_per_depth_squared = 199, 66..=398, step 17;
    /// Null-move pruning from this depth.
    nmp_depth = 3, 1..=6, step 1;
    /// Null-move reduction: this base ...
    nmp_base = 3, 1..=6, step 1;
    /// ... plus the depth divided by this ...
    nmp_depth_divisor = 3, 2..=6, step 1;
    /// ... plus the evaluation's excess over beta divided by this ...
    nmp_eval_divisor = 133, 53..=266, step 10;
    /// ... at most this many plies of it.
    nmp_eval_max = 3, 1..=6, step 1;
    /// Internal iterative reduction (no table move) from this depth.
    iir_depth = 4, 2..=8, step 1;
    /// Late move pruning: quiet moves after `(base + depth²) / (2 - improving)` are skipped.
    lmp_base = 3, 0..=8, step 1;
    /// Futility pruning of quiet moves up to this reduced depth ...
    futility_depth = 8, 4..=12, step 1;
    /// ... when the evaluation plus this base ...
    futility_base = 66, 20..=166, step 7;
    /// ... plus this per ply of reduced depth stays at or below alpha.
    futility_per_depth = 60, 20..=133, step 5;
    /// SEE pruning of quiet moves up to this reduced depth ...
    see_quiet_depth = 8, 4..=12, step 1;
    /// ... that lose more than this times the reduced depth squared.
    see_quiet_margin = 25, 5..=60, step 3;
    /// SEE pruning of captures up to this depth ...
    see_noisy_depth = 8, 4..=12, step 1;
    /// ... that lose more than this per ply.
    see_noisy_margin = 90, 30..=200, step 8;
    /// History pruning of quiet moves up to this reduced depth ...
    history_prune_depth = 4, 1..=8, step 1;
    /// ... whose history is below minus this per ply.
    history_prune_margin = 2048, 512..=6000, step 200;
    /// Singular extensions from this depth ...
    singular_depth = 8, 4..=12, step 1;
    /// ... for a table entry at most this much shallower than the node.
    singular_tt_depth_slack = 3, 1..=6, step 1;
    /// Off the principal variation, a move singular by this margin is extended two plies ...
    double_extension_margin = 13, 0..=40, step 3;
    /// ... at most this many times along one line (the tree must stay finite).
    double_extensions_max = 6, 2..=12, step 1;
    /// ProbCut from this depth ...
    probcut_depth = 5, 3..=8, step 1;
    /// ... for a capture that beats beta by this margin ...
    probcut_margin = 133, 53..=266, step 10;
    /// ... in a search this many plies shallower.
    probcut_reduction = 4, 2..=6, step 1;
    /// ProbCut's exchange threshold takes this many search units for a pawn (the net's pawn is 66;
    /// the margins were tuned with 100).
    probcut_see_pawn = 100, 50..=150, step 5;
    /// Late move reductions from this depth.
    lmr_depth = 3, 2..=5, step 1;
    /// Reduction table `base + ln(depth) · ln(moves) / divisor`: the base, in hundredths ...
    lmr_base = 75, 0..=150, step 8;
    /// ... and the divisor, in hundredths.
    lmr_divisor = 225, 150..=400, step 12;
    /// History worth one ply less reduction of a quiet move (one more when negative).
    lmr_history_divisor = 8192, 2048..=16384, step 500;
    /// A re-search after a reduced search goes one ply deeper when the score beats the best by this ...
    lmr_deeper_margin = 27, 7..=66, step 3;
    /// ... plus this per ply of the full depth ...
    lmr_deeper_margin_per_ply = 1, 0..=5, step 1;
    /// ... and one ply shallower when it beats the best by less than this.
    lmr_shallower_margin = 7, 0..=27, step 2;
    /// Quiescence skips captures that cannot lift the evaluation to alpha even with this margin.
    delta_margin = 133, 33..=266, step 10;
    /// ... counting the captured material at this many search units a pawn (the net's pawn is 66,
    /// but counted at that, captures were pruned too soon: -57 ± 25 Elo at fixed nodes).
    delta_pawn_gain = 100, 50..=200, step 5;
    /// Aspiration windows from this depth ...
    aspiration_depth = 4, 2..=8, step 1;
    /// ... this wide on each side of the last score (they grow by half on each failure).
    aspiration_delta = 13, 5..=33, step 2;
    /// History bonus of a cutoff: this times the depth squared ...
    history_bonus_quadratic = 16, 4..=40, step 2;
    /// ... plus this times the depth ...
    history_bonus_linear = 32, 0..=100, step 5;
    /// ... at most this.
    history_bonus_max = 1536, 512..=4096, step 128;
    /// Correction history: an update weighs `min(depth² + 2·depth + 1, this)` out of 256.
    correction_weight_max = 128, 32..=256, step 8;
    /// A correction table never moves the evaluation more than this many centipawns ...
    correction_max_cp = 42, 11..=133, step 4;
    /// ... and a search result counts at most this far from the evaluation.
    correction_difference_max_cp = 170, 42..=398, step 13;
    /// The evaluation moves by `(pawn weight · pawns + pieces weight · (white + black)) / divisor`
    /// of the three tables' corrections: the pawn table's weight ...
    correction_pawn_weight = 2, 0..=6, step 1;
    /// ... each side's piece table's weight ...
    correction_pieces_weight = 1, 0..=6, step 1;
    /// ... and the divisor.
    correction_divisor = 3, 1..=8, step 1;
    /// Capture ordering: the victim's value is weighed this many times against capture history.
    victim_weight = 32, 8..=64, step 3;
    /// When the game before the root repeats positions, no table cutoffs this many plies below it.
    repetition_guard_plies = 4, 0..=8, step 1;
    /// No table cutoffs this many plies before the fifty-move limit (stored scores know no clock).
    tt_clock_margin = 10, 4..=20, step 1;
    /// A claim of threefold by the next move is looked for this close to the root only.
    claim_check_plies = 8, 2..=16, step 1;
}

/// The draw rules' safety margins: they decide which scores are true, not how strong the search is,
/// so a tuner never moves them (a tune would trade a rule for a few Elo).
pub const RULE_PARAMS: [&str; 3] = ["repetition_guard_plies", "tt_clock_margin", "claim_check_plies"];

/// The parameters a tuner may move: all but `RULE_PARAMS`.
pub fn tunable() -> impl Iterator<Item = &'static Param> {
    PARAMS.iter().filter(|p| !RULE_PARAMS.contains(&p.name))
}

/// The SPSA input OpenBench reads: one `name, int, value, min, max, step, learning rate` line per
/// tunable parameter.
pub fn spsa_input() -> Vec<String> {
    tunable()
        .map(|p| {
            format!(
                "{}, int, {:.1}, {:.1}, {:.1}, {:.1}, {}",
                p.name, p.value as f64, p.min as f64, p.max as f64, p.step as f64, SPSA_LEARNING_RATE
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_names_are_unique() {
        for p in PARAMS {
            assert!(p.min <= p.value && p.value <= p.max && p.step > 0, "{p:?}");
            assert_eq!(PARAMS.iter().filter(|q| q.name == p.name).count(), 1, "{}", p.name);
        }
        assert_eq!(rfp_margin(), 50);
        assert_eq!(spsa_input().len(), PARAMS.len() - RULE_PARAMS.len());
        for name in RULE_PARAMS {
            assert_eq!(PARAMS.iter().filter(|p| p.name == name).count(), 1, "{name}");
            assert!(!spsa_input().iter().any(|line| line.starts_with(&format!("{name},"))), "{name}");
        }
        assert_eq!(spsa_input()[1], "rfp_margin, int, 50.0, 20.0, 100.0, 4.0, 0.002");
    }
}
