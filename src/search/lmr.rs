//! Late move reductions: the table of base reductions, built once, and which moves may be reduced.

use super::params;

/// Depths and move counts from this on share the table's last row and column.
const TABLE_SIZE: usize = 64;

/// `base + ln(depth) · ln(moves) / divisor` plies, by depth and by the number of the move.
pub(super) struct Reductions([[i32; TABLE_SIZE]; TABLE_SIZE]);

impl Reductions {
    fn new() -> Reductions {
        let base = params::lmr_base() as f64 / 100.0;
        let divisor = params::lmr_divisor() as f64 / 100.0;
        let mut table = [[0; TABLE_SIZE]; TABLE_SIZE];
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (moves, cell) in row.iter_mut().enumerate().skip(1) {
                *cell = (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as i32;
            }
        }
        Reductions(table)
    }

    /// The base reduction of the `moves`-th move at `depth`.
    pub(super) fn get(&self, depth: i32, moves: usize) -> i32 {
        self.0[(depth.max(0) as usize).min(TABLE_SIZE - 1)][moves.min(TABLE_SIZE - 1)]
    }
}

/// The table a search uses: one for the whole program, its parameters being constants.
#[cfg(not(feature = "tune"))]
pub(super) type Table = &'static Reductions;

#[cfg(not(feature = "tune"))]
pub(super) fn table() -> Table {
    static TABLE: std::sync::LazyLock<Reductions> = std::sync::LazyLock::new(Reductions::new);
    &TABLE
}

/// The table a search uses: built for each search from the parameters as they are set now.
#[cfg(feature = "tune")]
pub(super) type Table = Box<Reductions>;

#[cfg(feature = "tune")]
pub(super) fn table() -> Table {
    Box::new(Reductions::new())
}

/// What late move reductions ask of a move.
#[derive(Clone, Copy)]
pub(super) struct MoveKind {
    /// Neither a capture nor a promotion.
    pub quiet: bool,
    /// Handed out after the good captures and promotions (a capture or promotion so marked loses
    /// material; for a quiet move it says nothing).
    pub losing: bool,
    pub gives_check: bool,
}

/// Whether late move reductions apply to the `searched`-th move searched at a node (from 1): a quiet
/// move or a losing capture after the first move (after the first two at the root). At the root a
/// capture, promotion or check may be the tactic the position turns on: never reduced there.
pub(super) fn reducible(root: bool, searched: usize, kind: MoveKind) -> bool {
    if root {
        searched > 2 && kind.quiet && !kind.gives_check
    } else {
        searched > 1 && (kind.quiet || kind.losing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUIET: MoveKind = MoveKind { quiet: true, losing: false, gives_check: false };
    const QUIET_CHECK: MoveKind = MoveKind { quiet: true, losing: false, gives_check: true };
    const GOOD_CAPTURE: MoveKind = MoveKind { quiet: false, losing: false, gives_check: false };
    const LOSING_CAPTURE: MoveKind = MoveKind { quiet: false, losing: true, gives_check: false };

    #[test]
    fn late_quiet_moves_and_losing_captures_are_reduced_below_the_root() {
        assert!(reducible(false, 2, QUIET));
        assert!(reducible(false, 2, QUIET_CHECK));
        assert!(reducible(false, 2, LOSING_CAPTURE));
        assert!(!reducible(false, 2, GOOD_CAPTURE));
        assert!(!reducible(false, 1, QUIET));
    }

    #[test]
    fn at_the_root_only_quiet_moves_without_check_are_reduced() {
        assert!(reducible(true, 3, QUIET));
        assert!(!reducible(true, 2, QUIET));
        assert!(!reducible(true, 3, QUIET_CHECK));
        assert!(!reducible(true, 3, LOSING_CAPTURE));
        assert!(!reducible(true, 3, GOOD_CAPTURE));
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let table = table();
        assert_eq!(table.get(1, 1), 0);
        assert_eq!(table.get(0, 30), 0);
        assert!(table.get(10, 30) > table.get(10, 3));
        assert!(table.get(20, 10) > table.get(4, 10));
        assert_eq!(table.get(200, 500), table.get(63, 63));
    }
}
