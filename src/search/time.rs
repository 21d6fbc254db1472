//! Time management: how long a search may run, from the UCI clock parameters.
//!
//! Two limits: `soft` (do not start another iteration after it) and `hard` (abort the search). Both
//! stay well inside the remaining time minus `Move Overhead`, so the engine never flags. Between
//! iterations `Effort` stretches or shrinks the soft limit: more time when the best move keeps
//! changing or the score falls, less when one move takes nearly all the search.

use std::time::Duration;

/// Moves left assumed when the GUI sends no `movestogo` (also the most ever planned for).
const DEFAULT_MOVES_TO_GO: u64 = 40;
/// Hard limit as a multiple of the soft limit.
const HARD_OVER_SOFT: u64 = 4;
/// Never use more than this share of the remaining time on one move (per cent).
const MAX_SHARE_PCT: u64 = 50;
/// Share of the remaining time usable when `movestogo` is 1 (per cent).
const LAST_MOVE_SHARE_PCT: u64 = 80;
/// The clock is kept at about this many increments (the floor): below the floor a move may spend only
/// part of the increment, above it the increment and half the excess. Without a floor a long game
/// settled near two increments (0.2 s at 10+0.1), where one stall of the machine flags.
const FLOOR_INCREMENTS: u64 = 10;
/// The reserve counts at least this much lag a move (the default `Move Overhead`), whatever the
/// option says: a GUI always takes some time (python-chess 1-5 ms a move, and once in thousands of
/// moves 100 ms or more). With less, `Move Overhead 0` ran the clock down to the floor, where such a
/// stall flags; a larger floor instead (300 ms) cost 25 Elo at 1+0.01.
const LEAST_LAG_MS: u64 = 10;

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
///
/// The time to spread over the next `movestogo` moves is the clock plus the increments to come,
/// minus `Move Overhead` (at least `LEAST_LAG_MS`) for each of those moves and two more: the reserve
/// keeps the clock from draining when every move costs some lag outside the engine. Both limits stay
/// under a share of the clock and, without `movestogo`, under what the clock's floor affords
/// (`floor_cap`).
pub fn for_clock(clock: Clock, overhead_ms: u64) -> TimeLimits {
    let moves_to_go = clock.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, DEFAULT_MOVES_TO_GO);
    let reserve = overhead_ms.max(LEAST_LAG_MS).saturating_mul(moves_to_go + 2);
    let horizon = clock.time_ms.saturating_add(clock.increment_ms.saturating_mul(moves_to_go - 1));
    let spread = horizon.saturating_sub(reserve).max(1) / moves_to_go;
    let share_pct = if moves_to_go == 1 { LAST_MOVE_SHARE_PCT } else { MAX_SHARE_PCT };
    let share_cap = clock.time_ms.saturating_sub(overhead_ms) * share_pct / 100;
    // With `movestogo` the clock is refilled at the control: the spread alone paces it.
    let cap = if clock.moves_to_go.is_some() { share_cap } else { share_cap.min(floor_cap(clock)) }.max(1);
    let soft = spread.min(cap).max(1);
    let hard = soft.saturating_mul(HARD_OVER_SOFT).min(cap).max(1);
    TimeLimits { soft: Duration::from_millis(soft), hard: Duration::from_millis(hard) }
}

/// Most a move may spend so that the clock stays near its floor: below the floor the share of the
/// increment the clock has of the floor, above it the increment and half the excess (in sudden
/// death the floor is 0: half the clock, and the reserve in the spread paces the moves).
fn floor_cap(clock: Clock) -> u64 {
    let floor = clock.increment_ms.saturating_mul(FLOOR_INCREMENTS);
    if clock.time_ms < floor {
        clock.increment_ms * clock.time_ms / floor
    } else {
        clock.increment_ms + (clock.time_ms - floor) / 2
    }
}

/// Soft-limit factor by the number of iterations the best move has not changed.
const STABILITY_FACTOR: [f64; 6] = [1.8, 1.4, 1.15, 1.0, 0.9, 0.8];
/// A score drop of this many centipawns since the last iteration doubles the soft limit (capped).
const SCORE_DROP_FOR_DOUBLE: f64 = 100.0;
const SCORE_DROP_MAX_FACTOR: f64 = 1.6;
/// Soft-limit factor from the share of nodes under the best move: `BASE - share`, clamped.
const SHARE_BASE: f64 = 1.7;
const SHARE_FACTOR_MIN: f64 = 0.6;

/// What the iterations so far say about how much time this move deserves.
#[derive(Clone, Debug, Default)]
pub struct Effort {
    stable_iterations: usize,
    last_score: Option<i32>,
    score_drop: i32,
    best_move_share: f64,
}

impl Effort {
    /// Records one completed iteration: whether its best move is the previous one, its score, and the
    /// share of all nodes searched below its best move.
    pub fn update(&mut self, same_best_move: bool, score: i32, best_move_share: f64) {
        self.stable_iterations = if same_best_move { self.stable_iterations + 1 } else { 0 };
        self.score_drop = self.last_score.map_or(0, |last| last - score);
        self.last_score = Some(score);
        self.best_move_share = best_move_share;
    }

    /// The soft limit for the next decision, never beyond the hard limit.
    pub fn scale(&self, limits: TimeLimits) -> Duration {
        let stability = STABILITY_FACTOR[self.stable_iterations.min(STABILITY_FACTOR.len() - 1)];
        let drop = (1.0 + self.score_drop.max(0) as f64 / SCORE_DROP_FOR_DOUBLE).min(SCORE_DROP_MAX_FACTOR);
        let share = (SHARE_BASE - self.best_move_share).clamp(SHARE_FACTOR_MIN, 1.0 + SHARE_FACTOR_MIN);
        limits.soft.mul_f64(stability * drop * share).min(limits.hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_second_plus_ten_ms_stays_far_inside_the_clock() {
        let limits = for_clock(Clock { time_ms: 1000, increment_ms: 10, moves_to_go: None }, 10);
        assert_eq!(limits.soft, Duration::from_millis(24));
        assert_eq!(limits.hard, Duration::from_millis(96));
    }

    #[test]
    fn a_low_clock_spends_less_than_the_increment() {
        let limits = for_clock(Clock { time_ms: 100, increment_ms: 10, moves_to_go: None }, 10);
        assert!(limits.soft < Duration::from_millis(10), "{limits:?}");
    }

    /// The least clock over 300 moves when every move spends its whole hard limit plus the GUI's lag.
    fn least_clock(time_ms: u64, increment_ms: u64, overhead_ms: u64, lag_ms: u64) -> u64 {
        let (mut time_ms, mut least) = (time_ms, time_ms);
        for _ in 0..300 {
            let limits = for_clock(Clock { time_ms, increment_ms, moves_to_go: None }, overhead_ms);
            time_ms = time_ms.saturating_sub(limits.hard.as_millis() as u64 + lag_ms);
            least = least.min(time_ms);
            time_ms += increment_ms;
        }
        least
    }

    /// The worst case at 10+0.1 with 8 ms of lag a move (as seen through python-chess) keeps 0.8 s in
    /// hand; at 0.5+0.01 with `Move Overhead` 0 and 5 ms of lag (half the increment), 90 ms, as much
    /// as with the default `Move Overhead` (`LEAST_LAG_MS`).
    #[test]
    fn long_games_on_the_increment_keep_the_clock_near_its_floor() {
        let least = least_clock(10_000, 100, 10, 8);
        assert!(least > 800, "10+0.1: {least}");
        let least = least_clock(500, 10, 0, 5);
        assert!(least > 90, "0.5+0.01: {least}");
        assert_eq!(least, least_clock(500, 10, 10, 5));
    }

    #[test]
    fn almost_no_time_left_gives_tiny_limits() {
        let limits = for_clock(Clock { time_ms: 5, increment_ms: 0, moves_to_go: None }, 10);
        assert_eq!(limits.hard, Duration::from_millis(1));
    }

    #[test]
    fn effort_gives_more_time_to_unstable_and_falling_searches() {
        let limits = TimeLimits { soft: Duration::from_millis(100), hard: Duration::from_millis(400) };
        let mut calm = Effort::default();
        for _ in 0..8 {
            calm.update(true, 50, 0.95);
        }
        let mut troubled = Effort::default();
        troubled.update(false, 50, 0.3);
        troubled.update(false, -40, 0.3);
        assert!(calm.scale(limits) < limits.soft, "{:?}", calm.scale(limits));
        assert!(troubled.scale(limits) > 2 * limits.soft, "{:?}", troubled.scale(limits));
        assert!(troubled.scale(limits) <= limits.hard);
    }

    #[test]
    fn last_move_before_control_uses_most_time_but_not_all() {
        let limits = for_clock(Clock { time_ms: 10_000, increment_ms: 0, moves_to_go: Some(1) }, 10);
        assert_eq!(limits.hard, Duration::from_millis(7992));
    }
}
