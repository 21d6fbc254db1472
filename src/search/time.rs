//! Time management: how long a search may run, from the UCI clock parameters.
//!
//! Two limits: `soft` (do not start another iteration after it) and `hard` (abort the search). Both
//! stay well inside the remaining time minus `Move Overhead`, so the engine never flags.

use std::time::Duration;

/// Moves left assumed when the GUI sends no `movestogo`.
const DEFAULT_MOVES_TO_GO: u64 = 30;
/// Share of the increment added to each move's budget (per cent).
const INCREMENT_SHARE_PCT: u64 = 75;
/// Hard limit as a multiple of the soft limit.
const HARD_OVER_SOFT: u64 = 4;
/// Never plan to use more than this share of the remaining time on one move (per cent).
const MAX_SHARE_PCT: u64 = 50;
/// Share of the remaining time usable when `movestogo` is 1 (per cent).
const LAST_MOVE_SHARE_PCT: u64 = 80;

/// The clock situation of the side to move, as sent with `go`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time_ms: u64,
    pub increment_ms: u64,
    pub moves_to_go: Option<u64>,
}

/// Time limits for one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLimits {
    pub soft: Duration,
    pub hard: Duration,
}

/// Limits for a fixed `movetime`.
pub fn for_movetime(movetime_ms: u64, overhead_ms: u64) -> TimeLimits {
    let ms = movetime_ms.saturating_sub(overhead_ms).max(1);
    TimeLimits { soft: Duration::from_millis(ms), hard: Duration::from_millis(ms) }
}

/// Limits from the remaining time, increment and moves to go.
pub fn for_clock(clock: Clock, overhead_ms: u64) -> TimeLimits {
    let available = clock.time_ms.saturating_sub(overhead_ms).max(1);
    let moves_to_go = clock.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
    let cap_pct = if moves_to_go == 1 { LAST_MOVE_SHARE_PCT } else { MAX_SHARE_PCT };
    let cap = available * cap_pct / 100;
    let base = available / moves_to_go + clock.increment_ms * INCREMENT_SHARE_PCT / 100;
    let soft = base.min(cap).max(1);
    let hard = (soft * HARD_OVER_SOFT).min(cap).max(1);
    TimeLimits { soft: Duration::from_millis(soft), hard: Duration::from_millis(hard) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_second_plus_ten_ms_stays_far_inside_the_clock() {
        let limits = for_clock(Clock { time_ms: 1000, increment_ms: 10, moves_to_go: None }, 10);
        assert!(limits.hard <= Duration::from_millis(495));
        assert!(limits.soft <= limits.hard);
    }

    #[test]
    fn almost_no_time_left_gives_tiny_limits() {
        let limits = for_clock(Clock { time_ms: 5, increment_ms: 0, moves_to_go: None }, 10);
        assert_eq!(limits.hard, Duration::from_millis(1));
    }

    #[test]
    fn last_move_before_control_uses_most_time_but_not_all() {
        let limits = for_clock(Clock { time_ms: 10_000, increment_ms: 0, moves_to_go: Some(1) }, 10);
        assert_eq!(limits.hard, Duration::from_millis(7992));
    }
}
